import { afterEach, describe, expect, it } from 'vitest';
import { safePathSegment, textFile, zipFiles } from './zip';
import { bytesEqual, text, unzip } from './test-support';

const originalTz = process.env.TZ;

/** DOS date/time of the first local file header (offset 10: time, 12: date). */
function firstEntryTimestamp(zip: Uint8Array) {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  const time = view.getUint16(10, true);
  const date = view.getUint16(12, true);
  return { year: 1980 + (date >> 9), month: (date >> 5) & 15, day: date & 31, hours: time >> 11, minutes: (time >> 5) & 63 };
}

describe('zipFiles', () => {
  afterEach(() => {
    if (originalTz === undefined) delete process.env.TZ;
    else process.env.TZ = originalTz;
  });

  it('round-trips entries through unzip', () => {
    const entries = { 'A/readme.txt': textFile('hello'), 'A/B/loop.wav': new Uint8Array([1, 2, 3, 250]) };
    const unzipped = unzip(zipFiles(entries));
    expect(Object.keys(unzipped)).toEqual(['A/readme.txt', 'A/B/loop.wav']);
    expect(text(unzipped['A/readme.txt'])).toBe('hello');
    expect([...unzipped['A/B/loop.wav']!]).toEqual([1, 2, 3, 250]);
  });

  it('stamps every entry 2026-01-01 12:00, whatever the clock or time zone', () => {
    const entries = { 'a.txt': textFile('a') };
    const zips = ['UTC', 'Pacific/Auckland', 'America/Los_Angeles'].map((zone) => {
      process.env.TZ = zone;
      return zipFiles(entries);
    });
    expect(firstEntryTimestamp(zips[0]!)).toEqual({ year: 2026, month: 1, day: 1, hours: 12, minutes: 0 });
    expect(bytesEqual(zips[0]!, zips[1]!)).toBe(true);
    expect(bytesEqual(zips[0]!, zips[2]!)).toBe(true);
  });

  it('deflates text and MIDI hard', () => {
    const zip = zipFiles({ 'big.txt': textFile('la '.repeat(10_000)) });
    expect(zip.length).toBeLessThan(1000);
  });
});

describe('safePathSegment', () => {
  it('drops characters Windows and macOS reject, and trailing dots', () => {
    expect(safePathSegment('SW SELECT: SAMPLE LOOPS vol.2')).toBe('SW SELECT SAMPLE LOOPS vol.2');
    expect(safePathSegment('a/b\\c*?"<>|  d...')).toBe('a b c d');
    expect(safePathSegment(':::')).toBe('Untitled');
    expect(safePathSegment('a\u0000b\u001fc')).toBe('a b c');
  });
});
