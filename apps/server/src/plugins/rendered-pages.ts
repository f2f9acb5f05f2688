import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** A rendered page's HTML and its compressed forms, built once and sent to every visitor. */
export interface PageBody {
  html: Buffer;
  gzip: Buffer;
  brotli: Buffer;
}

/** Compresses off the event loop (zlib's thread pool), so other requests go on meanwhile. */
export async function toPageBody(html: string): Promise<PageBody> {
  const bytes = Buffer.from(html);
  const [brotli, gzipped] = await Promise.all([
    brotliAsync(bytes, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 9, [zlibConstants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }),
    gzipAsync(bytes, { level: 9 }),
  ]);
  return { html: bytes, gzip: gzipped, brotli };
}

export interface RenderedPageCacheOptions {
  /** Pages kept at most; the least recently served goes first. */
  maxEntries?: number;
  /** A page is rendered again after this long even when its answers did not change (the footer's year). */
  maxAgeMs?: number;
  now?: () => number;
}

interface Entry {
  version: string;
  body: Promise<PageBody>;
  expiresAt: number;
}

/**
 * Rendered pages by URL, each valid for one version of the answers it was rendered from (their
 * ETags). A catalogue write, in this process or another on the same database, changes those
 * answers, so the next visitor gets the page rendered anew; nothing has to be told to forget.
 * Visitors asking for a page while it renders share that one rendering.
 */
export function createRenderedPageCache(options: RenderedPageCacheOptions = {}) {
  const maxEntries = options.maxEntries ?? 200;
  const maxAgeMs = options.maxAgeMs ?? 10 * 60_000;
  const now = options.now ?? Date.now;
  const entries = new Map<string, Entry>();

  return {
    /** The page for `url` at `version`, rendered by `render` only when no current one is kept. */
    get(url: string, version: string, render: () => Promise<PageBody>): Promise<PageBody> {
      const kept = entries.get(url);
      entries.delete(url);
      if (kept && kept.version === version && kept.expiresAt > now()) {
        entries.set(url, kept); // most recently served last
        return kept.body;
      }
      const entry: Entry = { version, body: render(), expiresAt: now() + maxAgeMs };
      entries.set(url, entry);
      // A failed rendering is not kept: the next visitor tries again.
      entry.body.catch(() => entries.get(url) === entry && entries.delete(url));
      for (const oldest of entries.keys()) {
        if (entries.size <= maxEntries) break;
        entries.delete(oldest);
      }
      return entry.body;
    },
    get size() {
      return entries.size;
    },
  };
}

export type RenderedPageCache = ReturnType<typeof createRenderedPageCache>;
