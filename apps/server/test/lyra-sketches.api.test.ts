import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Midi } from '#server/lib/midi/tonejs-midi.ts';
import { createSketcher } from '#server/modules/lyra/song-seed/index.ts';
import { createTestApp, type TestApp } from './helpers';

describe('GET /api/lyra/sketches/{id}.mid', () => {
  let t: TestApp;
  const sketch = createSketcher().sketchForWish('melancholic lo-fi in A minor at 80 bpm')!;
  beforeAll(async () => {
    t = await createTestApp('pglite', { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the sketch as a MIDI download named after its title, cached for good', async () => {
    const response = await t.app.inject(sketch.midiUrl);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/midi');
    expect(response.headers['content-disposition']).toBe('attachment; filename="melancholic-lo-fi-in-a-minor-80-bpm.mid"');
    expect(response.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const midi = new Midi(response.rawPayload);
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(80, 3);
    expect(midi.tracks.map((track) => track.name)).toEqual(['Chords', 'Bass', 'Melody']);
  });

  it('answers the same bytes every time', async () => {
    const first = await t.app.inject(sketch.midiUrl);
    const second = await t.app.inject(sketch.midiUrl);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
  });

  it.each([
    ['an id that is not a sketch', '/api/lyra/sketches/AAAAAAAAAAAAAA.mid'],
    ['a truncated id', `/api/lyra/sketches/${sketch.id.slice(0, -2)}.mid`],
    ['another extension', `/api/lyra/sketches/${sketch.id}.wav`],
    ['no extension', `/api/lyra/sketches/${sketch.id}`],
    ['odd characters', '/api/lyra/sketches/%E2%9C%93%20x.mid'],
    ['a very long name', `/api/lyra/sketches/${'A'.repeat(400)}.mid`],
  ])('is a 404 with a clear message for %s', async (_what, url) => {
    const response = await t.app.inject(url);
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toMatch(/no sketch with this id/i);
  });
});
