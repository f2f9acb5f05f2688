import { lyraSketchSchema } from '@store/contracts/lyra';
import { describe, expect, it } from 'vitest';
import { Midi } from '#server/lib/midi/tonejs-midi.ts';
import { chordChromas } from './progression';
import { decodeSketchId, encodeSketchId } from './sketch-id';
import { SONG_SEED_VERSION, sketchFileName, type SketchParams } from './sketch-params';
import { makeSongSeed } from './song-seed';
import { createSketcher, sketchFileForId } from './index';

const sketcher = createSketcher();
const WISH = 'melancholic lo-fi in A minor at 80 bpm';

function sketchOf(text: string, options?: Parameters<typeof sketcher.sketchForWish>[1]) {
  const sketch = sketcher.sketchForWish(text, options);
  if (!sketch) throw new Error(`no sketch for ${text}`);
  return sketch;
}

const fileOf = (id: string) => sketchFileForId(id)!.bytes;

describe('a Song Seed', () => {
  it('answers the contract’s sketch, titled from the wish, with one chord per bar', () => {
    const sketch = lyraSketchSchema.parse(sketchOf(WISH));
    expect(sketch).toMatchObject({ title: 'Melancholic lo-fi in A minor, 80 bpm', key: 'A minor', bpm: 80 });
    expect(sketch.chords).toHaveLength(8);
    expect(sketch.midiUrl).toBe(`/api/lyra/sketches/${sketch.id}.mid`);
    expect(sketchFileName(sketch.title)).toBe('melancholic-lo-fi-in-a-minor-80-bpm.mid');
  });

  it('is null when the text is not a wish', () => {
    expect(sketcher.sketchForWish('How many computers can I use reMIDI 4 on?')).toBeNull();
  });

  it('makes identical bytes for the same wish and seed, and other bytes for another seed', () => {
    const first = sketchOf(WISH);
    const again = sketchOf('  Melancholic  lo-fi in A minor at 80 bpm. ');
    expect(again.id).toBe(first.id);
    expect(Buffer.from(fileOf(again.id)).equals(Buffer.from(fileOf(first.id)))).toBe(true);
    const reseeded = sketchOf(WISH, { seed: first.seed + 1 });
    expect(reseeded.id).not.toBe(first.id);
    expect(Buffer.from(fileOf(reseeded.id)).equals(Buffer.from(fileOf(first.id)))).toBe(false);
  });

  it('writes chords, bass and melody on their own channels with programs, the tempo, track names and chord markers', () => {
    const sketch = sketchOf('a jazz ii-V-I in Bb');
    expect(sketch.chords.slice(0, 3)).toEqual(['Cm7', 'F7', 'Bbmaj7']);
    const midi = new Midi(fileOf(sketch.id));
    expect(midi.header.tempos[0]?.bpm).toBeCloseTo(120, 3);
    expect(midi.header.name).toBe(sketch.title);
    expect(midi.tracks.map((track) => [track.name, track.channel])).toEqual([
      ['Chords', 0],
      ['Bass', 1],
      ['Melody', 2],
    ]);
    for (const track of midi.tracks) expect(track.notes.length).toBeGreaterThan(8);
    expect(midi.tracks.map((track) => track.instrument.number)).toEqual([4, 32, 11]);
    expect(midi.header.meta.filter((event) => event.type === 'marker').map((event) => event.text)).toEqual(sketch.chords);
    // 8 bars of 4/4.
    expect(Math.max(...midi.tracks.flatMap((track) => track.notes.map((note) => note.ticks + note.durationTicks)))).toBe(8 * 4 * midi.header.ppq);
  });

  it('lands the melody on a chord tone on the first beat of every bar, and plays the chord’s root in the bass there', () => {
    for (const wish of [WISH, 'hopeful pop chords', 'dark cinematic loop in F# minor', 'a jazz ii-V-I in Bb', 'R&B groove in Eb, 16 bars']) {
      const sketch = sketchOf(wish);
      const midi = new Midi(fileOf(sketch.id));
      const barTicks = 4 * midi.header.ppq;
      const [, bass, melody] = midi.tracks;
      sketch.chords.forEach((symbol, bar) => {
        const downbeat = melody!.notes.find((note) => note.ticks === bar * barTicks);
        expect(downbeat, `${wish}: bar ${bar + 1}`).toBeDefined();
        expect(chordChromas(symbol), `${wish}: bar ${bar + 1} ${symbol}`).toContain(downbeat!.midi % 12);
        const root = bass!.notes.find((note) => note.ticks === bar * barTicks);
        expect(root!.midi % 12).toBe(chordChromas(symbol)[0]);
      });
    }
  });

  it('seeds a remix from the pack’s key and tempo, with the mood of the words', () => {
    const sketch = sketchOf('rainy night', { remix: { key: 'D minor', bpm: 90, path: 'some-pack' } });
    expect(sketch).toMatchObject({ key: 'D minor', bpm: 90 });
    expect(sketch.title).toMatch(/^Melancholic /);
    expect(sketchOf('rainy night', { remix: { path: 'pack-without-facts' } })).toMatchObject({ key: 'A minor' });
    expect(lyraSketchSchema.parse(sketchOf('rainy night', { remix: { bpm: 300.4, path: 'odd-pack' } })).bpm).toBe(240);
  });

  it('writes 16 bars when asked', () => {
    const sketch = sketchOf('pop chords, 16 bars');
    expect(sketch.chords).toHaveLength(16);
    const midi = new Midi(fileOf(sketch.id));
    expect(Math.max(...midi.tracks[0]!.notes.map((note) => note.ticks))).toBeGreaterThanOrEqual(15 * 4 * midi.header.ppq);
  });

  it('writes a key with more than seven sharps as its usual enharmonic', () => {
    expect(sketchOf('pop song in A# major').key).toBe('Bb major');
  });
});

describe('sketch ids', () => {
  const params: SketchParams = {
    version: SONG_SEED_VERSION,
    tonic: 'F#',
    mode: 'minor',
    bpm: 137,
    style: 'r&b',
    mood: 'romantic',
    bars: 16,
    twoFiveOne: true,
    seed: 0xdeadbeef,
  };

  it('round-trips every parameter in 14 base64url characters', () => {
    const id = encodeSketchId(params);
    expect(id).toMatch(/^[A-Za-z0-9_-]{14}$/);
    expect(decodeSketchId(id)).toEqual(params);
    expect(decodeSketchId(encodeSketchId({ ...params, mood: null, bars: 4, twoFiveOne: false, mode: 'major', seed: 0 }))).toMatchObject({
      mood: null,
      bars: 4,
      seed: 0,
    });
  });

  it('refuses ids this version did not write', () => {
    const id = encodeSketchId(params);
    const withByte = (index: number, value: number) => {
      const bytes = Buffer.from(id, 'base64url');
      bytes[index] = value;
      return bytes.toString('base64url');
    };
    for (const bad of [
      '',
      'abc',
      `${id}A`,
      id.slice(0, -1),
      `${id.slice(0, -1)}!`,
      withByte(0, 2),
      withByte(1, 200),
      withByte(2, 0xff),
      withByte(3, 250),
      withByte(4, 99),
      withByte(5, 99),
      '../../etc/passwd',
    ]) {
      expect(decodeSketchId(bad), bad).toBeNull();
    }
    // The same bytes written with other spare bits in the last character.
    // 10 bytes fill 80 of the 84 bits of 14 characters: the last character's low 4 bits are spare.
    const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
    const sibling = id.slice(0, -1) + alphabet[alphabet.indexOf(id.at(-1)!) ^ 1];
    expect(Buffer.from(sibling, 'base64url').equals(Buffer.from(id, 'base64url'))).toBe(true);
    expect(decodeSketchId(sibling)).toBeNull();
  });

  it('makes the same file from the id as from the parameters', () => {
    const file = sketchFileForId(encodeSketchId(params))!;
    expect(Buffer.from(file.bytes).equals(Buffer.from(makeSongSeed(params).bytes))).toBe(true);
  });
});
