import { z } from 'zod';

/** The part of Vite's build manifest (`dist/.vite/manifest.json`) the server reads. */
const manifestSchema = z.record(z.string(), z.object({ file: z.string(), isEntry: z.boolean().optional(), imports: z.array(z.string()).optional() }));
export type ViteManifest = z.infer<typeof manifestSchema>;

/** A manifest from disk, or undefined (with the reason) when it is missing or not Vite's shape. */
export function parseViteManifest(text: string | undefined): { manifest?: ViteManifest; problem?: string } {
  if (text === undefined) return { problem: 'the web build has no .vite/manifest.json' };
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    return parsed.success ? { manifest: parsed.data } : { problem: 'the web build manifest is not in the expected shape' };
  } catch {
    return { problem: 'the web build manifest is not JSON' };
  }
}

/** Every chunk key a chunk needs before it runs: itself and its static imports, transitively. */
function withImports(manifest: ViteManifest, key: string, into = new Set<string>()): Set<string> {
  if (into.has(key) || !manifest[key]) return into;
  into.add(key);
  for (const imported of manifest[key].imports ?? []) withImports(manifest, imported, into);
  return into;
}

/**
 * The files (site paths) to modulepreload with the HTML of a page rendered by `pageModule`:
 * its chunk and the chunks it imports, minus the entry's own, which index.html loads already.
 * Without them the browser would discover the page's code only after running the entry.
 */
export function pageModulePreloads(manifest: ViteManifest, pageModule: string): string[] {
  if (!manifest[pageModule]) return [];
  const entryKey = Object.keys(manifest).find((key) => manifest[key]?.isEntry);
  const loadedByEntry = entryKey ? withImports(manifest, entryKey) : new Set<string>();
  return [...withImports(manifest, pageModule)].filter((key) => !loadedByEntry.has(key)).map((key) => `/${manifest[key]!.file}`);
}
