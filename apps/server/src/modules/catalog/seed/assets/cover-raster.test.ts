import { describe, expect, it } from 'vitest';
import { renderCoverSvg, type CoverInput } from './cover';
import { rasteriseSvgToWebp } from './cover-raster';
import { readWebpHeader } from './test-support';

const cover: CoverInput = { display: 'reMIDI 4', category: 'Plugins', motif: 'pads', from: '#14213d', to: '#8ef971', seed: 10, label: 'TRIAL' };

describe('rasteriseSvgToWebp', () => {
  it.each([400, 600, 800])('renders an 800×800 cover as a lossy WebP %i px square', async (width) => {
    const { webp, ...size } = await rasteriseSvgToWebp(renderCoverSvg(cover), width);
    expect(size).toEqual({ width, height: width });
    const header = readWebpHeader(webp);
    expect(header).toEqual({ riff: 'RIFF', riffSize: webp.byteLength - 8, webp: 'WEBP', chunk: 'VP8 ', width, height: width });
    // Far smaller than the PNG of the same pixels (~250 KB at 800 px).
    expect(webp.byteLength).toBeLessThan(width * 40);
  });

  it('is deterministic: the same SVG gives the same bytes', async () => {
    const svg = renderCoverSvg(cover);
    const [first, second] = await Promise.all([rasteriseSvgToWebp(svg, 400), rasteriseSvgToWebp(Buffer.from(svg), 400)]);
    expect(Buffer.from(first.webp).equals(Buffer.from(second.webp))).toBe(true);
  });

  it('draws the text with its bundled font (a different title gives a different image)', async () => {
    // Without a font the renderer drops text silently, and both images would be the same.
    const text = (title: string) => `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100"><rect width="200" height="100"/><text x="10" y="60" font-family="system-ui, sans-serif" font-size="40" font-weight="800" fill="#fff">${title}</text></svg>`;
    const [a, b] = await Promise.all([rasteriseSvgToWebp(text('Aa'), 200), rasteriseSvgToWebp(text('Bb'), 200)]);
    expect(Buffer.from(a.webp).equals(Buffer.from(b.webp))).toBe(false);
  });

  it('keeps the aspect ratio of a non-square SVG', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="200"><rect width="400" height="200" fill="#123456"/></svg>';
    const { webp, width, height } = await rasteriseSvgToWebp(svg, 200);
    expect({ width, height }).toEqual({ width: 200, height: 100 });
    expect(readWebpHeader(webp)).toMatchObject({ width: 200, height: 100 });
  });
});
