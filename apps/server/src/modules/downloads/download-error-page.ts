import { createHash } from 'node:crypto';
import { escapeHtml as e } from '#server/lib/escape-html.ts';

/**
 * The page a person sees when a download link cannot be used (the route answers API clients
 * with JSON instead). It runs no script; its one inline style is allowed by its hash.
 */
const STYLE = `:root{color-scheme:dark;--fg:#fff;--muted:#ccc;--card:#1a161a;--border:#575757;--bg:#000}
@media (prefers-color-scheme:light){:root{color-scheme:light;--fg:#000;--muted:#575757;--card:#F7FAFC;--border:#575757;--bg:#fff}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:480px;margin:48px auto;padding:24px;background:var(--card);border:1px solid var(--border);border-radius:12px}
h1{font-size:1.4rem;margin:0 0 12px}p{color:var(--muted);margin:0 0 16px}a{color:var(--fg);font-weight:600}
@media (max-width:520px){main{margin:16px;padding:20px}}`;

export const DOWNLOAD_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'`;

/** `signInHint`: whether signing in can help (it cannot once the purchase was refunded). */
export function downloadErrorPage(input: { storeName: string; storeUrl: string; title: string; message: string; signInHint?: boolean }) {
  const account = `${input.storeUrl}/account`;
  const hint =
    input.signInHint === false
      ? ''
      : `<p><a href="${e(account)}">Sign in at ${e(account.replace(/^https?:\/\//, ''))}</a> with the email address you bought with: your account always has fresh download links.</p>`;
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(input.title)} — ${e(input.storeName)}</title><style>${STYLE}</style></head>
<body><main><h1>${e(input.title)}</h1><p>${e(input.message)}</p>${hint}<p><a href="${e(input.storeUrl)}/">Back to ${e(input.storeName)}</a></p></main></body></html>`;
}
