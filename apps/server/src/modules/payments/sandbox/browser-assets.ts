import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import type { bundleBrowserAssets as BundleBrowserAssets } from './browser/bundle.mjs';

/**
 * The sandbox's browser files: the Store Builder script, and the checkout page's script
 * and styles. Written in TypeScript/CSS in `./browser`; `apps/server/build.mjs` bundles them
 * into `dist/sandbox/` beside the server bundle. Running from source (tests, development),
 * they are bundled once per process with esbuild, a development dependency.
 */
export const BROWSER_ASSET_NAMES = ['builder.js', 'checkout.js', 'checkout.css'] as const;
export type BrowserAssetName = (typeof BROWSER_ASSET_NAMES)[number];

export interface BrowserAsset {
  body: Buffer;
  gzip: Buffer;
  /** Strong validator, and the version in the checkout page's asset URLs. */
  etag: string;
  version: string;
  contentType: string;
}

export type BrowserAssets = Record<BrowserAssetName, BrowserAsset>;

const SOURCES: Record<BrowserAssetName, string> = {
  'builder.js': 'builder.ts',
  'checkout.js': 'checkout.ts',
  'checkout.css': 'checkout.css',
};

const here = path.dirname(fileURLToPath(import.meta.url));
/** In the bundle (`dist/main.js`), the built files are in `dist/sandbox`. */
const BUILT_DIR = path.join(here, 'sandbox');
const SOURCE_DIR = path.join(here, 'browser');

let loading: Promise<BrowserAssets> | undefined;

export function loadBrowserAssets(): Promise<BrowserAssets> {
  loading ??= load();
  loading.catch(() => {
    loading = undefined;
  });
  return loading;
}

async function load(): Promise<BrowserAssets> {
  const contents = existsSync(path.join(BUILT_DIR, 'builder.js')) ? await readBuilt() : await buildFromSource();
  const assets = {} as BrowserAssets;
  for (const name of BROWSER_ASSET_NAMES) assets[name] = toAsset(name, contents[name]);
  return assets;
}

async function readBuilt(): Promise<Record<BrowserAssetName, Buffer>> {
  const entries = await Promise.all(BROWSER_ASSET_NAMES.map(async (name) => [name, await readFile(path.join(BUILT_DIR, name))] as const));
  return Object.fromEntries(entries) as Record<BrowserAssetName, Buffer>;
}

async function buildFromSource(): Promise<Record<BrowserAssetName, Buffer>> {
  if (!existsSync(path.join(SOURCE_DIR, SOURCES['builder.js']))) {
    throw new Error(`The sandbox payment scripts are missing: neither ${BUILT_DIR} nor ${SOURCE_DIR} has them. Run npm run build.`);
  }
  // A computed specifier: the server bundle must not pull esbuild (a development tool) in.
  const bundler = pathToFileURL(path.join(SOURCE_DIR, 'bundle.mjs')).href;
  const { bundleBrowserAssets } = (await import(bundler)) as { bundleBrowserAssets: typeof BundleBrowserAssets };
  return bundleBrowserAssets(SOURCE_DIR, { minify: false });
}

function toAsset(name: BrowserAssetName, body: Buffer): BrowserAsset {
  const version = createHash('sha256').update(body).digest('base64url').slice(0, 16);
  return {
    body,
    gzip: gzipSync(body, { level: 9 }),
    etag: `"${version}"`,
    version,
    contentType: name.endsWith('.css') ? 'text/css; charset=utf-8' : 'text/javascript; charset=utf-8',
  };
}
