import { describe, expect, it } from 'vitest';
import { createSketcher } from './index';
import { readSeedCatalogue } from '#server/modules/catalog/seed/catalogue-files.ts';
import { renderMarkdown } from '#server/lib/markdown.ts';
import { readKeyAndTempo, remixFromProduct, suggestProductsForSketch, type SuggestionCandidate } from './suggestions';

const product = (
  path: string,
  category: SuggestionCandidate['attributes']['category'],
  summary: string,
  extra: Partial<SuggestionCandidate> = {},
): SuggestionCandidate => ({
  path,
  display: path.replace(/-/g, ' '),
  attributes: { category, live: 'true', download: 'true' },
  description: { summary },
  ...extra,
});

const CATALOGUE: SuggestionCandidate[] = [
  product('pad-player', 'Plugins', '<p>A MIDI plugin with 64 pads you play from any controller.</p>'),
  product('pad-player-trial', 'Plugins', '<p>Try the MIDI pad plugin for 14 days: play pads from any controller.</p>', { display: 'Pad Player Trial' }),
  product('router', 'Plugins', '<p>Routes and filters MIDI across 16 channels.</p>'),
  product('warm-loops', 'Sample Packs', '<p>Warm <strong>lo-fi</strong> loops at 84 bpm in A minor.</p>'),
  product('bright-loops', 'Sample Packs', '<p>Melodic house loops at 122 bpm in F major.</p>'),
  product('starter', 'Sample Packs', '<p>A free starter pack at 90 bpm in D minor.</p>'),
  product('jazz-library', 'Sample Packs', '<p>1,100 jazz chord progressions in all keys.</p>'),
  product('hidden-loops', 'Sample Packs', '<p>Lo-fi loops at 80 bpm in A minor.</p>', {
    attributes: { category: 'Sample Packs', live: 'false', download: 'true' },
  }),
];

const sketcher = createSketcher();
const sketch = (wish: string) => sketcher.sketchForWish(wish)!;

describe('suggestProductsForSketch', () => {
  it('suggests the pack nearest in key and tempo first, then the plugin that plays MIDI from pads', () => {
    const paths = suggestProductsForSketch(sketch('melancholic lo-fi in A minor at 80 bpm'), CATALOGUE);
    expect(paths[0]).toBe('warm-loops');
    expect(paths.at(-1)).toBe('pad-player');
    expect(paths).not.toContain('hidden-loops');
    expect(paths).not.toContain('router');
    expect(paths).not.toContain('pad-player-trial');
  });

  it('suggests the jazz set for a jazz sketch', () => {
    expect(suggestProductsForSketch(sketch('a jazz ii-V-I in Bb'), CATALOGUE)[0]).toBe('jazz-library');
  });

  it('matches a relative key and a close tempo', () => {
    expect(suggestProductsForSketch(sketch('happy house track in F major at 124 bpm'), CATALOGUE)[0]).toBe('bright-loops');
    expect(suggestProductsForSketch(sketch('sad chords in F major at 90 bpm'), CATALOGUE)[0]).toBe('starter');
  });

  it('suggests nothing from an empty catalogue', () => {
    expect(suggestProductsForSketch(sketch('pop chords'), [])).toEqual([]);
  });
});

describe('readKeyAndTempo', () => {
  it('reads the facts a product’s text states', () => {
    expect(readKeyAndTempo('Tempo **84 bpm**, key **A minor**')).toEqual({ key: { tonic: 'A', mode: 'minor' }, bpm: 84 });
    expect(readKeyAndTempo('1,100 progressions in all keys')).toEqual({ key: null, bpm: null });
  });
});

const { products: seedProducts } = await readSeedCatalogue();

describe('with the seed catalogue', () => {
  // The seed products as the catalogue lists them: summary and long description are their own words.
  const catalogue: SuggestionCandidate[] = seedProducts.map((seed) => ({
    path: seed.path,
    display: seed.displayName,
    attributes: { category: seed.category, live: String(seed.live), download: seed.downloadable ? 'true' : 'false' },
    description: { summary: renderMarkdown(seed.summaryMarkdown) },
    longDescription: seed.descriptionMarkdown,
  }));

  it('suggests the A minor lo-fi pack and the pad plugin for a lo-fi sketch in A minor', () => {
    expect(suggestProductsForSketch(sketch('melancholic lo-fi in A minor at 80 bpm'), catalogue)).toEqual([
      'sw-select-sample-loops-vol-1',
      'sw-free-chord-starter',
      'remidi-4',
    ]);
  });

  it('suggests the jazz set first for a jazz sketch', () => {
    expect(suggestProductsForSketch(sketch('a jazz ii-V-I in Bb'), catalogue)[0]).toBe('sw-jazz-complete-vol-1-11');
  });

  it('seeds a remix from the pack’s stated key and tempo', () => {
    const pack = catalogue.find((product) => product.path === 'sw-select-sample-loops-vol-1')!;
    const remix = remixFromProduct(pack);
    expect(remix).toEqual({ path: pack.path, key: 'A minor', bpm: 84 });
    expect(sketcher.sketchForWish('rainy night', { remix })).toMatchObject({ key: 'A minor', bpm: 84 });
  });
});
