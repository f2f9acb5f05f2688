/**
 * JSON for a `<script type="application/ld+json">` data block. `<` is written as `\u003c` (the
 * same string to a JSON reader), so no value, such as a product named `</script>…`, can close
 * the element early or open a comment; U+2028/U+2029 are escaped for older parsers.
 */
export function jsonForScript(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/**
 * Structured data (schema.org JSON-LD) for search engines. A data block is never executed,
 * so the Content-Security-Policy's script hashes do not apply to it.
 */
export function StructuredData({ data }: { data: unknown }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: jsonForScript(data) }} />;
}
