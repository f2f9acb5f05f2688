/**
 * The link rule of the content pages (docs/behaviour/content-pages.md#markdown-links): Markdown link URLs are allowed only
 * with the schemes http, https, irc, ircs, mailto and xmpp, plus URLs relative to the store
 * (`/path`, `#anchor`, `?query`). Everything else (javascript:, data:, vbscript:, file:, any
 * unknown scheme, and path-relative URLs such as `foo` or `../foo`, whose target depends on the
 * page they appear on) is refused, and the renderer shows the link text without a link.
 *
 * The URL is first read the way a browser's URL parser reads it, so a disguised URL cannot slip
 * past the check:
 * - leading and trailing spaces and C0 control characters are dropped, and tabs and line
 *   breaks anywhere are removed (`" java\tscript:"` is `javascript:`);
 * - any other control character left in the URL refuses it;
 * - the scheme is compared case-insensitively (`JaVaScRiPt:`);
 * - a leading `\` counts as `/`, as it does in http(s) URLs.
 *
 * Protocol-relative URLs (`//host/path`, also written `/\host` or `\\host`) point to another
 * site, not to a page of the store. They are accepted as external links and rewritten to
 * `https://host/path`, so they are shown and opened like any other external https link instead
 * of being mistaken for an internal path.
 *
 * HTML character references are not decoded here: the Markdown parser has already decoded them
 * (`&#106;avascript:` arrives as `javascript:`), and React sets `href` as an attribute value,
 * which the browser does not decode again. An undecoded `javascript&#58;…` has no scheme and
 * does not start with `/`, `#` or `?`, so it is refused as a path-relative URL.
 *
 * Returns the URL to put in `href` (the cleaned form, which is what was checked), or `null`.
 */
export function safeMarkdownUrl(url: string): string | null {
  // eslint-disable-next-line no-control-regex -- the point is to find control characters.
  const cleaned = url.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+|[\u0000-\u0020]+$/g, '');
  // eslint-disable-next-line no-control-regex -- the point is to find control characters.
  if (cleaned === '' || /[\u0000-\u001f\u007f]/.test(cleaned)) return null;

  const protocolRelative = /^[/\\]{2,}/.exec(cleaned);
  if (protocolRelative) {
    const rest = cleaned.slice(protocolRelative[0].length);
    return rest === '' ? null : `https://${rest}`;
  }
  // `\path` is `/path` to a browser but never written so on purpose: refuse it rather than guess.
  if (cleaned.startsWith('\\')) return null;
  if (cleaned.startsWith('/') || cleaned.startsWith('#') || cleaned.startsWith('?')) return cleaned;

  const scheme = /^([a-zA-Z][a-zA-Z0-9+.-]*):/.exec(cleaned)?.[1]?.toLowerCase();
  if (scheme !== undefined && ALLOWED_SCHEMES.has(scheme)) return cleaned;
  return null;
}

const ALLOWED_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'irc', 'ircs', 'mailto', 'xmpp']);

/**
 * A page of the store (`/path`, or `?query` on this page), shown with the router's `<Link>`
 * (after `safeMarkdownUrl`). `#anchor` links stay plain links: the browser scrolls to them.
 */
export function isInternalPath(safeUrl: string): boolean {
  return (safeUrl.startsWith('/') && !safeUrl.startsWith('//')) || safeUrl.startsWith('?');
}

/** A web page of another site, opened in a new tab (after `safeMarkdownUrl`). */
export function isExternalWebUrl(safeUrl: string): boolean {
  return /^https?:/i.test(safeUrl);
}
