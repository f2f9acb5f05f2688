// Bundles the server (and the workspace packages it imports, which ship as TypeScript)
// into dist/main.js (and dist/backup.js, dist/restore.js, dist/licensing-public-key.js, dist/licences-import.js, and
// dist/seed-files.js, run here to write dist/seed-files), with the npm dependencies it can hold (UNBUNDLED below load from node_modules).
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { build } from 'esbuild';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { bundleBrowserAssets } from './src/modules/payments/sandbox/browser/bundle.mjs';

// npm dependencies are bundled too (a restart loaded ~900 files from node_modules, ~20 % of its
// time), except packages that find their own files beside them (WebAssembly, fonts, their
// package.json through __dirname), or that load only when configured (S3, Redis, and pg: only
// with DATABASE_URL, and the checkout bench's preload counts the statements of node_modules' pg).
// ADR 0042.
const UNBUNDLED = [
  '@electric-sql/pglite',
  '@resvg/resvg-wasm',
  '@jsquash/webp',
  'dejavu-fonts-ttf',
  'ioredis',
  '@aws-sdk/client-s3',
  '@aws-sdk/s3-request-presigner',
  '@tus/s3-store',
  'pg',
];
// Required by Fastify only when an app brings no schema compilers of its own; the store brings
// zod's (plugins/errors.ts), so they are never loaded, and bundled they were a megabyte of code
// every start had to parse.
const LOADED_ONLY_WITHOUT_OUR_COMPILERS = ['@fastify/ajv-compiler', '@fastify/fast-json-stringify-compiler'];
const external = [...UNBUNDLED, ...LOADED_ONLY_WITHOUT_OUR_COMPILERS];

/** `import text from './page.md?raw'` (Vite's raw import, used by @store/content): the file's text, bundled. */
const rawTextImports = {
  name: 'raw-text-imports',
  setup(builder) {
    builder.onResolve({ filter: /\?raw$/ }, (args) => ({ path: path.resolve(args.resolveDir, args.path.slice(0, -'?raw'.length)), namespace: 'raw-text' }));
    builder.onLoad({ filter: /.*/, namespace: 'raw-text' }, async (args) => ({ contents: await readFile(args.path, 'utf8'), loader: 'text' }));
  },
};

/**
 * zod's error messages in English only (its default, and the store's language): zod re-exports
 * its forty-odd other locales as a namespace, which kept them all in the bundle, 0.37 MB that
 * every start had to parse.
 */
const englishOnlyZod = {
  name: 'english-only-zod',
  setup(builder) {
    builder.onResolve({ filter: /\/locales\/index\.js$/ }, (args) => {
      if (!args.resolveDir.includes(`${path.sep}node_modules${path.sep}zod${path.sep}`)) return undefined;
      return { path: path.resolve(args.resolveDir, path.dirname(args.path)), namespace: 'english-only-zod' };
    });
    builder.onLoad({ filter: /.*/, namespace: 'english-only-zod' }, (args) => ({
      contents: "export { default as en } from './en.js';",
      resolveDir: args.path,
      loader: 'js',
    }));
  },
};

// Chunk names carry a content hash: the previous build's scripts would otherwise pile up in dist.
const distDir = new URL('./dist/', import.meta.url);
if (existsSync(distDir)) for (const name of readdirSync(distDir).filter((file) => /\.js(\.map)?$/.test(file))) rmSync(new URL(name, distDir));

await build({
  // The store, and the backup, restore, licensing:public-key and licence import commands (`npm run backup` / `restore` / `licensing:public-key` / `licences:import`).
  entryPoints: {
    main: 'src/launch.ts',
    backup: 'src/operations/backup-cli.ts',
    restore: 'src/operations/restore-cli.ts',
    'licensing-public-key': 'src/operations/licensing-public-key-cli.ts',
    'licences-import': 'src/modules/licensing/legacy-import-cli.ts',
    'seed-files': 'src/modules/catalog/seed/seed-files-cli.ts',
    'render-covers': 'src/modules/catalog/seed/render-covers-cli.ts',
  },
  outdir: 'dist',
  absWorkingDir: new URL('.', import.meta.url).pathname,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'esm',
  // Code reached only through `import()` (the S3 SDK with a bucket, the seed's generators) goes
  // into chunks of its own, loaded when first needed: without splitting, esbuild hoists every
  // dynamically imported module's package imports to the top of main.js and every start loads them.
  splitting: true,
  sourcemap: true,
  external,
  logLevel: 'warning',
  plugins: [rawTextImports, englishOnlyZod],
  banner: {
    // Some dependencies still call require(); give the ESM bundle one.
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
});

// The shipped catalogue's downloadable files, copied by a first start instead of generated (seed-catalog.ts).
await import('./dist/seed-files.js');

// An empty PGlite database with every migration applied, loaded by a first start instead of initdb (src/db/client.ts).
await writePgliteTemplate(new URL('./dist/pglite-template.tar.gz', import.meta.url));

// The sandbox payment provider's browser files, beside the bundle (see browser-assets.ts).
const sandboxDir = new URL('./dist/sandbox/', import.meta.url);
mkdirSync(sandboxDir, { recursive: true });
const assets = await bundleBrowserAssets(new URL('./src/modules/payments/sandbox/browser', import.meta.url).pathname, { minify: true });
for (const [name, contents] of Object.entries(assets)) writeFileSync(new URL(name, sandboxDir), contents);

async function writePgliteTemplate(target) {
  // The store's database inside PGlite's folder (src/db/pglite-options.ts: PGLITE_DATABASE).
  const database = await PGlite.create({ database: 'template1' });
  try {
    await migrate(drizzle(database), { migrationsFolder: new URL('./drizzle', import.meta.url).pathname });
    const tarball = await database.dumpDataDir('gzip');
    writeFileSync(target, Buffer.from(await tarball.arrayBuffer()));
  } finally {
    await database.close();
  }
}
