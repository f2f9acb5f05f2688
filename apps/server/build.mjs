// Bundles the server (and the workspace packages it imports, which ship as TypeScript)
// into dist/main.js (and dist/backup.js, dist/restore.js, dist/licensing-public-key.js, dist/licences-import.js); npm dependencies stay external and load from node_modules.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { bundleBrowserAssets } from './src/modules/payments/sandbox/browser/bundle.mjs';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies).filter((name) => !name.startsWith('@store/'));

/** `import text from './page.md?raw'` (Vite's raw import, used by @store/content): the file's text, bundled. */
const rawTextImports = {
  name: 'raw-text-imports',
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    builder.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
  },
};

await build({
  // The store, and the backup, restore, licensing:public-key and licence import commands (`npm run backup` / `restore` / `licensing:public-key` / `licences:import`).
  entryPoints: {
    main: 'src/main.ts',
    backup: 'src/operations/backup-cli.ts',
    restore: 'src/operations/restore-cli.ts',
    'licensing-public-key': 'src/operations/licensing-public-key-cli.ts',
    'licences-import': 'src/modules/licensing/legacy-import-cli.ts',
  },
  outdir: 'dist',
  absWorkingDir: new URL('.', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  sourcemap: true,
  external,
  logLevel: 'warning',
  plugins: [rawTextImports],
  banner: {
    // Some dependencies still call require(); give the ESM bundle one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// An empty PGlite database with every migration applied, loaded by a first start instead of initdb (src/db/client.ts).
await writePgliteTemplate(new URL('./dist/pglite-template.tar.gz', import.meta.url));

// The sandbox payment provider's browser files, beside the bundle (see browser-assets.ts).
const sandboxDir = new URL('./dist/sandbox/', import.meta.url);
mkdirSync(sandboxDir, { recursive: true });
const assets = await bundleBrowserAssets(new URL('./src/modules/payments/sandbox/browser', import.meta.url).pathname, { minify: true });
for (const [name, contents] of Object.entries(assets)) writeFileSync(new URL(name, sandboxDir), contents);

async function writePgliteTemplate(target) {
  const database = await PGlite.create();
  try {
    await migrate(drizzle(database), { migrationsFolder: new URL('./drizzle', import.meta.url).pathname });
    const tarball = await database.dumpDataDir('gzip');
    writeFileSync(target, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
}
