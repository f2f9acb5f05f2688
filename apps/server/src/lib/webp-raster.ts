/**
 * WebP renditions at several widths, shared by the catalogue's covers and uploaded product
 * images (modules/uploads). Covers: an SVG turned into WebPs, once, at seed time. Browsers rasterise an SVG `<img>` with
 * text on the main thread, which Lighthouse counts as blocking time on every list page; a
 * WebP is decoded off the main thread and is a few KB.
 *
 * Both steps are WebAssembly (resvg for SVG → pixels, libwebp from jSquash for pixels →
 * WebP), so `npm ci` installs the same files on every platform. The text is set in DejaVu
 * Sans, shipped by an npm package: the cover layout measures its lines with DejaVu Sans
 * Bold widths, so the rendered text fits exactly as laid out, on any machine.
 *
 * The SVG is rendered once, at the largest width; smaller widths are area-averaged from
 * those pixels, which costs far less than rendering again and anti-aliases as well.
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

export interface RasterImage {
  webp: Uint8Array;
  width: number;
  height: number;
}

/**
 * Renders an SVG document to one WebP per requested width (heights follow the aspect ratio),
 * in the order asked. The SVG is drawn at `renderWidth` (by default the largest width) and
 * each width is scaled down from it; asking for the same renderWidth gives the same bytes
 * whichever widths are asked for with it.
 */
export async function rasteriseSvgToWebp(svg: string | Uint8Array, widths: readonly number[], renderWidth = Math.max(...widths)): Promise<RasterImage[]> {
  if (widths.some((width) => !Number.isInteger(width) || width < 1 || width > renderWidth)) {
    throw new RangeError(`Widths must be whole numbers from 1 to ${renderWidth}: ${widths.join(', ')}`);
  }
  const { fonts, encodeWebp } = await loadRasteriser();
  const resvg = new Resvg(svg, {
    fitTo: { mode: 'width', value: renderWidth },
    font: { fontBuffers: fonts, defaultFontFamily: 'DejaVu Sans', sansSerifFamily: 'DejaVu Sans' },
  });
  const rendered = resvg.render();
  // resvg's pixels are premultiplied RGBA (a copy, so it outlives `rendered`).
  const full = { pixels: rendered.pixels, width: rendered.width, height: rendered.height };
  rendered.free();
  resvg.free();
  return renditions(full, widths, encodeWebp);
}

/**
 * Premultiplied RGBA pixels (as resvg renders them) to one WebP per requested width, each no
 * wider than the pixels, scaled down from them. Uploaded images that resvg cannot draw (WebP)
 * are decoded elsewhere and handed in here.
 */
export async function encodeWebpRenditions(full: { pixels: Uint8Array; width: number; height: number }, widths: readonly number[]): Promise<RasterImage[]> {
  if (widths.some((width) => !Number.isInteger(width) || width < 1 || width > full.width)) {
    throw new RangeError(`Widths must be whole numbers from 1 to ${full.width}: ${widths.join(', ')}`);
  }
  const { encodeWebp } = await loadRasteriser();
  return renditions(full, widths, encodeWebp);
}

function renditions(full: { pixels: Uint8Array; width: number; height: number }, widths: readonly number[], encodeWebp: Rasteriser['encodeWebp']) {
  return widths.map((width) => {
    const height = Math.max(1, Math.round((full.height * width) / full.width));
    const pixels = width === full.width ? full.pixels.slice() : downscale(full.pixels, full.width, full.height, width, height);
    return { webp: encodeWebp(unpremultiply(pixels), width, height), width, height };
  });
}

/**
 * For each target pixel along one axis: the source pixels it covers (`taps` of them, from
 * `first`) and the share of each, padded with zero weights so every pixel has `taps` entries.
 */
function coverage(source: number, target: number) {
  const scale = source / target;
  // Enough taps for any alignment of a `scale`-wide window, and never past the edge.
  const taps = Math.min(source, Math.ceil(scale) + 1);
  const first = new Int32Array(target);
  const weights = new Float64Array(target * taps);
  for (let index = 0; index < target; index++) {
    const start = index * scale;
    const end = start + scale;
    const from = Math.min(Math.floor(start), source - taps);
    first[index] = from;
    for (let k = 0; k < taps; k++) {
      const j = from + k;
      weights[index * taps + k] = Math.max(0, Math.min(end, j + 1) - Math.max(start, j)) / scale;
    }
  }
  return { first, weights, taps };
}

/**
 * Area-average ("box") downscale of premultiplied RGBA, one axis at a time: each target pixel
 * is the mean of the source area it covers. Premultiplied, so transparent pixels add no colour.
 */
export function downscale(pixels: Uint8Array, width: number, height: number, targetWidth: number, targetHeight: number): Uint8Array {
  const columns = coverage(width, targetWidth);
  const across = new Float64Array(targetWidth * height * 4);
  for (let y = 0; y < height; y++) {
    const row = y * width;
    for (let x = 0; x < targetWidth; x++) {
      let r = 0;
      let g = 0;
      let b = 0;
      let a = 0;
      for (let k = 0; k < columns.taps; k++) {
        const weight = columns.weights[x * columns.taps + k]!;
        const source = (row + columns.first[x]! + k) * 4;
        r += pixels[source]! * weight;
        g += pixels[source + 1]! * weight;
        b += pixels[source + 2]! * weight;
        a += pixels[source + 3]! * weight;
      }
      const out = (y * targetWidth + x) * 4;
      across[out] = r;
      across[out + 1] = g;
      across[out + 2] = b;
      across[out + 3] = a;
    }
  }
  const rows = coverage(height, targetHeight);
  const result = new Uint8Array(targetWidth * targetHeight * 4);
  const line = targetWidth * 4;
  const sum = new Float64Array(line);
  for (let y = 0; y < targetHeight; y++) {
    sum.fill(0);
    for (let k = 0; k < rows.taps; k++) {
      const weight = rows.weights[y * rows.taps + k]!;
      if (weight === 0) continue;
      const source = (rows.first[y]! + k) * line;
      for (let i = 0; i < line; i++) sum[i]! += across[source + i]! * weight;
    }
    const out = y * line;
    for (let i = 0; i < line; i++) result[out + i] = Math.min(255, Math.round(sum[i]!));
  }
  return result;
}

/** Premultiplied to straight alpha, in place (what a WebP stores). */
export function unpremultiply(pixels: Uint8Array): Uint8Array {
  for (let index = 0; index < pixels.length; index += 4) {
    const alpha = pixels[index + 3]!;
    if (alpha === 255) continue;
    for (let channel = 0; channel < 3; channel++) {
      pixels[index + channel] = alpha === 0 ? 0 : Math.min(255, Math.round((pixels[index + channel]! * 255) / alpha));
    }
  }
  return pixels;
}
