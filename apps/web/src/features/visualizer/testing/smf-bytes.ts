/** Builds Standard MIDI Files byte by byte for the tests (no MIDI library involved). */

export function vlq(value: number): number[] {
  const bytes = [value & 0x7f];
  for (let rest = value >> 7; rest > 0; rest >>= 7) bytes.unshift((rest & 0x7f) | 0x80);
  return bytes;
}

const ascii = (text: string) => Array.from(text, (char) => char.charCodeAt(0));
const uint32 = (value: number) => [(value >>> 24) & 0xff, (value >>> 16) & 0xff, (value >>> 8) & 0xff, value & 0xff];
const uint16 = (value: number) => [(value >> 8) & 0xff, value & 0xff];

export function header({ format = 1, tracks = 1, division = 480, length = 6 } = {}): number[] {
  return [...ascii('MThd'), ...uint32(length), ...uint16(format), ...uint16(tracks), ...uint16(division)];
}

export function track(events: number[], tag = 'MTrk'): number[] {
  const body = [...events, ...endOfTrack()];
  return [...ascii(tag), ...uint32(body.length), ...body];
}

/** Delta time then event bytes. */
export const at = (delta: number, ...bytes: number[]) => [...vlq(delta), ...bytes];
export const noteOn = (delta: number, note: number, velocity = 100, channel = 0) => at(delta, 0x90 | channel, note, velocity);
export const noteOff = (delta: number, note: number, channel = 0) => at(delta, 0x80 | channel, note, 0);
export const controlChange = (delta: number, controller: number, value: number, channel = 0) => at(delta, 0xb0 | channel, controller, value);
/** Tempo meta event: microseconds per quarter note. */
export const tempo = (delta: number, bpm: number) => {
  const microseconds = Math.round(60_000_000 / bpm);
  return at(delta, 0xff, 0x51, 0x03, (microseconds >> 16) & 0xff, (microseconds >> 8) & 0xff, microseconds & 0xff);
};
const endOfTrack = () => at(0, 0xff, 0x2f, 0x00);

export function smf(...tracks: number[][]): Uint8Array<ArrayBuffer> {
  return new Uint8Array([...header({ tracks: tracks.length }), ...tracks.flat()]);
}
