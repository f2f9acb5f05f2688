/**
 * What an uploaded file really is, from its first bytes (never its name or the type the
 * browser claimed), and an image's intrinsic size from its header.
 */
export type ImageFormat = 'jpeg' | 'png' | 'gif' | 'webp';
export type MediaKind =
  { kind: 'image'; format: ImageFormat } | { kind: 'audio'; extension: 'mp3' | 'ogg' | 'wav' | 'flac' | 'm4a' } | { kind: 'video'; extension: 'mp4' | 'webm' };

/** Enough of a file's start for every check below. */
export const SNIFF_BYTES = 64;

const ascii = (bytes: Uint8Array, start: number, length: number) => String.fromCharCode(...bytes.subarray(start, start + length));
const startsWith = (bytes: Uint8Array, signature: number[], at = 0) => signature.every((byte, index) => bytes[at + index] === byte);

/** The file's kind, or undefined when it is none the store shows on a product page. */
export function sniffMedia(head: Uint8Array): MediaKind | undefined {
  if (startsWith(head, [0xff, 0xd8, 0xff])) return { kind: 'image', format: 'jpeg' };
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return { kind: 'image', format: 'png' };
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return { kind: 'image', format: 'gif' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WEBP') return { kind: 'image', format: 'webp' };
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 4) === 'WAVE') return { kind: 'audio', extension: 'wav' };
  if (ascii(head, 0, 4) === 'OggS') return { kind: 'audio', extension: 'ogg' };
  if (ascii(head, 0, 4) === 'fLaC') return { kind: 'audio', extension: 'flac' };
  if (ascii(head, 0, 3) === 'ID3' || isMpegAudioFrame(head)) return { kind: 'audio', extension: 'mp3' };
  if (ascii(head, 4, 4) === 'ftyp')
    return ['M4A ', 'M4B '].includes(ascii(head, 8, 4)) ? { kind: 'audio', extension: 'm4a' } : { kind: 'video', extension: 'mp4' };
  if (startsWith(head, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: 'video', extension: 'webm' };
  return undefined;
}

/** An MPEG audio frame's sync word (11 bits set) with a layer that is not 'reserved'. */
const isMpegAudioFrame = (head: Uint8Array) => head[0] === 0xff && ((head[1] ?? 0) & 0xe0) === 0xe0 && ((head[1] ?? 0) & 0x06) !== 0;

const u16be = (bytes: Uint8Array, at: number) => ((bytes[at] ?? 0) << 8) | (bytes[at + 1] ?? 0);
const u16le = (bytes: Uint8Array, at: number) => (bytes[at] ?? 0) | ((bytes[at + 1] ?? 0) << 8);
const u24le = (bytes: Uint8Array, at: number) => u16le(bytes, at) | ((bytes[at + 2] ?? 0) << 16);
const u32be = (bytes: Uint8Array, at: number) => u16be(bytes, at) * 65_536 + u16be(bytes, at + 2);

/** The image's width and height in pixels, or undefined when its header is not readable. */
export function imageSize(bytes: Uint8Array, format: ImageFormat): { width: number; height: number } | undefined {
  const size = sizeFromHeader(bytes, format);
  return size && size.width > 0 && size.height > 0 ? size : undefined;
}

function sizeFromHeader(bytes: Uint8Array, format: ImageFormat) {
  switch (format) {
    case 'png':
      return ascii(bytes, 12, 4) === 'IHDR' ? { width: u32be(bytes, 16), height: u32be(bytes, 20) } : undefined;
    case 'gif':
      return { width: u16le(bytes, 6), height: u16le(bytes, 8) };
    case 'webp':
      return webpSize(bytes);
    case 'jpeg':
      return jpegSize(bytes);
  }
}

function webpSize(bytes: Uint8Array) {
  const chunk = ascii(bytes, 12, 4);
  if (chunk === 'VP8X') return { width: 1 + u24le(bytes, 24), height: 1 + u24le(bytes, 27) };
  if (chunk === 'VP8 ') return { width: u16le(bytes, 26) & 0x3fff, height: u16le(bytes, 28) & 0x3fff };
  if (chunk === 'VP8L') {
    const [b1 = 0, b2 = 0, b3 = 0, b4 = 0] = bytes.subarray(21, 25);
    return { width: 1 + (((b2 & 0x3f) << 8) | b1), height: 1 + (((b4 & 0x0f) << 10) | (b3 << 2) | ((b2 & 0xc0) >> 6)) };
  }
  return undefined;
}

/** The size in the first start-of-frame segment (SOF0–SOF15, not DHT, JPG or DAC). */
function jpegSize(bytes: Uint8Array) {
  let at = 2;
  while (at + 9 < bytes.length) {
    if (bytes[at] !== 0xff) return undefined;
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker >= 0xc0 && marker <= 0xcf && ![0xc4, 0xc8, 0xcc].includes(marker)) {
      return { height: u16be(bytes, at + 5), width: u16be(bytes, at + 7) };
    }
    at += 2 + u16be(bytes, at + 2);
  }
  return undefined;
}
