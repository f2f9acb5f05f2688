import { createHash } from 'node:crypto';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';

/**
 * A JSON answer serialised and compressed once, so that a hot read endpoint costs no
 * serialisation or compression per request.
 */
export interface CachedBody {
  json: Buffer;
  gzip: Buffer;
  brotli: Buffer;
  /** Strong validator derived from the bytes. */
  etag: string;
}

export function toCachedBody(value: unknown): CachedBody {
  const json = Buffer.from(JSON.stringify(value));
  return {
    json,
    gzip: gzipSync(json, { level: 9 }),
    brotli: brotliCompressSync(json, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }),
    etag: `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`,
  };
}
