/** A path on this site such as '/media/x.mp4' (not '//host' or '/\\host', which leave it). */
function isSitePath(value: string): boolean {
  return value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/**
 * Media must come from our own origin or the store API (no third-party hosts): relative
 * paths, or absolute URLs whose origin is the page's or the API's.
 */
export function isSelfHostedUrl(src: string, allowedOrigins: readonly string[]): boolean {
  const value = src.trim();
  if (value === '') return false;
  if (isSitePath(value)) return true;
  // Browsers read "/\\host" and "\\\\host" like "//host": another site.
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || value.startsWith('//') || value.startsWith('/\\') || value.startsWith('\\')) {
    try {
      const url = new URL(value);
      return (url.protocol === 'https:' || url.protocol === 'http:') && allowedOrigins.includes(url.origin);
    } catch {
      return false;
    }
  }
  // A bare relative path ('media/x.png') resolves on our own origin.
  return true;
}
