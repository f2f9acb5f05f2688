import { describe, expect, it } from 'vitest';
import { hashPassword, needsRehash, verifyPassword } from './password';

const FAST = { N: 2 ** 10, r: 8, p: 1 };

describe('password hashes', () => {
  it('verify the right password only, with a salt of their own', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    expect(hash).toMatch(/^scrypt\$1024\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(await verifyPassword('correct horse battery', hash)).toBe(true);
    expect(await verifyPassword('correct horse batterY', hash)).toBe(false);
    expect(await hashPassword('correct horse battery', FAST)).not.toBe(hash);
  });

  it('treat canonically equal Unicode as the same password', async () => {
    const hash = await hashPassword('caf\u00e9-password', FAST);
    expect(await verifyPassword('cafe\u0301-password', hash)).toBe(true);
  });

  it('refuse malformed or absurd hash strings instead of throwing', async () => {
    for (const hash of ['', 'plain', 'scrypt$1024$8$1$salt', 'scrypt$1000$8$1$c2FsdA$a2V5', `scrypt$${2 ** 30}$8$1$c2FsdA$a2V5`, 'bcrypt$2b$10$abc']) {
      expect(await verifyPassword('anything', hash)).toBe(false);
    }
  });

  it('know when a hash is weaker than the current parameters', async () => {
    const hash = await hashPassword('correct horse battery', FAST);
    expect(needsRehash(hash)).toBe(true);
    expect(needsRehash(hash, FAST)).toBe(false);
    expect(needsRehash('garbage')).toBe(true);
  });
});
