import { describe, expect, it } from 'vitest';
import { imageSize, sniffMedia } from './media-kind';

const bytes = (...parts: Array<string | number[]>) =>
  Buffer.concat(parts.map((part) => (typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part))));

describe('sniffMedia', () => {
  it.each([
    ['JPEG', bytes([0xff, 0xd8, 0xff, 0xe0]), { kind: 'image', format: 'jpeg' }],
    ['PNG', bytes([0x89], 'PNG\r\n\x1a\n'), { kind: 'image', format: 'png' }],
    ['GIF', bytes('GIF89a'), { kind: 'image', format: 'gif' }],
    ['WebP', bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '), { kind: 'image', format: 'webp' }],
    ['WAV', bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '), { kind: 'audio', extension: 'wav' }],
    ['MP3 with a tag', bytes('ID3', [4, 0]), { kind: 'audio', extension: 'mp3' }],
    ['MP3 without a tag', bytes([0xff, 0xfb, 0x90, 0x64]), { kind: 'audio', extension: 'mp3' }],
    ['OGG', bytes('OggS'), { kind: 'audio', extension: 'ogg' }],
    ['FLAC', bytes('fLaC'), { kind: 'audio', extension: 'flac' }],
    ['M4A', bytes([0, 0, 0, 0x20], 'ftypM4A '), { kind: 'audio', extension: 'm4a' }],
    ['MP4', bytes([0, 0, 0, 0x20], 'ftypisom'), { kind: 'video', extension: 'mp4' }],
    ['WebM', bytes([0x1a, 0x45, 0xdf, 0xa3]), { kind: 'video', extension: 'webm' }],
  ])('knows %s by its first bytes', (_name, head, kind) => {
    expect(sniffMedia(head)).toEqual(kind);
  });

  it.each([
    ['text', bytes('hello, this is not a picture')],
    ['an SVG (script can hide in it)', bytes('<svg xmlns="http://www.w3.org/2000/svg">')],
    ['a ZIP', bytes('PK', [3, 4])],
    ['nothing', bytes()],
  ])('refuses %s', (_name, head) => {
    expect(sniffMedia(head)).toBeUndefined();
  });
});

describe('imageSize', () => {
  it('reads a JPEG’s size from its first start-of-frame segment, past other segments', () => {
    const app0 = [0xff, 0xe0, 0x00, 0x04, 0x00, 0x00];
    const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, 0x01, 0x2c, 0x02, 0x58, 0x03];
    expect(imageSize(bytes([0xff, 0xd8], app0, sof0, new Array(16).fill(0)), 'jpeg')).toEqual({ width: 600, height: 300 });
  });

  it('reads GIF and PNG headers', () => {
    expect(imageSize(bytes('GIF89a', [0x40, 0x01, 0xf0, 0x00]), 'gif')).toEqual({ width: 320, height: 240 });
    const png = bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'IHDR', [0, 0, 0x07, 0x80, 0, 0, 0x04, 0x38]);
    expect(imageSize(png, 'png')).toEqual({ width: 1920, height: 1080 });
  });

  it('says nothing of a damaged header', () => {
    expect(imageSize(bytes([0x89], 'PNG\r\n\x1a\n', [0, 0, 0, 13], 'XXXX'), 'png')).toBeUndefined();
    expect(imageSize(bytes([0xff, 0xd8, 0x00]), 'jpeg')).toBeUndefined();
  });
});
