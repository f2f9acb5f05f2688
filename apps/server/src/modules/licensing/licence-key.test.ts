import { describe, expect, it } from 'vitest';
import { generateLicenceKey, LICENCE_KEY_PATTERN, normaliseLicenceKey } from './licence-key';

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

  it('are read back from what someone typed: any case, spaces or dashes, Crockford misreadings', () => {
    expect(normaliseLicenceKey('abcd-efgh-jkmn-pqrs')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normaliseLicenceKey(' abcd efgh jkmn pqrs ')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normaliseLicenceKey('ABCDEFGHJKMNPQRS')).toBe('ABCD-EFGH-JKMN-PQRS');
    expect(normaliseLicenceKey('OOOO-IIII-LLLL-2222')).toBe('0000-1111-1111-2222');
    expect(normaliseLicenceKey('ann@example.com')).toBeUndefined();
    expect(normaliseLicenceKey('ABCD-EFGH-JKMN')).toBeUndefined();
    expect(normaliseLicenceKey('UUUU-UUUU-UUUU-UUUU')).toBeUndefined();
  });
});
