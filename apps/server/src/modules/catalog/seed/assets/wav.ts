/**
 * Minimal RIFF/WAVE writer for 24-bit integer PCM.
 *
 * Written by hand because the format is tiny and a dependency would add
 * nothing. Format tag 1 (plain PCM) with 24 bits is what DAWs and sample packs
 * use in practice; every mainstream reader accepts it.
 */

const BYTES_PER_SAMPLE = 3;
/** Largest positive 24-bit value; negative full scale uses the same magnitude so 0 stays centred. */
const MAX_24 = 0x7fffff;

/**
 * Clamps to [-1, 1] and rounds to a signed 24-bit integer (NaN becomes
 * silence). Rounds half away from zero so positive and negative halves match.
 */
function toInt24(sample: number): number {
  if (Number.isNaN(sample)) return 0;
  const clamped = Math.max(-1, Math.min(1, sample));
  return Math.sign(clamped) * Math.round(Math.abs(clamped) * MAX_24);
}

function writeAscii(view: DataView, offset: number, text: string): void {
  for (let i = 0; i < text.length; i++) view.setUint8(offset + i, text.charCodeAt(i));
}

/**
 * Encodes channels of float samples (one Float32Array per channel, all the same
 * length, values in [-1, 1]) as a 24-bit PCM WAV file.
 */
export function encodeWav24(samples: Float32Array[], sampleRate = 44100): Uint8Array {
  const channels = samples.length;
  if (channels === 0) throw new Error('encodeWav24() needs at least one channel');
  const frames = (samples[0] as Float32Array).length;
  if (samples.some((channel) => channel.length !== frames)) throw new Error('All WAV channels must have the same length');

  const blockAlign = channels * BYTES_PER_SAMPLE;
  const dataSize = frames * blockAlign;
  // RIFF chunks are word aligned: an odd-sized data chunk is followed by a pad byte.
  const padding = dataSize % 2;
  const bytes = new Uint8Array(44 + dataSize + padding);
  const view = new DataView(bytes.buffer);

  writeAscii(view, 0, 'RIFF');
  view.setUint32(4, 36 + dataSize + padding, true);
  writeAscii(view, 8, 'WAVE');
  writeAscii(view, 12, 'fmt ');
  view.setUint32(16, 16, true); // fmt chunk size for plain PCM
  view.setUint16(20, 1, true); // format tag 1 = integer PCM
  view.setUint16(22, channels, true);
  view.setUint32(24, sampleRate, true);
  view.setUint32(28, sampleRate * blockAlign, true); // byte rate
  view.setUint16(32, blockAlign, true);
  view.setUint16(34, BYTES_PER_SAMPLE * 8, true);
  writeAscii(view, 36, 'data');
  view.setUint32(40, dataSize, true);

  // Interleave frame by frame, little-endian, two's complement.
  let offset = 44;
  for (let frame = 0; frame < frames; frame++) {
    for (let channel = 0; channel < channels; channel++) {
      const value = toInt24((samples[channel] as Float32Array)[frame] as number);
      bytes[offset] = value & 0xff;
      bytes[offset + 1] = (value >> 8) & 0xff;
      bytes[offset + 2] = (value >> 16) & 0xff;
      offset += BYTES_PER_SAMPLE;
    }
  }
  return bytes;
}
