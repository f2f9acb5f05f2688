import { escapeHtml as e } from '#server/lib/escape-html.ts';
import type { RenderedEmail } from './order-confirmation';

/** The email that confirms a refund: which lines were refunded and what it means for keys and downloads. */
export interface RefundConfirmationInput {
  storeName: string;
  storeUrl: string;
  supportEmail: string;
  reference: string;
  customerName: string | null;
  /** The refunded amount as text, when the provider said it. */
  amount: string | null;
  /** True when lines of the order remain bought after this refund. */
  partial: boolean;
  items: Array<{ display: string; quantity: number }>;
}

export function renderRefundConfirmation(input: RefundConfirmationInput): RenderedEmail {
  const subject = `Your ${input.storeName} refund for order ${input.reference}`;
  const greeting = input.customerName ? `Hi ${input.customerName},` : 'Hi,';
  const intro = input.partial ? `We refunded part of your order ${input.reference}.` : `We refunded your order ${input.reference}.`;
  const consequence =
    'The licence keys of the refunded products no longer activate, and their download links no longer work.' +
    (input.partial ? ' Everything else in the order stays yours.' : '');
  const amount = input.amount ? `Amount refunded: ${input.amount}` : null;
  const lines = (item: { display: string; quantity: number }) => `${item.display}${item.quantity > 1 ? ` × ${item.quantity}` : ''}`;
  const text = [
    greeting,
    '',
    intro,
    ...(amount ? [amount] : []),
    '',
    'Refunded:',
    ...input.items.map((item) => `  ${lines(item)}`),
    '',
    consequence,
    `The money goes back to the card or account you paid with; your bank may take a few days to show it.`,
    '',
    `Questions? Write to ${input.supportEmail}.`,
    '',
    `The ${input.storeName} team`,
  ].join('\n');
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${e(subject)}</title></head>
<body style="margin:0;padding:24px;background:#ffffff;color:#000000;font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;line-height:1.5">
<div style="max-width:560px;margin:0 auto">
<h1 style="font-size:22px;margin:0 0 16px">${input.partial ? 'Part of your order was refunded' : 'Your order was refunded'}</h1>
<p>${e(greeting)}</p>
<p>${e(intro)}${amount ? `<br>${e(amount)}` : ''}</p>
<ul style="margin:8px 0 16px;padding-left:20px">${input.items.map((item) => `<li>${e(lines(item))}</li>`).join('')}</ul>
<p>${e(consequence)}</p>
<p style="color:#575757;font-size:14px">The money goes back to the card or account you paid with; your bank may take a few days to show it. Your orders are at <a href="${e(`${input.storeUrl}/account`)}">${e(`${input.storeUrl}/account`)}</a>.</p>
<p style="font-size:14px">Questions? Write to <a href="mailto:${e(input.supportEmail)}">${e(input.supportEmail)}</a>.</p>
<p>The ${e(input.storeName)} team</p>
</div></body></html>`;
  return { subject, text, html };
}
