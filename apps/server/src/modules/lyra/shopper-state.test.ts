import { describe, expect, it } from 'vitest';
import type { LyraSketch } from '@store/contracts/lyra';
import { PERSONAS } from './personas';
import { shopperState, type HistoryEntry } from './shopper-state';

const lyra = PERSONAS[0]!;
const NOW = new Date('2026-11-24T12:00:00.000Z');
const DAY = 24 * 60 * 60_000;
const daysAgo = (days: number, hours = 0) => new Date(NOW.getTime() - days * DAY - hours * 60 * 60_000);

function sketch(key: string, bpm: number, mood?: string, title = `Sketch in ${key}, ${bpm} bpm`): LyraSketch {
  return {
    id: `s-${key}-${bpm}`.replace(/\s/g, '-'),
    title,
    key,
    bpm,
    chords: ['Am'],
    seed: 1,
    style: 'lo-fi',
    ...(mood ? { mood } : {}),
    midiUrl: '/api/lyra/sketches/s.mid',
  };
}
const made = (at: Date, made: LyraSketch): HistoryEntry => ({ type: 'sketch_generated', data: { sketch: made, wish: 'a wish' }, createdAt: at });
const played = (at: Date): HistoryEntry => ({ type: 'sketch_played', data: {}, createdAt: at });

describe("Lyra's state toward a shopper", () => {
  it('is curious and greets a shopper with no history as usual', () => {
    expect(shopperState({ entries: [], now: NOW, persona: lyra })).toEqual({
      influencer: 'lyra',
      mood: 'curious',
      energy: 0.2,
      familiarity: 0,
      streakDays: 0,
      favouriteKeys: [],
      favouriteMoods: [],
      lastSeen: null,
      greeting: lyra.greetings.first,
    });
  });

  it('greets a returning shopper with their favourite key and their last sketch', () => {
    const last = sketch('A minor', 80, 'melancholic', 'Melancholic lo-fi in A minor, 80 bpm');
    const entries = [made(daysAgo(3), sketch('A minor', 90)), made(daysAgo(2), sketch('C major', 120, 'happy')), made(daysAgo(1), last)];
    const state = shopperState({ entries, now: NOW, persona: lyra });
    expect(state.favouriteKeys).toEqual(['A minor', 'C major']);
    expect(state.favouriteMoods).toEqual(['happy', 'melancholic']);
    expect(state.lastSeen).toBe(daysAgo(1).toISOString());
    expect(state.greeting).toBe('Back for more A minor? Last time we made ‘Melancholic lo-fi in A minor, 80 bpm’.');
  });

  it('counts a streak of consecutive UTC days ending today or yesterday, and is excited from three', () => {
    const entries = [played(daysAgo(1, 1)), played(daysAgo(2)), played(daysAgo(3)), played(daysAgo(5))];
    const state = shopperState({ entries, now: NOW, persona: lyra });
    expect(state.streakDays).toBe(3);
    expect(state.mood).toBe('excited');
    expect(state.greeting).toBe(lyra.greetings.returning);
    expect(shopperState({ entries: [played(daysAgo(2)), played(daysAgo(3))], now: NOW, persona: lyra }).streakDays).toBe(0);
  });

  it('is wistful after more than two weeks away, and asks to pick the last sketch up again', () => {
    const state = shopperState({ entries: [made(daysAgo(15), sketch('D minor', 70))], now: NOW, persona: lyra });
    expect(state.mood).toBe('wistful');
    expect(state.greeting).toBe('It has been a while! Last time we made ‘Sketch in D minor, 70 bpm’. Shall we pick it up again?');
  });

  it('is playful when busy with fast sketches and warm when calm', () => {
    const busy = Array.from({ length: 10 }, (_, index) => made(daysAgo(0, index), sketch('E minor', 170)));
    const busyState = shopperState({ entries: busy, now: NOW, persona: lyra });
    // 0.6 × 1 (ten entries this week) + 0.4 × (170 − 60) / 120
    expect(busyState.energy).toBe(0.97);
    expect(busyState.mood).toBe('playful');
    const calm = shopperState({ entries: [made(daysAgo(0), sketch('F major', 60))], now: NOW, persona: lyra });
    expect(calm.energy).toBe(0.06);
    expect(calm.mood).toBe('warm');
  });

  it('grows familiar with active days and entries, up to 1', () => {
    const few = shopperState({ entries: [played(daysAgo(0)), played(daysAgo(4))], now: NOW, persona: lyra });
    // 0.5 × 2/10 days + 0.5 × 2/50 entries
    expect(few.familiarity).toBe(0.12);
    const many = Array.from({ length: 60 }, (_, index) => played(daysAgo(index % 20)));
    expect(shopperState({ entries: many, now: NOW, persona: lyra }).familiarity).toBe(1);
  });

  it('is the same for the same entries in any order, and ignores sketch entries it cannot read', () => {
    const entries = [
      made(daysAgo(1), sketch('A minor', 80)),
      played(daysAgo(2)),
      { type: 'sketch_generated', data: { sketch: 'not a sketch' }, createdAt: daysAgo(0) },
    ];
    const state = shopperState({ entries, now: NOW, persona: lyra });
    expect(shopperState({ entries: [...entries].reverse(), now: NOW, persona: lyra })).toEqual(state);
    expect(state.favouriteKeys).toEqual(['A minor']);
  });
});
