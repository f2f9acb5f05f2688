import type { ProductVersion } from '@store/contracts';
import { describe, expect, it } from 'vitest';
import { PRODUCT_FACTS, pagePathFor, productFactsFor, trialPathFor, versionDetails } from './product-facts';

describe('product facts', () => {
  it('lists the sample loop pack facts for both volumes', () => {
    for (const path of ['sw-select-sample-loops-vol-1', 'sw-select-sample-loops-vol-2']) {
      expect(productFactsFor(path)?.facts.map((fact) => fact.value)).toEqual(['16 MIDI and 16 WAV files', '111 MB', '24-bit / 44.1 kHz']);
    }
  });

  it('lists the jazz set facts', () => {
    expect(productFactsFor('sw-jazz-complete-vol-1-11')?.facts.map((fact) => fact.value)).toEqual(['11 volumes', '100 progressions each']);
  });

  it('gives reMIDI 4 and its trial the licence and upgrade facts with the installation and manual links', () => {
    for (const path of ['remidi-4', 'remidi-4-trial']) {
      const entry = productFactsFor(path);
      expect(entry?.facts.map((fact) => fact.value)).toEqual(['Licence for up to 3 computers', 'Upgrade from reMIDI 3: free', 'reMIDI 2 users: 85% off']);
      expect(entry?.links?.map((link) => link.to)).toEqual(['/remidi-4-installation', '/user-manuals/remidi-4-user-manual']);
    }
  });

  it('has no facts for unknown paths or inherited object keys', () => {
    expect(productFactsFor('rechannel')).toBeUndefined();
    expect(productFactsFor('constructor')).toBeUndefined();
    expect(productFactsFor('__proto__')).toBeUndefined();
  });

  it('keys every entry by a valid product path', () => {
    for (const path of Object.keys(PRODUCT_FACTS)) expect(path).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
  });

  it('shows the reMIDI 4 page for the trial path and offers the trial there', () => {
    expect(pagePathFor('remidi-4-trial')).toBe('remidi-4');
    expect(pagePathFor('rechannel')).toBe('rechannel');
    expect(pagePathFor('toString')).toBe('toString');
    expect(trialPathFor('remidi-4')).toBe('remidi-4-trial');
    expect(trialPathFor('remidi-4-trial')).toBe('remidi-4-trial');
    expect(trialPathFor('rechannel')).toBeUndefined();
  });
});

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
