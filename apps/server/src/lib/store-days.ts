/**
 * The store's calendar: days and months counted in its time zone (STORE_TIMEZONE), so a sale at
 * 23:30 in Berlin is on the day the maker lived it, whatever the server's clock says.
 */

const wallClocks = new Map<string, Intl.DateTimeFormat>();

/** The year, month, day, hour, minute and second of `timeZone`'s wall clock at `instant` (one formatter per zone, made once). */
function wallClockParts(instant: Date, timeZone: string) {
  let wallClock = wallClocks.get(timeZone);
  if (!wallClock) {
    const options = {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    } as const;
    wallClock = new Intl.DateTimeFormat('en-US', options);
    wallClocks.set(timeZone, wallClock);
  }
  return wallClock.formatToParts(instant);
}

/** How far `timeZone`'s wall clock is ahead of UTC at `instant`, in milliseconds. */
function offsetAt(instant: Date, timeZone: string): number {
  const parts = Object.fromEntries(wallClockParts(instant, timeZone).map((part) => [part.type, Number(part.value)]));
  const wallClock = Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
  return wallClock - Math.floor(instant.getTime() / 1000) * 1000;
}

/** The instant a store day (`YYYY-MM-DD`) begins in `timeZone` (midnight, or the first hour a DST jump leaves). */
export function startOfStoreDay(day: string, timeZone: string): Date {
  const [year, month, date] = day.split('-').map(Number);
  const midnightUtc = Date.UTC(year!, month! - 1, date!);
  // The offset at the guess can differ from the one at the answer across a DST change: ask twice.
  let start = midnightUtc - offsetAt(new Date(midnightUtc), timeZone);
  start = midnightUtc - offsetAt(new Date(start), timeZone);
  return new Date(start);
}

/** The day after `day` (`YYYY-MM-DD`). */
export function nextDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, date! + 1)).toISOString().slice(0, 10);
}

/** `from`…`to` (inclusive store days) as the instants `[start, end)`; an open side stays undefined. */
export function storeDayRange(range: { from?: string; to?: string }, timeZone: string): { start?: Date; end?: Date } {
  return {
    start: range.from ? startOfStoreDay(range.from, timeZone) : undefined,
    end: range.to ? startOfStoreDay(nextDay(range.to), timeZone) : undefined,
  };
}

/** The store day (`YYYY-MM-DD`) an instant falls on. */
export function storeDayOf(instant: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(instant);
}

const DAY_MS = 86_400_000;
/** Past this many UTC days a zone's remembered offsets start over. */
const MAX_REMEMBERED_DAYS = 5000;
/** Per zone, per UTC day: the zone's offset all that day, or null on a day it changes (a DST switch). */
const steadyOffsets = new Map<string, Map<number, number | null>>();

/**
 * `offsetAt`, asked of the time-zone database twice per UTC day rather than once per instant: an
 * export of thousands of orders spent most of its own time there. A day whose offset is the same
 * at its first and last second has that offset throughout (no zone changes twice in a day); on a
 * day it differs, each instant is asked for.
 */
function steadyOffsetAt(instant: Date, timeZone: string): number {
  let days = steadyOffsets.get(timeZone);
  if (!days) steadyOffsets.set(timeZone, (days = new Map()));
  const day = Math.floor(instant.getTime() / DAY_MS);
  let offset = days.get(day);
  if (offset === undefined) {
    const atStart = offsetAt(new Date(day * DAY_MS), timeZone);
    offset = atStart === offsetAt(new Date((day + 1) * DAY_MS - 1000), timeZone) ? atStart : null;
    if (days.size >= MAX_REMEMBERED_DAYS) days.clear();
    days.set(day, offset);
  }
  return offset ?? offsetAt(instant, timeZone);
}

/** The store day and wall-clock time (`YYYY-MM-DD`, `HH:MM:SS`) of an instant. */
export function storeDateTime(at: Date, timeZone: string): { date: string; time: string } {
  // The wall clock as if it were UTC, read off its ISO form (`YYYY-MM-DDTHH:MM:SS.000Z` for years 0–9999).
  const wallClock = new Date(Math.floor(at.getTime() / 1000) * 1000 + steadyOffsetAt(at, timeZone)).toISOString();
  if (wallClock.length === 24) return { date: wallClock.slice(0, 10), time: wallClock.slice(11, 19) };
  const parts = Object.fromEntries(wallClockParts(at, timeZone).map((part) => [part.type, part.value.padStart(2, '0')]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}:${parts.second}` };
}

/** `2026-11-21 13:05` in the store's time zone. */
export function storeTime(at: Date, timeZone: string): string {
  const { date, time } = storeDateTime(at, timeZone);
  return `${date} ${time.slice(0, 5)}`;
}
