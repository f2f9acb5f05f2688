import { generateKeyPairSync, type JsonWebKey as NodeJsonWebKey } from 'node:crypto';
import { chmod, mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { calculateJwkThumbprint, type JWK } from 'jose';
import { z } from 'zod';

/**
 * The embedded provider's signing keys (RS256), kept in `DATA_DIR/idp-jwks.json` (mode 0600).
 * Generated on the first start and reused afterwards, so tokens and sessions survive restarts.
 * The file is a JWK Set of private keys; the first key signs, the others still verify (a
 * rotation is: put a new key first, keep the old one until its tokens have expired).
 */
export const SIGNING_KEYS_FILE = 'idp-jwks.json';

const privateRsaJwk = z
  .object({
    kty: z.literal('RSA'),
    kid: z.string().min(1),
    alg: z.literal('RS256'),
    use: z.literal('sig').optional(),
    n: z.string(),
    e: z.string(),
    d: z.string(),
    p: z.string(),
    q: z.string(),
    dp: z.string(),
    dq: z.string(),
    qi: z.string(),
  })
  .loose();
const jwksFile = z.object({ keys: z.array(privateRsaJwk).min(1) });

export interface SigningKeys {
  /** Private keys, for oidc-provider's `jwks` option. */
  privateJwks: { keys: JWK[] };
  /** The public halves, for verifying our own access tokens. */
  publicJwks: { keys: JWK[] };
}

/** `given`: the JWK Set from `IDP_SIGNING_KEYS`, which every store process shares; the file is then neither read nor written. */
export async function loadOrCreateSigningKeys(dataDir: string, given?: string): Promise<SigningKeys> {
  if (given !== undefined) return signingKeys(parseKeys(given, 'IDP_SIGNING_KEYS'));
  const file = path.join(dataDir, SIGNING_KEYS_FILE);
  let keys = await readKeys(file);
  if (!keys) {
    await mkdir(dataDir, { recursive: true });
    const generated = { keys: [await generateSigningKey()] };
    try {
      // 'wx': when two processes start on one data directory at once, the second reads the first's keys.
      await writeFile(file, `${JSON.stringify(generated, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
      keys = generated.keys;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      keys = await readKeys(file);
      if (!keys) throw new Error(`${file} could not be read after another process created it`);
    }
  } else {
    // The file holds private keys: keep it readable by the store's user only.
    const info = await stat(file);
    if ((info.mode & 0o077) !== 0) await chmod(file, 0o600);
  }
  return signingKeys(keys);
}

function signingKeys(keys: JWK[]): SigningKeys {
  return {
    privateJwks: { keys },
    publicJwks: { keys: keys.map(({ kty, kid, alg, use, n, e }) => ({ kty, kid, alg, use, n, e })) },
  };
}

async function readKeys(file: string): Promise<JWK[] | undefined> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  return parseKeys(text, file, '; fix or delete it (signed-in shoppers will have to sign in again)');
}

function parseKeys(text: string, source: string, remedy = ''): JWK[] {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  const parsed = jwksFile.safeParse(json);
  if (!parsed.success) throw new Error(`${source} is not a JWK Set of RS256 private keys${remedy}`);
  const kids = new Set(parsed.data.keys.map((key) => key.kid));
  if (kids.size !== parsed.data.keys.length) throw new Error(`${source}: every key needs a distinct kid`);
  return parsed.data.keys as JWK[];
}

async function generateSigningKey(): Promise<JWK> {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const jwk = privateKey.export({ format: 'jwk' }) as NodeJsonWebKey & JWK;
  const kid = await calculateJwkThumbprint({ kty: 'RSA', n: jwk.n, e: jwk.e });
  return { ...jwk, kid, alg: 'RS256', use: 'sig' };
}
