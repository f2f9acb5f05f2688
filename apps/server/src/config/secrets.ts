import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

/**
 * Server-side secrets. Each is taken from its environment variable when set, otherwise
 * from `DATA_DIR/secrets.json`, otherwise generated and written there (mode 0600). They
 * are never logged and never sent to the browser.
 */
export const SECRET_NAMES = ['DOWNLOAD_SIGNING_SECRET', 'FASTSPRING_WEBHOOK_SECRET', 'SESSION_SECRET', 'MAIL_LINK_SECRET', 'LICENSING_SIGNING_KEY'] as const;
export type SecretName = (typeof SECRET_NAMES)[number];
/**
 * `IDP_SIGNING_KEYS`: the embedded sign-in provider's JWK Set, only when given in the environment
 * (several store processes must sign with the same keys); otherwise they live in `DATA_DIR/idp-jwks.json`.
 */
export type Secrets = Record<SecretName, string> & { IDP_SIGNING_KEYS?: string };

const MIN_SECRET_LENGTH = 32;
/** FastSpring lets the maker choose the webhook HMAC secret; we only refuse trivially short ones. */
const MIN_LENGTH: Partial<Record<SecretName, number>> = { FASTSPRING_WEBHOOK_SECRET: 16 };
/** Secrets that are keys rather than random strings. LICENSING_SIGNING_KEY: an Ed25519 private key, PKCS#8 DER in base64 (or PEM from the environment). */
const GENERATORS: Partial<Record<SecretName, () => string>> = {
  LICENSING_SIGNING_KEY: () => generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'),
};
const randomSecret = () => randomBytes(32).toString('base64url');
const secretsFileSchema = z.record(z.string(), z.string());

export async function loadSecrets(dataDir: string, env: NodeJS.ProcessEnv = process.env): Promise<Secrets> {
  const file = path.join(dataDir, 'secrets.json');
  const stored = await readStoredSecrets(file);
  const secrets = {} as Secrets;
  let changed = false;
  for (const name of SECRET_NAMES) {
    const fromEnv = env[name]?.trim();
    if (fromEnv) {
      const minimum = MIN_LENGTH[name] ?? MIN_SECRET_LENGTH;
      if (fromEnv.length < minimum) {
        throw new Error(`${name} must be at least ${minimum} characters long`);
      }
      secrets[name] = fromEnv;
      continue;
    }
    const existing = stored[name];
    if (existing && existing.length >= MIN_SECRET_LENGTH) {
      secrets[name] = existing;
      continue;
    }
    secrets[name] = (GENERATORS[name] ?? randomSecret)();
    stored[name] = secrets[name];
    changed = true;
  }
  const idpSigningKeys = env.IDP_SIGNING_KEYS?.trim();
  if (idpSigningKeys) secrets.IDP_SIGNING_KEYS = idpSigningKeys;
  if (changed) {
    await mkdir(dataDir, { recursive: true });
    await writeFile(file, `${JSON.stringify(stored, null, 2)}\n`, { mode: 0o600 });
  }
  return secrets;
}

async function readStoredSecrets(file: string): Promise<Record<string, string>> {
  let text: string;
  try {
    text = await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  const parsed = secretsFileSchema.safeParse(JSON.parse(text));
  if (!parsed.success) throw new Error(`${file} is not a JSON object of strings; fix or delete it`);
  return parsed.data;
}
