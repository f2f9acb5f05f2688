import { constants, createDecipheriv, generateKeyPairSync, publicDecrypt } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseSecurePayloadKey, sealSecurePayload } from './secure-payload';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;

/** What FastSpring does with the public certificate the maker uploaded. */
function openAsFastSpring(sealed: { securePayload: string; secureKey: string }) {
  const aesKey = publicDecrypt({ key: pair.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sealed.secureKey, 'base64'));
  expect(aesKey).toHaveLength(16);
  const decipher = createDecipheriv('aes-128-ecb', aesKey, null);
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed.securePayload, 'base64')), decipher.final()]).toString('utf8')) as unknown;
}

describe('FastSpring secure payloads', () => {
  it('encrypts the JSON with a fresh AES-128 key that only the store’s public certificate opens', () => {
    const payload = { contact: { email: 'zoë@example.com', firstName: 'Zoë', lastName: 'Keys' }, country: 'DE' };
    const key = parseSecurePayloadKey(pem);
    const first = sealSecurePayload(payload, key);
    const second = sealSecurePayload(payload, key);
    expect(first.securePayload).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(first.secureKey, 'base64')).toHaveLength(256);
    expect(openAsFastSpring(first)).toEqual(payload);
    expect(openAsFastSpring(second)).toEqual(payload);
    expect(second.secureKey).not.toBe(first.secureKey);
    expect(second.securePayload).not.toBe(first.securePayload);
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 });
    expect(() => publicDecrypt({ key: other.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(first.secureKey, 'base64'))).toThrow();
  });

  it('reads a PEM key, also written on one line with \\n, and refuses what FastSpring cannot use', () => {
    expect(parseSecurePayloadKey(pem.replace(/\n/g, '\\n')).asymmetricKeyType).toBe('rsa');
    expect(parseSecurePayloadKey(pair.privateKey.export({ type: 'pkcs1', format: 'pem' }) as string).asymmetricKeyType).toBe('rsa');
    expect(() => parseSecurePayloadKey('not a key')).toThrow(/is not a PEM private key/);
    const ec = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => parseSecurePayloadKey(ec)).toThrow('must be an RSA key, not ec');
    const small = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    expect(() => parseSecurePayloadKey(small)).toThrow('must be an RSA key of at least 2048 bits (this one has 1024)');
  });
});
