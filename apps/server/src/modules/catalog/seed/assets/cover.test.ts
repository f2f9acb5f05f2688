import { describe, expect, it } from 'vitest';
import { estimateTextWidth, renderCoverSvg, wrapText, type CoverInput, type CoverMotif } from './cover';

const base: CoverInput = { display: 'reMIDI 4', category: 'Plugins', motif: 'keys', from: '#14213d', to: '#8ef971', seed: 10 };
const motifs: CoverMotif[] = ['keys', 'pads', 'wave', 'chords', 'channels'];

/** The text of each title line (<tspan>s of the large text element). */
function titleLines(svg: string): string[] {
  const title = /<text font-size="(\d+)"[^>]*>(.*?)<\/text>/.exec(svg);
  return [...(title?.[2] ?? '').matchAll(/<tspan[^>]*>(.*?)<\/tspan>/g)].map((match) => match[1]!);
}

function titleFontSize(svg: string): number {
  return Number(/<text font-size="(\d+)" font-weight="800"/.exec(svg)?.[1]);
}

function unescape(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');
}

describe('renderCoverSvg', () => {
  it('is an accessible 800×800 SVG with the name as its title', () => {
    const svg = renderCoverSvg(base);
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="800" height="800" viewBox="0 0 800 800" role="img"/);
    expect(svg).toContain('<title>reMIDI 4</title>');
    expect(svg).toContain('font-family="system-ui, -apple-system, \'Segoe UI\', Roboto, sans-serif"');
    expect(svg).toContain('>PLUGINS</text>');
    expect(svg.endsWith('</svg>')).toBe(true);
  });

  it('draws the gradient between the given colours', () => {
    const svg = renderCoverSvg(base);
    expect(svg).toContain('<stop offset="0" stop-color="#14213d"/>');
    expect(svg).toContain('<stop offset="1" stop-color="#8ef971"/>');
  });

  it('escapes XML in the name, category and label', () => {
    const svg = renderCoverSvg({ ...base, display: 'Tom & Jerry <Loops> "vol.1"', category: 'R&B', label: '<b>' });
    expect(svg).toContain('<title>Tom &amp; Jerry &lt;Loops&gt; &quot;vol.1&quot;</title>');
    expect(svg).toContain('R&amp;B');
    expect(svg).toContain('&lt;b&gt;');
    expect(svg).not.toContain('<Loops>');
    expect(svg).not.toContain('<b>');
  });

  it('rejects colours that could break out of the attribute', () => {
    const svg = renderCoverSvg({ ...base, from: '"/><script>alert(1)</script>', to: 'url(javascript:x)' });
    expect(svg).not.toContain('<script>');
    expect(svg).not.toContain('javascript');
  });

  it('wraps a long name onto 2–3 lines, each inside the 672 px text column', () => {
    const svg = renderCoverSvg({ ...base, display: 'SW SELECT: SAMPLE LOOPS vol.2' });
    const lines = titleLines(svg);
    expect(lines.length).toBeGreaterThanOrEqual(2);
    expect(lines.length).toBeLessThanOrEqual(3);
    expect(lines.map(unescape).join(' ')).toBe('SW SELECT: SAMPLE LOOPS vol.2');
    for (const line of lines) expect(estimateTextWidth(unescape(line), titleFontSize(svg))).toBeLessThanOrEqual(672);
  });

  it('keeps a short name on one large line', () => {
    const svg = renderCoverSvg({ ...base, display: 'reChannel' });
    expect(titleLines(svg)).toEqual(['reChannel']);
    expect(titleFontSize(svg)).toBe(96);
  });

  it('never overflows, even for absurd names: long words are broken and the rest is cut with an ellipsis', () => {
    const svg = renderCoverSvg({ ...base, display: `${'W'.repeat(60)} ${'word '.repeat(40)}` });
    const lines = titleLines(svg);
    expect(lines).toHaveLength(3);
    expect(lines[2]!.endsWith('…')).toBe(true);
    for (const line of lines) expect(estimateTextWidth(line, titleFontSize(svg))).toBeLessThanOrEqual(672);
  });

  it('shows the label as a badge only when given', () => {
    expect(renderCoverSvg({ ...base, label: '-20%' })).toContain('>-20%</text>');
    expect(renderCoverSvg(base)).not.toContain('rx="26"');
  });

  it('renders every motif under 12 KB, deterministically, varying with the seed', () => {
    for (const motif of motifs) {
      const input = { ...base, motif, display: 'SW SELECT: SAMPLE LOOPS vol.2', label: 'TRIAL' };
      const svg = renderCoverSvg(input);
      expect(svg.length).toBeLessThan(12 * 1024);
      expect(renderCoverSvg(input)).toBe(svg);
      expect(renderCoverSvg({ ...input, seed: 11 })).not.toBe(svg);
    }
  });

  it('draws a different motif per kind', () => {
    const svgs = motifs.map((motif) => renderCoverSvg({ ...base, motif }));
    expect(new Set(svgs).size).toBe(motifs.length);
    expect(renderCoverSvg({ ...base, motif: 'wave' })).toContain('<polyline');
    expect(renderCoverSvg({ ...base, motif: 'channels' })).toContain('<circle');
  });
});

describe('wrapText', () => {
  it('breaks at spaces by estimated width', () => {
    expect(wrapText('aaa bbb ccc', 100, estimateTextWidth('aaa bbb', 100))).toEqual(['aaa bbb', 'ccc']);
    expect(wrapText('  one  ', 50, 1000)).toEqual(['one']);
  });

  it('estimates wide capitals as wider than narrow letters', () => {
    expect(estimateTextWidth('WWW', 10)).toBeGreaterThan(estimateTextWidth('iii', 10) * 2);
  });
});
