import { createPrivateKey, createPublicKey, type KeyObject } from 'node:crypto';
import type { PublicKeyResponse } from '@store/contracts';

export interface LicensingKeys {
  privateKey: KeyObject;
  publicKey: KeyObject;
}

/**
 * The Ed25519 key machine files are signed with, from LICENSING_SIGNING_KEY: a PKCS#8 PEM, or
 * PKCS#8 DER in base64 (what the store generates into DATA_DIR/secrets.json).
 */
export function loadLicensingKeys(secret: string): LicensingKeys {
  let privateKey: KeyObject;
  try {
    privateKey = secret.includes('-----BEGIN')
      ? createPrivateKey(secret)
      : createPrivateKey({ key: Buffer.from(secret, 'base64'), format: 'der', type: 'pkcs8' });
  } catch {
    throw new Error('LICENSING_SIGNING_KEY is not a PKCS#8 private key (PEM, or DER in base64)');
  }
  if (privateKey.asymmetricKeyType !== 'ed25519') throw new Error('LICENSING_SIGNING_KEY must be an Ed25519 key');
  return { privateKey, publicKey: createPublicKey(privateKey) };
}

/** The public key as plugins embed it: SPKI PEM, and the raw 32 bytes in base64 for libsodium. */
export function publicKeyForms(publicKey: KeyObject): PublicKeyResponse {
  const pem = publicKey.export({ format: 'pem', type: 'spki' }).toString();
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url');
  return { algorithm: 'ed25519', pem, base64: raw.toString('base64') };
}
