/**
 * Turns a cover SVG into a WebP, once, at seed time. Browsers rasterise an SVG `<img>`
 * with text on the main thread, which Lighthouse counts as blocking time on every list
 * page; a WebP is decoded off the main thread and is a few KB.
 *
 * Both steps are WebAssembly (resvg for SVG → pixels, libwebp from jSquash for pixels →
 * WebP), so `npm ci` installs the same files on every platform. The text is set in DejaVu
 * Sans, shipped by an npm package: the cover layout measures its lines with DejaVu Sans
 * Bold widths, so the rendered text fits exactly as laid out, on any machine.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import webpEncoderFactory from '@jsquash/webp/codec/enc/webp_enc_simd.js';
import { defaultOptions as webpDefaults } from '@jsquash/webp/meta.js';
import { initWasm, Resvg } from '@resvg/resvg-wasm';

const require = createRequire(import.meta.url);

/**
 * Lossy WebP at this quality keeps the title crisp (checked by eye at 1:1) at ~6, 9 and
 * 12 KB for a 400, 600 and 800 px cover.
 */
const WEBP_QUALITY = 75;

interface Rasteriser {
  fonts: Uint8Array[];
  encodeWebp: (rgba: Uint8Array, width: number, height: number) => Uint8Array;
}

let rasteriser: Promise<Rasteriser> | undefined;

/** Loads both WebAssembly modules and the fonts on first use; later calls reuse them. */
function loadRasteriser(): Promise<Rasteriser> {
  rasteriser ??= (async () => {
    const [resvgWasm, webpWasm, ...fonts] = await Promise.all(
      [
        '@resvg/resvg-wasm/index_bg.wasm',
        '@jsquash/webp/codec/enc/webp_enc_simd.wasm',
        'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
        'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
      ].map((file) => readFile(require.resolve(file))),
    );
    await initWasm(resvgWasm!);
    // The codec's own loader fetches the .wasm by URL, which Node cannot do for files: hand it the bytes.
    const webp = await webpEncoderFactory({ noInitialRun: true, wasmBinary: webpWasm! });
    return {
      fonts: fonts.map((font) => new Uint8Array(font)),
      encodeWebp: (rgba, width, height) => {
        const encoded = webp.encode(rgba, width, height, { ...webpDefaults, quality: WEBP_QUALITY });
        if (!encoded) throw new Error('WebP encoding failed');
        // The codec's result is a view of its memory; keep a copy of our own.
        return encoded.slice();
      },
    };
  })();
  return rasteriser;
}

/** Renders an SVG document to a `width`-pixel-wide WebP (height follows the aspect ratio). */
export async function rasteriseSvgToWebp(svg: string | Uint8Array, width: number): Promise<{ webp: Uint8Array; width: number; height: number }> {
  const { fonts, encodeWebp } = await loadRasteriser();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: width },
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  const image = resvg.render();
  try {
    return { webp: encodeWebp(image.pixels, image.width, image.height), width: image.width, height: image.height };
  } finally {
    image.free();
    resvg.free();
  }
}
