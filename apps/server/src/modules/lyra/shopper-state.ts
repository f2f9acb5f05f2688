/**
 * Lyra's state toward one shopper (docs/behaviour/lyra.md#lyras-state-toward-a-shopper), computed
 * from their newest creative entries alone: the same entries at the same time give the same state.
 */
import { sketchGeneratedDataSchema, type LyraShopperState } from '@store/contracts/lyra-memory';
import type { LyraSketch } from '@store/contracts/lyra';
import type { Persona } from './personas';

export interface HistoryEntry {
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

type Mood = LyraShopperState['mood'];

const DAY_MS = 24 * 60 * 60_000;
/** Active days and entries at which familiarity is full. */
const FAMILIAR_DAYS = 10;
const FAMILIAR_ENTRIES = 50;
/** Entries in the last week at which recent activity is full. */
const BUSY_WEEK_ENTRIES = 10;
/** Sketches whose tempo counts, newest first; tempo maps 60 → 0 and 180 bpm → 1. */
const TEMPO_SKETCHES = 10;
const SLOW_BPM = 60;
const FAST_BPM = 180;
/** Longer away than this, Lyra is wistful. */
const AWAY_DAYS = 14;
const STREAK_EXCITED = 3;
const FAVOURITES = 3;

export function shopperState({ entries, now, persona }: { entries: readonly HistoryEntry[]; now: Date; persona: Persona }): LyraShopperState {
  const newestFirst = [...entries].sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  const sketches = newestFirst.flatMap(({ type, data }) => {
    const parsed = type === 'sketch_generated' ? sketchGeneratedDataSchema.safeParse(data) : undefined;
    return parsed?.success ? [parsed.data.sketch] : [];
  });
  const days = new Set(newestFirst.map(({ createdAt }) => utcDay(createdAt)));
  const lastSeen = newestFirst[0]?.createdAt ?? null;
  const familiarity = round2(0.5 * Math.min(1, days.size / FAMILIAR_DAYS) + 0.5 * Math.min(1, newestFirst.length / FAMILIAR_ENTRIES));
  const streakDays = streak(days, now);
  const energy = energyOf(newestFirst, sketches, now);
  const mood = moodOf({ lastSeen, streakDays, energy, now });
  const favouriteKeys = topLabels(sketches.map((sketch) => sketch.key));
  const favouriteMoods = topLabels(sketches.flatMap((sketch) => (sketch.mood ? [sketch.mood] : [])));
  return {
    influencer: persona.id,
    mood,
    energy,
    familiarity,
    streakDays,
    favouriteKeys,
    favouriteMoods,
    lastSeen: lastSeen?.toISOString() ?? null,
    greeting: greetingOf(persona, { lastSeen, mood, favouriteKey: favouriteKeys[0], lastSketch: sketches[0] }),
  };
}

/** 0.6 × the last week's activity (10 entries = full) + 0.4 × the tempo of the newest sketches (0.5 without any). */
function energyOf(entries: readonly HistoryEntry[], sketches: readonly LyraSketch[], now: Date): number {
  const weekAgo = now.getTime() - 7 * DAY_MS;
  const recent = Math.min(1, entries.filter(({ createdAt }) => createdAt.getTime() > weekAgo).length / BUSY_WEEK_ENTRIES);
  const tempos = sketches.slice(0, TEMPO_SKETCHES).map(({ bpm }) => bpm);
  const meanBpm = tempos.length ? tempos.reduce((sum, bpm) => sum + bpm, 0) / tempos.length : (SLOW_BPM + FAST_BPM) / 2;
  const tempo = Math.min(1, Math.max(0, (meanBpm - SLOW_BPM) / (FAST_BPM - SLOW_BPM)));
  return round2(0.6 * recent + 0.4 * tempo);
}

/** Curious with no history; wistful after two weeks away; excited on a streak of 3 days; playful when energetic; warm otherwise. */
function moodOf({ lastSeen, streakDays, energy, now }: { lastSeen: Date | null; streakDays: number; energy: number; now: Date }): Mood {
  if (!lastSeen) return 'curious';
  if (now.getTime() - lastSeen.getTime() > AWAY_DAYS * DAY_MS) return 'wistful';
  if (streakDays >= STREAK_EXCITED) return 'excited';
  return energy >= 0.5 ? 'playful' : 'warm';
}

/** Consecutive UTC days with activity, ending today or yesterday. */
function streak(days: ReadonlySet<string>, now: Date): number {
  let day = now.getTime();
  if (!days.has(utcDay(new Date(day)))) day -= DAY_MS;
  let count = 0;
  while (days.has(utcDay(new Date(day)))) {
    count += 1;
    day -= DAY_MS;
  }
  return count;
}

/** The most frequent labels first (ties by label), at most three. */
function topLabels(labels: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const label of labels) counts.set(label, (counts.get(label) ?? 0) + 1);
  return [...counts]
    .sort(([a, countA], [b, countB]) => countB - countA || a.localeCompare(b))
    .slice(0, FAVOURITES)
    .map(([label]) => label);
}

function greetingOf(
  { greetings }: Persona,
  { lastSeen, mood, favouriteKey, lastSketch }: { lastSeen: Date | null; mood: Mood; favouriteKey?: string; lastSketch?: LyraSketch },
): string {
  if (!lastSeen) return greetings.first;
  if (!lastSketch) return greetings.returning;
  const template = mood === 'wistful' ? greetings.longAway : greetings.returningWithSketch;
  return template.replaceAll('{key}', favouriteKey ?? lastSketch.key).replaceAll('{title}', lastSketch.title);
}

const utcDay = (date: Date) => date.toISOString().slice(0, 10);
const round2 = (value: number) => Math.round(value * 100) / 100;
