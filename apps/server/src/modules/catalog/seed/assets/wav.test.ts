import { describe, expect, it } from 'vitest';
import { parseWavHeader as parseWav } from './test-support';
import { encodeWav24 } from './wav';

/** Signed 24-bit little-endian sample at a byte offset. */
function sampleAt(bytes: Uint8Array, offset: number): number {
  const value = (bytes[offset] as number) | ((bytes[offset + 1] as number) << 8) | ((bytes[offset + 2] as number) << 16);
  return value & 0x800000 ? value - 0x1000000 : value;
}

describe('encodeWav24', () => {
  it('writes a valid 24-bit 44.1 kHz PCM header for a stereo file', () => {
    const frames = 1000;
    const bytes = encodeWav24([new Float32Array(frames), new Float32Array(frames)]);
    const header = parseWav(bytes);
    expect(header).toEqual({
      riff: 'RIFF',
      riffSize: bytes.length - 8,
      wave: 'WAVE',
      fmt: 'fmt ',
      fmtSize: 16,
      formatTag: 1,
      channels: 2,
      sampleRate: 44100,
      byteRate: 44100 * 2 * 3,
      blockAlign: 6,
      bitsPerSample: 24,
      data: 'data',
      dataSize: frames * 2 * 3,
    });
    expect(bytes.length).toBe(44 + frames * 6);
  });

  it('honours a custom sample rate and mono', () => {
    const header = parseWav(encodeWav24([new Float32Array(10)], 48000));
    expect(header.channels).toBe(1);
    expect(header.sampleRate).toBe(48000);
    expect(header.byteRate).toBe(48000 * 3);
    expect(header.dataSize).toBe(30);
  });

  it('quantises to little-endian 24-bit, clamps to full scale and silences NaN', () => {
    const bytes = encodeWav24([Float32Array.from([0, 0.5, -0.5, 1, -1, 2, -2, Number.NaN])]);
    const values = Array.from({ length: 8 }, (_, index) => sampleAt(bytes, 44 + index * 3));
    expect(values).toEqual([0, 4194304, -4194304, 8388607, -8388607, 8388607, -8388607, 0]);
  });

  it('interleaves channels frame by frame', () => {
    const bytes = encodeWav24([Float32Array.from([1, 0]), Float32Array.from([-1, 0.5])]);
    expect([0, 1, 2, 3].map((index) => sampleAt(bytes, 44 + index * 3))).toEqual([8388607, -8388607, 0, 4194304]);
  });

  it('pads an odd-sized data chunk to a word boundary without counting the pad', () => {
    const bytes = encodeWav24([new Float32Array(3)]);
    const header = parseWav(bytes);
    expect(header.dataSize).toBe(9);
    expect(bytes.length).toBe(44 + 9 + 1);
    expect(header.riffSize).toBe(bytes.length - 8);
  });

  it('rejects no channels and channels of different lengths', () => {
    expect(() => encodeWav24([])).toThrow();
    expect(() => encodeWav24([new Float32Array(2), new Float32Array(3)])).toThrow();
  });
});
