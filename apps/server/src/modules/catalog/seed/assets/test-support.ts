/**
 * Helpers shared by this folder's tests: read generated files back with
 * independent code paths (DataView, @tonejs/midi's parser, fflate's unzip).
 */
import { unzipSync } from 'fflate';
import { Midi } from '#server/lib/midi/tonejs-midi.ts';

export function parseMidi(bytes: Uint8Array) {
  return new Midi(bytes);
}

export interface WavHeader {
  riff: string;
  riffSize: number;
  wave: string;
  fmt: string;
  fmtSize: number;
  formatTag: number;
  channels: number;
  sampleRate: number;
  byteRate: number;
  blockAlign: number;
  bitsPerSample: number;
  data: string;
  dataSize: number;
}

/** The canonical 44-byte header of a plain PCM WAV file. */
export function parseWavHeader(bytes: Uint8Array): WavHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const ascii = (offset: number) => String.fromCharCode(...bytes.subarray(offset, offset + 4));
  return {
    riff: ascii(0),
    riffSize: view.getUint32(4, true),
    wave: ascii(8),
    fmt: ascii(12),
    fmtSize: view.getUint32(16, true),
    formatTag: view.getUint16(20, true),
    channels: view.getUint16(22, true),
    sampleRate: view.getUint32(24, true),
    byteRate: view.getUint32(28, true),
    blockAlign: view.getUint16(32, true),
    bitsPerSample: view.getUint16(34, true),
    data: ascii(36),
    dataSize: view.getUint32(40, true),
  };
}

export function unzip(bytes: Uint8Array): Record<string, Uint8Array> {
  return unzipSync(bytes);
}

export function text(bytes: Uint8Array | undefined): string {
  if (!bytes) throw new Error('missing zip entry');
  return new TextDecoder().decode(bytes);
}

export function bytesEqual(a: Uint8Array, b: Uint8Array): boolean {
  return Buffer.from(a.buffer, a.byteOffset, a.byteLength).equals(b);
}

export interface WebpHeader {
  riff: string;
  riffSize: number;
  webp: string;
  chunk: string;
  width: number;
  height: number;
}

/** Reads a simple lossy WebP's container and VP8 frame header (RFC 9649, §2.5 and the VP8 key frame). */
export function readWebpHeader(bytes: Uint8Array): WebpHeader {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = (offset: number, length: number) => String.fromCharCode(...bytes.subarray(offset, offset + length));
  const chunk = text(12, 4);
  if (chunk !== 'VP8 ') return { riff: text(0, 4), riffSize: view.getUint32(4, true), webp: text(8, 4), chunk, width: 0, height: 0 };
  // Frame tag (3 bytes) at 20, start code 9d 01 2a at 23, then 14-bit width and height.
  if (bytes[23] !== 0x9d || bytes[24] !== 0x01 || bytes[25] !== 0x2a) throw new Error('no VP8 key frame start code');
  return {
    riff: text(0, 4),
    riffSize: view.getUint32(4, true),
    webp: text(8, 4),
    chunk,
    width: view.getUint16(26, true) & 0x3fff,
    height: view.getUint16(28, true) & 0x3fff,
  };
}
