// Bundles the sandbox's browser files with esbuild. Used by apps/server/build.mjs (minified,
// into dist/sandbox) and, when the server runs from source, by browser-assets.ts.
import path from 'node:path';
import { build } from 'esbuild';

/** @param {string} sourceDir @param {{ minify: boolean }} options */
export async function bundleBrowserAssets(sourceDir, { minify }) {
  const common = { bundle: true, write: false, minify, logLevel: 'silent', legalComments: 'none', charset: 'utf8' };
  const script = (entry) =>
    build({ ...common, entryPoints: [path.join(sourceDir, entry)], format: 'iife', target: ['es2020', 'chrome90', 'firefox90', 'safari14'] });
  const [builder, checkout, css] = await Promise.all([
    script('builder.ts'),
    script('checkout.ts'),
    build({ ...common, entryPoints: [path.join(sourceDir, 'checkout.css')], target: ['chrome90', 'firefox90', 'safari14'] }),
  ]);
  const contents = (result) => Buffer.from(result.outputFiles[0].contents);
  return { 'builder.js': contents(builder), 'checkout.js': contents(checkout), 'checkout.css': contents(css) };
}
