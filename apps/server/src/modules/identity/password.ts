import { randomBytes, scrypt as scryptCallback, timingSafeEqual, type ScryptOptions } from 'node:crypto';

/**
 * Password hashes with scrypt from node:crypto. The hash string carries its own parameters
 * and salt, `scrypt$N$r$p$salt$hash` (base64url), so the cost can be raised later and old
 * hashes still verify (and can be upgraded at the next sign-in with `needsRehash`).
 *
 * Defaults: N=2^15, r=8, p=3 (32 MiB, one of OWASP's equivalent scrypt settings), 16-byte
 * salt per password, 32-byte key.
 */
export interface ScryptParams {
  N: number;
  r: number;
  p: number;
}

export const DEFAULT_SCRYPT: ScryptParams = { N: 2 ** 15, r: 8, p: 3 };
export const MIN_PASSWORD_LENGTH = 10;
/** Longer inputs are refused before hashing: scrypt's cost does not depend on length, but a form has to stop somewhere. */
export const MAX_PASSWORD_LENGTH = 200;

const KEY_LENGTH = 32;
const SALT_LENGTH = 16;

function scrypt(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const options: ScryptOptions = { N: params.N, r: params.r, p: params.p, maxmem: 128 * params.N * params.r * 2 + 1024 * 1024 };
  return new Promise((resolve, reject) => {
    scryptCallback(password.normalize('NFKC'), salt, KEY_LENGTH, options, (error, key) => (error ? reject(error) : resolve(key)));
  });
}

export async function hashPassword(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<string> {
  const salt = randomBytes(SALT_LENGTH);
  const key = await scrypt(password, salt, params);
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$');
}

const HASH_PATTERN = /^scrypt\$(\d+)\$(\d+)\$(\d+)\$([\w-]+)\$([\w-]+)$/;

function parseHash(hash: string): { params: ScryptParams; salt: Buffer; key: Buffer } | undefined {
  const match = HASH_PATTERN.exec(hash);
  if (!match) return undefined;
  const params = { N: Number(match[1]), r: Number(match[2]), p: Number(match[3]) };
  // Refuse parameters nobody here wrote: a tampered row must not make us allocate gigabytes.
  if (!Number.isInteger(Math.log2(params.N)) || params.N < 2 ** 10 || params.N > 2 ** 20) return undefined;
  if (params.r < 1 || params.r > 32 || params.p < 1 || params.p > 16) return undefined;
  return { params, salt: Buffer.from(match[4]!, 'base64url'), key: Buffer.from(match[5]!, 'base64url') };
}

export async function verifyPassword(password: string, hash: string): Promise<boolean> {
  const parsed = parseHash(hash);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await scrypt(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when the hash was made with weaker parameters than `target`. */
export function needsRehash(hash: string, target: ScryptParams = DEFAULT_SCRYPT): boolean {
  const parsed = parseHash(hash);
  if (!parsed) return true;
  return parsed.params.N * parsed.params.r * parsed.params.p < target.N * target.r * target.p;
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one verification without an account, so that "no such email" and
 * "wrong password" take as long as each other.
 */
export async function burnVerification(password: string, params: ScryptParams = DEFAULT_SCRYPT): Promise<void> {
  dummyHash ??= hashPassword('not a real password', params);
  await verifyPassword(password, await dummyHash);
}
