// `node dist/render-covers.js MEDIA_DIR PATH…`: renders the WebPs of these seed covers, for the
// store (renderCoversApart): in a process of its own, which takes the rasteriser's WebAssembly,
// its memory and the rendering's garbage with it when it exits, instead of the store keeping them.
// Started by the store with a channel that closes when the store dies, even by SIGKILL: then stop,
// rather than go on writing into the data folder of a store that is gone (or being deleted). It
// may have closed while this process was loading: `process.channel` is then gone already, but
// `process.send` (there only with a channel) stays.
if (process.send) {
  if (!process.connected) process.exit(1);
  process.once('disconnect', () => process.exit(1));
  process.channel?.unref();
}
// Loaded after that watch is set: loading the rasteriser takes a while.
const { ensureCoverRasters } = await import('./cover-files');

export {}; // a module, so it may await at its top level

const [mediaDir, ...productPaths] = process.argv.slice(2);
if (!mediaDir) throw new Error('usage: render-covers.js MEDIA_DIR PRODUCT_PATH…');
for (const productPath of productPaths) await ensureCoverRasters(mediaDir, productPath);
