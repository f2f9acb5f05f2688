import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** The store's version, from the root package.json (one version for the whole store). */
export const STORE_VERSION: string = (() => {
  for (const relative of ['../../../package.json', '../../package.json']) {
    try {
      const pkg = JSON.parse(readFileSync(fileURLToPath(new URL(relative, import.meta.url)), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === 'songwish-store' && pkg.version) return pkg.version;
    } catch {
      // try the next location
    }
  }
  return '0.0.0';
})();
