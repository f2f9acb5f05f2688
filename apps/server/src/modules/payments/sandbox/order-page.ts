import { createHash } from 'node:crypto';
import { SANDBOX_ORDER_PAGE_PREFIX } from '@store/contracts';
import { escapeHtml as e } from '#server/lib/escape-html.ts';
import type { SandboxOrderView } from './sandbox-refunds';

/**
 * The sandbox's page of one paid order, standing in for the order page of FastSpring's app:
 * it refunds a line or the whole order, which sends the store a `return.created` webhook.
 * Plain HTML forms, no script; its one inline style is allowed by its hash.
 */
const STYLE = `:root{color-scheme:light;--fg:#000;--muted:#575757;--card:#F7FAFC;--border:#575757;--bg:#fff;--accent:#8a2be2;--on-accent:#fff}
@media (prefers-color-scheme:dark){:root{color-scheme:dark;--fg:#fff;--muted:#ccc;--card:#1a161a;--border:#575757;--bg:#000;--accent:#c9a0ff;--on-accent:#000}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:560px;margin:48px auto;padding:24px;background:var(--card);border:1px solid var(--border);border-radius:12px}
h1{font-size:1.4rem;margin:0 0 8px}p{margin:0 0 16px}.muted{color:var(--muted)}
.banner{display:inline-block;margin:0 0 16px;padding:2px 10px;border:1px solid var(--border);border-radius:999px;font-size:.85rem;font-weight:600}
ul{list-style:none;margin:0 0 16px;padding:0}li{display:flex;flex-wrap:wrap;gap:8px 16px;align-items:center;justify-content:space-between;padding:12px 0;border-top:1px solid var(--border)}
button{min-height:44px;padding:0 16px;border-radius:8px;border:1px solid var(--border);background:transparent;color:var(--fg);font:inherit;font-weight:600;cursor:pointer}
button.primary{background:var(--accent);border-color:var(--accent);color:var(--on-accent)}
button:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.notice{padding:12px;border:1px solid var(--border);border-radius:8px}
@media (max-width:600px){main{margin:16px;padding:20px}}`;

export const ORDER_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;

export function renderOrderPage(order: SandboxOrderView, options: { storeName: string; notice?: string }): string {
  const action = `${SANDBOX_ORDER_PAGE_PREFIX}/${encodeURIComponent(order.id)}/refund`;
  const open = order.lines.filter((line) => line.returned < line.quantity);
  const lines = order.lines
    .map((line) => {
      const left = line.quantity - line.returned;
      const state = left === 0 ? 'Refunded' : line.returned > 0 ? `${line.returned} of ${line.quantity} refunded` : 'Paid';
      const button = left > 0 ? `<button type="submit" name="product" value="${e(line.product)}">Refund ${e(line.display)}</button>` : '';
      return `<li><span><strong>${e(line.display)}</strong>${line.quantity > 1 ? ` × ${line.quantity}` : ''}<br><span class="muted">${e(state)}</span></span>${button}</li>`;
    })
    .join('');
  const whole =
    open.length > 0
      ? `<p><button type="submit" class="primary">Refund ${open.length === order.lines.length ? 'the whole order' : 'everything left'}</button></p>`
      : '<p class="muted">Everything in this order is refunded.</p>';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Order ${e(order.reference)} — ${e(options.storeName)} sandbox</title><style>${STYLE}</style></head>
<body><main><p class="banner">Sandbox — no real payment</p><h1>Order ${e(order.reference)}</h1><p class="muted">Total ${e(order.totalDisplay)}. Refunding here sends the store the same <code>return.created</code> webhook as FastSpring.</p>
${options.notice ? `<p class="notice" role="status">${e(options.notice)}</p>` : ''}
<form method="post" action="${e(action)}"><ul aria-label="Products">${lines}</ul>${whole}</form></main></body></html>`;
}

export function renderMissingOrderPage(storeName: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>Order not found — ${e(storeName)} sandbox</title><style>${STYLE}</style></head>
<body><main><p class="banner">Sandbox — no real payment</p><h1>Order not found</h1><p>No sandbox order has this address.</p></main></body></html>`;
}
