import { describe, expect, it } from 'vitest';
import { formatBytes, safeFilename, uploadFilenameSchema, uploadMetadata, uploadMetadataSchema } from './uploads';

describe('upload file names', () => {
  it.each([
    ['Pad Mapper 1.2.zip', 'Pad Mapper 1.2.zip'],
    ['Café Loops [v2].zip', 'Cafe Loops -v2-.zip'],
    ['.hidden', 'hidden'],
    ['trailing dot.', 'trailing dot'],
    ['日本語', 'file'],
  ])('makes %j acceptable as %j', (name, expected) => {
    expect(safeFilename(name)).toBe(expected);
    expect(uploadFilenameSchema.safeParse(safeFilename(name)).success).toBe(true);
  });

  it('keeps the extension of a name cut to 200 characters', () => {
    const name = safeFilename(`${'a'.repeat(300)}.vst3`);
    expect(name).toHaveLength(200);
    expect(name.endsWith('.vst3')).toBe(true);
  });

  it('refuses folders in a name sent without the client', () => {
    expect(uploadFilenameSchema.safeParse('../etc/passwd').success).toBe(false);
    expect(uploadFilenameSchema.safeParse('a/b.zip').success).toBe(false);
  });
});

describe('upload metadata', () => {
  it('is what the server parses back, numbers from text', () => {
    const pairs = uploadMetadata('release-file', { productId: 3, versionId: 9, os: 'windows', format: 'vst3' }, { name: 'Pad Mapper.zip', type: '' });
    expect(pairs).toEqual({
      purpose: 'release-file',
      filename: 'Pad Mapper.zip',
      contentType: 'application/octet-stream',
      productId: '3',
      versionId: '9',
      os: 'windows',
      format: 'vst3',
    });
    expect(uploadMetadataSchema.parse(pairs)).toMatchObject({ productId: 3, versionId: 9 });
  });
});

describe('formatBytes', () => {
  it.each([
    [512, '512 bytes'],
    [1024 * 1024, '1 MB'],
    [2 * 1024 ** 3, '2 GB'],
    [1.5 * 1024 ** 3, '1.5 GB'],
  ])('%d is %s', (bytes, text) => expect(formatBytes(bytes)).toBe(text));
});
