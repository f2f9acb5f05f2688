/**
 * Deterministic zip writing on top of fflate.
 *
 * Zip entries carry a modification time; leaving it to the clock would change
 * the archive bytes (and its sha256) on every build, so it is pinned.
 */
import { zipSync, type Zippable } from 'fflate';

/**
 * 2026-01-01 12:00, built with the *local-time* Date constructor on purpose:
 * fflate writes DOS timestamps from local-time getters, so a UTC instant would
 * give different bytes in different time zones. Built per call so even a
 * runtime TZ change cannot shift it; noon keeps clear of daylight-saving edges.
 */
function fixedModificationTime(): Date {
  return new Date(2026, 0, 1, 12, 0, 0);
}

/**
 * Audio and already-compressed files shrink little under deflate (WAV loops
 * ~7%, mostly the quiet gaps in drum loops), so they get the fastest level;
 * text and MIDI shrink a lot and are tiny, so they get the best one.
 */
const BINARY_EXTENSIONS = ['.wav', '.aif', '.aiff', '.flac', '.mp3', '.ogg', '.zip', '.png', '.jpg'];

function levelFor(path: string): 1 | 9 {
  const lower = path.toLowerCase();
  return BINARY_EXTENSIONS.some((extension) => lower.endsWith(extension)) ? 1 : 9;
}

/**
 * Zips `entries` (path inside the zip → bytes) in insertion order. Paths use
 * '/' separators; folders are implied by the paths.
 */
export function zipFiles(entries: Record<string, Uint8Array>): Uint8Array {
  const mtime = fixedModificationTime();
  const zippable: Zippable = {};
  for (const [path, bytes] of Object.entries(entries)) {
    zippable[path] = [bytes, { level: levelFor(path), mtime }];
  }
  return zipSync(zippable, { mtime });
}

/**
 * UTF-8 bytes of a text file. Plain LF line endings: every current editor,
 * Notepad included, shows them, and scripts reading VERSION.txt get no stray \r.
 */
export function textFile(text: string): Uint8Array {
  return new TextEncoder().encode(text);
}

/**
 * Makes a title safe as a folder/file name on Windows, macOS and Linux:
 * drops reserved characters, collapses spaces and trims trailing dots.
 */
export function safePathSegment(name: string): string {
  const printable = [...name].map((char) => (char.charCodeAt(0) < 0x20 ? ' ' : char)).join('');
  const cleaned = printable
    .replace(/[<>:"/\\|?*]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/[. ]+$/, '');
  return cleaned || 'Untitled';
}
