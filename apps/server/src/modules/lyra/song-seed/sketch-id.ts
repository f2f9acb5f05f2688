/**
 * A sketch id is its parameters, packed into 10 bytes and written in base64url (14 characters),
 * so `GET /api/lyra/sketches/{id}.mid` makes the same file again without storing anything.
 *
 * byte 0 version · 1 tonic index · 2 mode (bit 0), bars (bits 1–2), ii–V–I (bit 3) · 3 bpm − 40 ·
 * 4 style index · 5 mood index + 1 (0: none) · 6–9 seed (uint32, big-endian)
 */
import { MOODS, SONG_SEED_VERSION, STYLES, TONICS, type SketchParams } from './sketch-params';
import { MAX_BPM, MIN_BPM, SKETCH_BARS } from './wish';

const ID_BYTES = 10;
const ID_PATTERN = /^[A-Za-z0-9_-]{14}$/;

export function encodeSketchId(params: SketchParams): string {
  const tonic = TONICS.indexOf(params.tonic as (typeof TONICS)[number]);
  if (tonic < 0) throw new Error(`Unknown tonic '${params.tonic}'`);
  const bytes = Buffer.alloc(ID_BYTES);
  bytes[0] = params.version;
  bytes[1] = tonic;
  bytes[2] = (params.mode === 'minor' ? 1 : 0) | (SKETCH_BARS.indexOf(params.bars) << 1) | (params.twoFiveOne ? 8 : 0);
  bytes[3] = params.bpm - MIN_BPM;
  bytes[4] = STYLES.indexOf(params.style);
  bytes[5] = params.mood === null ? 0 : MOODS.indexOf(params.mood) + 1;
  bytes.writeUInt32BE(params.seed >>> 0, 6);
  return bytes.toString('base64url');
}

/** The parameters of an id, or null for anything this version did not write (never throws). */
export function decodeSketchId(id: string): SketchParams | null {
  if (!ID_PATTERN.test(id)) return null;
  const bytes = Buffer.from(id, 'base64url');
  // base64url has several spellings of the same bytes (the last character's spare bits): accept one.
  if (bytes.length !== ID_BYTES || bytes.toString('base64url') !== id) return null;
  const [version, tonicIndex, flags, bpmOffset, styleIndex, moodIndex] = [...bytes.subarray(0, 6)] as [number, number, number, number, number, number];
  const tonic = TONICS[tonicIndex];
  const bars = SKETCH_BARS[(flags >> 1) & 3];
  const style = STYLES[styleIndex];
  const bpm = bpmOffset + MIN_BPM;
  if (version !== SONG_SEED_VERSION || !tonic || !bars || !style || flags > 15 || bpm > MAX_BPM || moodIndex > MOODS.length) return null;
  return {
    version,
    tonic,
    mode: flags & 1 ? 'minor' : 'major',
    bars,
    twoFiveOne: (flags & 8) !== 0,
    bpm,
    style,
    mood: moodIndex === 0 ? null : MOODS[moodIndex - 1]!,
    seed: bytes.readUInt32BE(6),
  };
}
