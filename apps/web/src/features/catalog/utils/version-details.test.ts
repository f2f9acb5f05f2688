import type { ProductVersion } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { versionDetails } from './version-details';

describe('versionDetails', () => {
  const version: ProductVersion = {
    version: '4.2.1',
    releasedAt: '2026-10-20T10:00:00.000Z',
    changelog: '- Fixes',
    changelogHtml: '<ul><li>Fixes</li></ul>',
    files: [
      { os: 'mac', format: 'zip', filename: 'a-mac.zip', sizeBytes: 4049, sha256: 'a'.repeat(64) },
      { os: 'windows', format: 'zip', filename: 'a-win.zip', sizeBytes: 2_820_253, sha256: 'b'.repeat(64) },
    ],
  };

  it('lists version, release date and the size of each download', () => {
    expect(versionDetails(version)).toEqual([
      { label: 'Latest version', value: '4.2.1' },
      { label: 'Released', value: 'October 20, 2026', dateTime: '2026-10-20T10:00:00.000Z' },
      { label: 'macOS download', value: '4.0 KB' },
      { label: 'Windows download', value: '2.7 MB' },
    ]);
  });

  it('is empty without a version', () => {
    expect(versionDetails(null)).toEqual([]);
  });
});
