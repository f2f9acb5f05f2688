import { generateKeyPairSync } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { MachineFilePayload } from '@store/contracts';
import { readMachineFile, signMachineFile } from './machine-file';
import { loadLicensingKeys, publicKeyForms } from './signing-key';

const keys = loadLicensingKeys(generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
const FINGERPRINT = 'studio-mac-0001';
const ISSUED = new Date('2026-11-01T10:00:00Z');
const payload: MachineFilePayload = {
  license: { key: 'ABCD-EFGH-JKLM-NPQR', product: 'remidi-4', type: 'perpetual', status: 'active', expiresAt: null, maxMachines: 3 },
  machine: { id: '0b8e6f0e-7a1c-4a3e-9a59-0f2b7c1d2e3f', fingerprint: FINGERPRINT, name: 'Studio Mac', platform: 'macos' },
  meta: { issued: ISSUED.toISOString(), expiry: '2026-12-01T10:00:00.000Z', ttl: 30 * 86_400 },
};
const DURING = new Date('2026-11-15T00:00:00Z');

/** The envelope inside the armour, for tampering. */
function envelopeOf(file: string) {
  const body = file.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  return JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as { enc: string; sig: string; alg: string };
}
function armour(envelope: object) {
  return `-----BEGIN MACHINE FILE-----\n${Buffer.from(JSON.stringify(envelope)).toString('base64')}\n-----END MACHINE FILE-----\n`;
}

describe('machine files', () => {
  const file = signMachineFile(payload, keys.privateKey);

  it('is Keygen-shaped: armoured base64 lines of {enc, sig, alg}, signed over "machine/" + enc', () => {
    expect(file.startsWith('-----BEGIN MACHINE FILE-----\n')).toBe(true);
    expect(file.endsWith('\n-----END MACHINE FILE-----\n')).toBe(true);
    for (const line of file.trim().split('\n').slice(1, -1)) expect(line.length).toBeLessThanOrEqual(64);
    const envelope = envelopeOf(file);
    expect(envelope.alg).toBe('base64+ed25519');
    expect(JSON.parse(Buffer.from(envelope.enc, 'base64').toString('utf8'))).toEqual(payload);
  });

  it('verifies for its computer before its expiry', () => {
    expect(readMachineFile(file, keys.publicKey, FINGERPRINT, DURING)).toEqual({ ok: true, payload });
  });

  it('refuses a changed payload, a changed signature and another key', () => {
    const envelope = envelopeOf(file);
    const longer = { ...payload, meta: { ...payload.meta, expiry: '2030-01-01T00:00:00.000Z' } };
    const tamperedEnc = armour({ ...envelope, enc: Buffer.from(JSON.stringify(longer)).toString('base64') });
    expect(readMachineFile(tamperedEnc, keys.publicKey, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
    const sig = Buffer.from(envelope.sig, 'base64');
    sig[0]! ^= 1;
    expect(readMachineFile(armour({ ...envelope, sig: sig.toString('base64') }), keys.publicKey, FINGERPRINT, DURING)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    const other = loadLicensingKeys(generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' }).toString());
    expect(readMachineFile(file, other.publicKey, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses it after its expiry and on another computer', () => {
    expect(readMachineFile(file, keys.publicKey, FINGERPRINT, new Date('2026-12-01T10:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(readMachineFile(file, keys.publicKey, 'studio-pc-0002', DURING)).toEqual({ ok: false, reason: 'other-machine' });
  });

  it('calls garbage malformed rather than throwing', () => {
    for (const garbage of ['', 'hello', '-----BEGIN MACHINE FILE-----\n!!!\n-----END MACHINE FILE-----', armour({ enc: 1 })]) {
      expect(readMachineFile(garbage, keys.publicKey, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'malformed' });
    }
  });
});

describe('the signing key', () => {
  it('publishes the raw 32-byte key and the PEM of the same key', () => {
    const forms = publicKeyForms(keys.publicKey);
    expect(Buffer.from(forms.base64, 'base64')).toHaveLength(32);
    expect(forms.pem).toMatch(/^-----BEGIN PUBLIC KEY-----/);
  });

  it('refuses a key that is not Ed25519, saying which setting is wrong', () => {
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    expect(() => loadLicensingKeys(rsa)).toThrow('LICENSING_SIGNING_KEY must be an Ed25519 key');
    expect(() => loadLicensingKeys('not a key at all, just text long enough')).toThrow(/LICENSING_SIGNING_KEY is not a PKCS#8 private key/);
  });
});
