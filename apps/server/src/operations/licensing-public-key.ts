import path from 'node:path';
import { loadSecrets } from '../config/secrets';
import { loadLicensingKeys, publicKeyForms } from '../modules/licensing/signing-key';

/**
 * The public half of the key the store signs machine files with, for a plugin developer to embed:
 * read exactly as the store reads it (LICENSING_SIGNING_KEY from the environment, else
 * DATA_DIR/secrets.json, generated there when the store has never started, as its first start would).
 */
export async function licensingPublicKey(dataDir: string, env: NodeJS.ProcessEnv = process.env) {
  const secrets = await loadSecrets(dataDir, env);
  const forms = publicKeyForms(loadLicensingKeys(secrets.LICENSING_SIGNING_KEY).publicKey);
  const source = env.LICENSING_SIGNING_KEY?.trim() ? 'LICENSING_SIGNING_KEY' : path.join(dataDir, 'secrets.json');
  return { ...forms, source };
}

/** What `npm run licensing:public-key` prints: no secret, only the public key in both forms. */
export function describePublicKey({ pem, base64, source }: Awaited<ReturnType<typeof licensingPublicKey>>): string {
  return [
    `The store's licensing public key (Ed25519, from ${source}).`,
    '',
    'SPKI PEM (Node, OpenSSL, the reference client):',
    pem.trim(),
    '',
    'Raw 32 bytes in base64 (libsodium crypto_sign_verify_detached, the reference client):',
    base64,
    '',
  ].join('\n');
}
