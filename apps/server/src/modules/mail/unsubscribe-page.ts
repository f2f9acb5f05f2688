import { createHash } from 'node:crypto';
import { escapeHtml as e } from '#server/lib/escape-html.ts';

/** The unsubscribe pages: no script, one inline style allowed by its hash, a form that posts to this store only. */
const STYLE = `:root{color-scheme:dark;--fg:#fff;--muted:#ccc;--card:#1a161a;--border:#575757;--bg:#000;--button:#fff;--button-fg:#000}
@media (prefers-color-scheme:light){:root{color-scheme:light;--fg:#000;--muted:#575757;--card:#F7FAFC;--border:#575757;--bg:#fff;--button:#000;--button-fg:#fff}}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.5 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif}
main{max-width:480px;margin:48px auto;padding:24px;background:var(--card);border:1px solid var(--border);border-radius:12px}
h1{font-size:1.4rem;margin:0 0 12px}p{color:var(--muted);margin:0 0 16px}a{color:var(--fg);font-weight:600}
button{font:inherit;font-weight:600;padding:10px 16px;border:0;border-radius:8px;background:var(--button);color:var(--button-fg);cursor:pointer}
button:focus-visible{outline:3px solid #7aa7ff;outline-offset:2px}
@media (max-width:520px){main{margin:16px;padding:20px}}`;

export const UNSUBSCRIBE_PAGE_CSP = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'`;

interface PageInput {
  storeName: string;
  storeUrl: string;
}

function page(input: PageInput, title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)} — ${e(input.storeName)}</title><style>${STYLE}</style></head>
<body><main><h1>${e(title)}</h1>${body}<p><a href="${e(input.storeUrl)}/">Back to ${e(input.storeName)}</a></p></main></body></html>`;
}

/** The link's page: asks before turning anything off, because mail scanners open every link in a message. */
export function confirmUnsubscribePage(input: PageInput & { email: string; token: string }) {
  return page(
    input,
    'Stop release emails?',
    `<p>${e(input.email)} will no longer get an email when a product it owns has a new version. Order and account emails still arrive.</p>
<form method="post" action="/api/mail/unsubscribe"><input type="hidden" name="token" value="${e(input.token)}"><button type="submit">Stop release emails</button></form>`,
  );
}

export function unsubscribedPage(input: PageInput & { email: string }) {
  return page(
    input,
    'Release emails stopped',
    `<p>${e(input.email)} will no longer get release emails. To get them again, tick “Email me when a product I own has a new version” on the Profile tab of <a href="${e(input.storeUrl)}/account?tab=profile">your account</a>.</p>`,
  );
}

export function brokenLinkPage(input: PageInput) {
  return page(
    input,
    'This unsubscribe link is broken',
    `<p>The link is incomplete or was changed, so it cannot tell which address to unsubscribe. Copy the whole link from the email, or sign in to <a href="${e(input.storeUrl)}/account?tab=profile">your account</a> and untick “Email me when a product I own has a new version” on the Profile tab.</p>`,
  );
}
