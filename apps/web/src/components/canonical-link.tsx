import { storeConfig } from '#web/lib/store-config.ts';

/** The page's canonical address: the store's public URL and the path, never the query (filters and sort are not pages). */
export function canonicalUrl(path: string, publicUrl = storeConfig.publicUrl): string {
  const pathname = path.split(/[?#]/)[0] || '/';
  return `${publicUrl}${pathname.startsWith('/') ? '' : '/'}${pathname}`;
}

/**
 * `<link rel="canonical">` for the page rendering it; React hoists it into the head and takes
 * it away with the page, so one page never leaves two behind.
 */
export function CanonicalLink({ path }: { path: string }) {
  return <link rel="canonical" href={canonicalUrl(path)} />;
}
