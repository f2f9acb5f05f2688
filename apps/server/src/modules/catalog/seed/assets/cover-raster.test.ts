import { describe, expect, it } from 'vitest';
import { renderCoverSvg, type CoverInput } from './cover';
import { downscale, rasteriseSvgToWebp, unpremultiply } from '#server/lib/webp-raster.ts';
import { readWebpHeader } from './test-support';

const cover: CoverInput = { display: 'reMIDI 4', category: 'Plugins', motif: 'pads', from: '#14213d', to: '#8ef971', seed: 10, label: 'TRIAL' };
const same = (a: Uint8Array, b: Uint8Array) => Buffer.from(a).equals(Buffer.from(b));

describe('rasteriseSvgToWebp', () => {
  it('renders an 800×800 cover as a lossy WebP at each width asked, in order', async () => {
    const images = await rasteriseSvgToWebp(renderCoverSvg(cover), [400, 600, 800]);
    expect(images.map(({ width, height }) => [width, height])).toEqual([
      [400, 400],
      [600, 600],
      [800, 800],
    ]);
    for (const { webp, width } of images) {
      expect(readWebpHeader(webp)).toEqual({ riff: 'RIFF', riffSize: webp.byteLength - 8, webp: 'WEBP', chunk: 'VP8 ', width, height: width });
      // Far smaller than the PNG of the same pixels (~250 KB at 800 px).
      expect(webp.byteLength).toBeLessThan(width * 40);
    }
  });

  it('is deterministic: the same SVG and render width give the same bytes, whatever else is asked', async () => {
    const svg = renderCoverSvg(cover);
    const [[alone], [, together]] = await Promise.all([rasteriseSvgToWebp(svg, [400], 800), rasteriseSvgToWebp(Buffer.from(svg), [800, 400])]);
    expect(same(alone!.webp, together!.webp)).toBe(true);
  });

  it('draws the text with its bundled font (a different title gives a different image)', async () => {
    // Without a font the renderer drops text silently, and both images would be the same.
    const text = (title: string) =>
      `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100"/><text x="10" y="60" font-family="system-ui, sans-serif" font-size="40" font-weight="800" fill="#fff">${title}</text></svg>`;
    const [[a], [b]] = await Promise.all([rasteriseSvgToWebp(text('Aa'), [200]), rasteriseSvgToWebp(text('Bb'), [200])]);
    expect(same(a!.webp, b!.webp)).toBe(false);
  });

  it('keeps the aspect ratio of a non-square SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#123456"/></svg>';
    const [large, small] = await rasteriseSvgToWebp(svg, [200, 150]);
    expect([large!.width, large!.height, small!.width, small!.height]).toEqual([200, 100, 150, 75]);
    expect(readWebpHeader(small!.webp)).toMatchObject({ width: 150, height: 75 });
  });

  it('refuses a width larger than the render width, or not a whole number', async () => {
    await expect(rasteriseSvgToWebp(renderCoverSvg(cover), [900], 800)).rejects.toThrow(RangeError);
    await expect(rasteriseSvgToWebp(renderCoverSvg(cover), [0.5])).rejects.toThrow(RangeError);
  });
});

describe('downscale', () => {
  it('averages the area each target pixel covers, by whole and by fractional factors', () => {
    // 4×1 grey ramp to 2×1: pairs average; to 3×1: each target covers 4/3 of a source pixel.
    const ramp = new Uint8Array([0, 0, 0, 255, 60, 60, 60, 255, 120, 120, 120, 255, 240, 240, 240, 255]);
    expect([...downscale(ramp, 4, 1, 2, 1)]).toEqual([30, 30, 30, 255, 180, 180, 180, 255]);
    expect([...downscale(ramp, 4, 1, 3, 1)]).toEqual([15, 15, 15, 255, 90, 90, 90, 255, 210, 210, 210, 255]);
  });

  it('keeps a flat colour flat', () => {
    const flat = new Uint8Array(800 * 8 * 4).fill(77);
    expect(new Set(downscale(flat, 800, 8, 600, 6))).toEqual(new Set([77]));
  });
});

describe('unpremultiply', () => {
  it('turns premultiplied colour into straight colour, leaving opaque and clear pixels alone', () => {
    const pixels = new Uint8Array([128, 64, 0, 128, 10, 20, 30, 255, 0, 0, 0, 0]);
    expect([...unpremultiply(pixels)]).toEqual([255, 128, 0, 128, 10, 20, 30, 255, 0, 0, 0, 0]);
  });
});
