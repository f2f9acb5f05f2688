import { SUSTAIN_PEDAL_OFF_MAX } from '../constants';

/** One pedal event: seconds, and the controller value 0..127. */
export interface PedalEvent {
  time: number;
  value: number;
}

/** The pedal's down periods [start, end), end Infinity when it is never released. */
export function pedalIntervals(events: readonly PedalEvent[]): Array<[number, number]> {
  const intervals: Array<[number, number]> = [];
  let downSince: number | undefined;
  for (const { time, value } of [...events].sort((a, b) => a.time - b.time)) {
    const down = value > SUSTAIN_PEDAL_OFF_MAX;
    if (down && downSince === undefined) downSince = time;
    if (!down && downSince !== undefined) {
      intervals.push([downSince, time]);
      downSince = undefined;
    }
  }
  if (downSince !== undefined) intervals.push([downSince, Number.POSITIVE_INFINITY]);
  return intervals;
}

interface TimedNote {
  midi: number;
  start: number;
  end: number;
}

/**
 * Holds notes released while the pedal is down until the pedal comes up (a pedal never
 * released holds them to `songEnd`); a held note stops when the same key is struck again.
 */
export function applySustain<T extends TimedNote>(notes: readonly T[], pedal: readonly PedalEvent[], songEnd: number): T[] {
  const intervals = pedalIntervals(pedal);
  if (intervals.length === 0) return [...notes];
  const held = notes.map((note) => {
    const interval = intervals.find(([down, up]) => note.end >= down && note.end < up);
    if (!interval) return { ...note };
    const release = Number.isFinite(interval[1]) ? interval[1] : songEnd;
    return { ...note, end: Math.max(note.end, release) };
  });
  const byKey = new Map<number, T[]>();
  for (const note of held) byKey.set(note.midi, [...(byKey.get(note.midi) ?? []), note]);
  for (const sameKey of byKey.values()) {
    sameKey.sort((a, b) => a.start - b.start);
    for (let index = 0; index + 1 < sameKey.length; index += 1) {
      const note = sameKey[index]!;
      const next = sameKey[index + 1]!;
      if (note.end > next.start) note.end = Math.max(next.start, note.start);
    }
  }
  return held;
}
