import { describe, expect, it } from 'vitest';
import { initials } from './initials';

describe('initials', () => {
  it('takes the first letters of the first and last names', () => {
    expect(initials('Ada Byron Lovelace')).toBe('AL');
    expect(initials('ada')).toBe('A');
  });

  it('falls back to the email when the name is an address or empty', () => {
    expect(initials('sam@example.com')).toBe('S');
    expect(initials('  ', 'kim@example.com')).toBe('K');
    expect(initials('')).toBe('?');
  });
});
