import { randomInt } from 'node:crypto';

/**
 * Crockford's base-32 alphabet: no I, L, O or U, so a key read aloud or typed from a
 * screenshot cannot be mistaken. 16 characters carry 80 bits of randomness.
 */
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A new licence key `XXXX-XXXX-XXXX-XXXX` from the operating system's CSPRNG. */
export function generateLicenceKey(): string {
  const groups: string[] = [];
  for (let group = 0; group < 4; group += 1) {
    let part = '';
    for (let index = 0; index < 4; index += 1) part += ALPHABET[randomInt(ALPHABET.length)];
    groups.push(part);
  }
  return groups.join('-');
}

export const LICENCE_KEY_PATTERN = /^[0-9A-HJKMNP-TV-Z]{4}(?:-[0-9A-HJKMNP-TV-Z]{4}){3}$/;

/**
 * A licence key as someone typed or pasted it (any case, spaces, dashes, or none), as the store
 * writes it; undefined when it cannot be one. Crockford's misreadings are read as meant: I and L
 * as 1, O as 0.
 */
export function normaliseLicenceKey(text: string): string | undefined {
  const compact = text
    .toUpperCase()
    .replace(/[\s\-‐-―_.]/g, '')
    .replace(/[IL]/g, '1')
    .replace(/O/g, '0');
  if (!/^[0-9A-HJKMNP-TV-Z]{16}$/.test(compact)) return undefined;
  return compact.match(/.{4}/g)!.join('-');
}
