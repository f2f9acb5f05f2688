// `node dist/render-covers.js MEDIA_DIR PATH…`: renders the WebPs of these seed covers, for the
// store (renderCoversApart): in a process of its own, which takes the rasteriser's WebAssembly,
// its memory and the rendering's garbage with it when it exits, instead of the store keeping them.
import { ensureCoverRasters } from './cover-files';

const [mediaDir, ...productPaths] = process.argv.slice(2);
if (!mediaDir) throw new Error('usage: render-covers.js MEDIA_DIR PRODUCT_PATH…');
for (const productPath of productPaths) await ensureCoverRasters(mediaDir, productPath);
