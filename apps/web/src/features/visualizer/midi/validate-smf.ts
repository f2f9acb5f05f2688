import { MidiParseError } from './midi-parse-error';

/**
 * Checks a Standard MIDI File's structure before @tonejs/midi reads it, so every failure listed in
 * docs/behaviour/visualiser.md#midi-validation comes out as a clear MidiParseError instead of a library message or,
 * worse, a silently empty song: a header of at least 14 bytes tagged 'MThd' with length 6,
 * each track chunk tagged 'MTrk' and complete, and only event types the player knows.
 */

const HEADER_BYTES = 14;
const HEADER_LENGTH = 6;

/** Meta events of the SMF 1.0 specification: texts (0x00–0x0F), channel/port prefix, end of track, tempo, SMPTE offset, time and key signature, sequencer-specific. */
const META_TYPES = new Set([...Array.from({ length: 0x10 }, (_, type) => type), 0x20, 0x21, 0x2f, 0x51, 0x54, 0x58, 0x59, 0x7f]);

const hex = (value: number) => `0x${value.toString(16).toUpperCase().padStart(2, '0')}`;

function tagAt(bytes: Uint8Array, offset: number): string {
  return String.fromCharCode(...bytes.subarray(offset, offset + 4));
}

function uint32(bytes: Uint8Array, offset: number): number {
  return ((bytes[offset]! << 24) | (bytes[offset + 1]! << 16) | (bytes[offset + 2]! << 8) | bytes[offset + 3]!) >>> 0;
}

export interface SmfHeader {
  format: number;
  trackCount: number;
  division: number;
}

export function validateSmf(bytes: Uint8Array): SmfHeader {
  if (bytes.length < HEADER_BYTES) {
    throw new MidiParseError(`Invalid MIDI file: the header is ${bytes.length} bytes, shorter than ${HEADER_BYTES}`);
  }
  if (tagAt(bytes, 0) !== 'MThd') throw new MidiParseError("Invalid MIDI file: unexpected bytes where 'MThd' was expected");
  const headerLength = uint32(bytes, 4);
  if (headerLength !== HEADER_LENGTH) {
    throw new MidiParseError(`Invalid MIDI file: header length is ${headerLength}, expected ${HEADER_LENGTH}`);
  }
  const header = { format: (bytes[8]! << 8) | bytes[9]!, trackCount: (bytes[10]! << 8) | bytes[11]!, division: (bytes[12]! << 8) | bytes[13]! };
  let offset = 8 + HEADER_LENGTH;
  for (let track = 1; track <= header.trackCount; track += 1) {
    if (offset + 8 > bytes.length || tagAt(bytes, offset) !== 'MTrk') {
      throw new MidiParseError(`Invalid MIDI file: unexpected bytes where 'MTrk' was expected (track ${track}, byte ${offset})`);
    }
    const length = uint32(bytes, offset + 4);
    const start = offset + 8;
    if (start + length > bytes.length) throw new MidiParseError(`Invalid MIDI file: track ${track} is cut short`);
    validateEvents(bytes.subarray(start, start + length), track, start);
    offset = start + length;
  }
  return header;
}

/** Walks a track's events: delta times, running status, meta, system-exclusive and channel messages. */
function validateEvents(data: Uint8Array, track: number, base: number): void {
  let position = 0;
  let runningStatus = 0;
  const fail = (message: string): never => {
    throw new MidiParseError(`Invalid MIDI file: ${message} (track ${track}, byte ${base + position})`);
  };
  const readLength = () => {
    let value = 0;
    for (let count = 0; count < 4; count += 1) {
      if (position >= data.length) fail('the track ends inside an event');
      const byte = data[position++]!;
      value = (value << 7) | (byte & 0x7f);
      if ((byte & 0x80) === 0) return value;
    }
    return fail('a variable-length number is longer than 4 bytes');
  };
  const skip = (count: number) => {
    if (position + count > data.length) fail('the track ends inside an event');
    position += count;
  };

  while (position < data.length) {
    readLength();
    if (position >= data.length) fail('the track ends inside an event');
    let status = data[position]!;
    if (status < 0x80) {
      // Running status: the data byte belongs to the previous channel message's type.
      if (runningStatus === 0) fail(`unsupported MIDI event type ${hex(status)}`);
      status = runningStatus;
    } else {
      position += 1;
    }
    if (status === 0xff) {
      if (position >= data.length) fail('the track ends inside an event');
      const type = data[position]!;
      if (!META_TYPES.has(type)) fail(`unsupported meta event type ${hex(type)}`);
      position += 1;
      skip(readLength());
      runningStatus = 0;
    } else if (status === 0xf0 || status === 0xf7) {
      skip(readLength());
      runningStatus = 0;
    } else if (status >= 0xf0) {
      position -= 1;
      fail(`unsupported MIDI event type ${hex(status)}`);
    } else {
      const type = status & 0xf0;
      skip(type === 0xc0 || type === 0xd0 ? 1 : 2);
      runningStatus = status;
    }
  }
}
