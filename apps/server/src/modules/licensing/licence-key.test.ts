import { describe, expect, it } from 'vitest';
import { generateLicenceKey, LICENCE_KEY_PATTERN } from './licence-key';

describe('licence keys', () => {
  it('are four groups of four unambiguous characters', () => {
    for (let index = 0; index < 200; index += 1) {
      const key = generateLicenceKey();
      expect(key).toMatch(LICENCE_KEY_PATTERN);
      expect(key).not.toMatch(/[ILOU]/);
    }
  });

  it('do not repeat', () => {
    const keys = new Set(Array.from({ length: 5000 }, generateLicenceKey));
    expect(keys.size).toBe(5000);
  });

  it('use the whole alphabet (randomness is not stuck)', () => {
    const seen = new Set(Array.from({ length: 500 }, generateLicenceKey).join('').replace(/-/g, ''));
    expect(seen.size).toBe(32);
  });
});
