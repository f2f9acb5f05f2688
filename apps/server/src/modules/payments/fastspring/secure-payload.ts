import { constants, createCipheriv, createPrivateKey, privateEncrypt, randomBytes, type KeyObject } from 'node:crypto';

/**
 * FastSpring's secure payloads (Store Builder Library `fastspring.builder.secure(payload, key)`):
 * the JSON is encrypted with AES-128-ECB (PKCS#7 padding) under a random 16-byte key, and that
 * key is encrypted with the store's 2048-bit RSA private key (PKCS#1 v1.5); both travel base64.
 * FastSpring decrypts the key with the public certificate uploaded in its app (Developer Tools ›
 * Store Builder Library), then the payload. A live store accepts only encrypted payloads.
 */
export interface SealedPayload {
  securePayload: string;
  secureKey: string;
}

export function sealSecurePayload(payload: unknown, privateKey: KeyObject): SealedPayload {
  const aesKey = randomBytes(16);
  const cipher = createCipheriv('aes-128-ecb', aesKey, null);
  const encrypted = Buffer.concat([cipher.update(JSON.stringify(payload), 'utf8'), cipher.final()]);
  const secureKey = privateEncrypt({ key: privateKey, padding: constants.RSA_PKCS1_PADDING }, aesKey);
  return { securePayload: encrypted.toString('base64'), secureKey: secureKey.toString('base64') };
}

/** Reads the PEM of FASTSPRING_PRIVATE_KEY (literal `\n` allowed, as in one-line env files); throws a message for a person. */
export function parseSecurePayloadKey(pem: string): KeyObject {
  let key: KeyObject;
  try {
    key = createPrivateKey(pem.includes('\\n') ? pem.replace(/\\n/g, '\n') : pem);
  } catch {
    throw new Error('is not a PEM private key (-----BEGIN PRIVATE KEY----- or -----BEGIN RSA PRIVATE KEY-----)');
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`must be an RSA key, not ${key.asymmetricKeyType ?? 'another type'}`);
  const bits = key.asymmetricKeyDetails?.modulusLength ?? 0;
  if (bits < 2048) throw new Error(`must be an RSA key of at least 2048 bits (this one has ${bits})`);
  return key;
}
