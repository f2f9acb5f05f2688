import { describe, expect, it } from 'vitest';
import { composeJazzProgression, PROGRESSION_TEMPLATES, type JazzProgression } from './jazz-progressions';
import type { NoteEvent } from '#server/lib/midi/note-event.ts';

/** Every (template, key) pair with a handful of seeds, so all styles and rhythms appear. */
function everyProgression(): JazzProgression[] {
  const all: JazzProgression[] = [];
  PROGRESSION_TEMPLATES.forEach((_, templateIndex) => {
    for (let tonic = 0; tonic < 12; tonic++) {
      for (let seed = 0; seed < 4; seed++) all.push(composeJazzProgression({ templateIndex, tonic, seed: seed * 7919 + tonic }));
    }
  });
  return all;
}

const all = everyProgression();

/** Groups simultaneous notes (one comping hit) by start time. */
function hits(notes: readonly NoteEvent[]): NoteEvent[][] {
  const byStart = new Map<number, NoteEvent[]>();
  for (const note of notes) byStart.set(note.startBeat, [...(byStart.get(note.startBeat) ?? []), note]);
  return [...byStart.values()];
}

describe('composeJazzProgression', () => {
  it('uses every voicing style and comping rhythm', () => {
    expect(new Set(all.map((p) => p.style))).toEqual(new Set(['shell', 'rootless', 'extended']));
    expect(new Set(all.map((p) => p.rhythm))).toEqual(new Set(['sustained', 'charleston', 'two-feel', 'anticipated']));
  });

  it('voices chords in a playable mid-keyboard register, 2 to 4 notes per hand', () => {
    for (const progression of all) {
      for (const hit of hits(progression.voicings)) {
        const pitches = hit.map((note) => note.midi);
        expect(Math.min(...pitches)).toBeGreaterThanOrEqual(45); // A2: shells reach lowest
        expect(Math.max(...pitches)).toBeLessThanOrEqual(84);
        expect(hit.length).toBeGreaterThanOrEqual(2);
        expect(hit.length).toBeLessThanOrEqual(4);
        // Voicings are shapes of one hand: no more than about a tenth wide.
        expect(Math.max(...pitches) - Math.min(...pitches)).toBeLessThanOrEqual(16);
      }
    }
  });

  it('never overlaps a note with the next strike (no stuck or swallowed notes)', () => {
    for (const progression of all) {
      for (const track of [progression.voicings, progression.bass]) {
        const starts = [...new Set(track.map((note) => note.startBeat))].sort((a, b) => a - b);
        for (const note of track) {
          const next = starts.find((start) => start > note.startBeat);
          if (next !== undefined) expect(note.startBeat + note.durationBeats).toBeLessThan(next);
          expect(note.durationBeats).toBeGreaterThan(0);
        }
      }
    }
  });

  it('leads voices smoothly: consecutive chords move by a few semitones per voice on average', () => {
    for (const progression of all) {
      const sequence = hits(progression.voicings).map((hit) => hit.map((note) => note.midi).sort((a, b) => a - b));
      for (let i = 1; i < sequence.length; i++) {
        const previous = sequence[i - 1]!;
        const current = sequence[i]!;
        const movement = current.reduce((sum, pitch, voice) => sum + Math.abs(pitch - previous[Math.min(voice, previous.length - 1)]!), 0);
        expect(movement / current.length).toBeLessThanOrEqual(6);
      }
    }
  });

  it('puts the root in the bass at the start of every chord', () => {
    const progression = composeJazzProgression({ templateIndex: 0, tonic: 0, seed: 1 }); // ii-V-I in C
    expect(progression.chords.map((chord) => chord.symbol.replace(/[^A-G#b].*$/, ''))).toEqual(['D', 'G', 'C']);
    const rootsAtChordStarts = progression.chords.map((chord) => progression.bass.find((note) => note.startBeat === chord.startBeat)!.midi % 12);
    expect(rootsAtChordStarts).toEqual([2, 7, 0]);
  });

  it('uses rootless voicings without the root and with the 9th', () => {
    const seed = Array.from({ length: 50 }, (_, i) => i).find((s) => composeJazzProgression({ templateIndex: 0, tonic: 0, seed: s }).style === 'rootless')!;
    const progression = composeJazzProgression({ templateIndex: 0, tonic: 0, seed });
    const firstHit = hits(progression.voicings)[0]!
      .map((note) => note.midi % 12)
      .sort((a, b) => a - b);
    // Dm9 without D: F, A, C, E
    expect(firstHit).toEqual([0, 4, 5, 9]);
    expect(progression.chords.map((chord) => chord.symbol)).toEqual(['Dm9', 'G13', 'Cmaj9']);
  });

  it('spells chord symbols as a lead sheet would', () => {
    const symbolsOf = (name: string, tonic: number) => {
      const templateIndex = PROGRESSION_TEMPLATES.findIndex((t) => t.name === name);
      return composeJazzProgression({ templateIndex, tonic, seed: 3 }).chords.map((chord) => chord.symbol.replace(/(m|maj|dim|6|7|9|1|\().*$/, ''));
    };
    expect(symbolsOf('Descending ii-V chain', 7)).toEqual(['B', 'E', 'Bb', 'Eb', 'A', 'D', 'G']);
    expect(symbolsOf('Rhythm changes A bars 5-8', 0)).toEqual(['G', 'C', 'F', 'F#', 'C', 'A', 'D', 'G']);
    expect(symbolsOf('ii-bII7-I tritone sub', 10)).toEqual(['C', 'B', 'Bb']);
    expect(symbolsOf('Minor ii-V-i', 4)).toEqual(['F#', 'B', 'E']);
  });

  it('names the progression, its voicing style and key', () => {
    const progression = composeJazzProgression({ templateIndex: 11, tonic: 1, seed: 5 });
    expect(progression.name).toMatch(/^Minor ii-V-i \((shell|rootless|extended) voicings\)$/);
    expect(progression.keyName).toBe('C# minor');
    expect(composeJazzProgression({ templateIndex: 0, tonic: 1, seed: 5 }).keyName).toBe('Db major');
  });

  it('is deterministic per seed', () => {
    expect(composeJazzProgression({ templateIndex: 3, tonic: 5, seed: 42 })).toEqual(composeJazzProgression({ templateIndex: 3, tonic: 5, seed: 42 }));
  });
});
