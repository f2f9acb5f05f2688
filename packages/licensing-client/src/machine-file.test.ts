import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
// The store's own signer and key loader: the client must read exactly what the server writes.
import { signMachineFile } from '../../../apps/server/src/modules/licensing/machine-file';
import { loadLicensingKeys, publicKeyForms } from '../../../apps/server/src/modules/licensing/signing-key';
import { verifyMachineFile } from './machine-file';
import type { MachineFilePayload } from './types';

const newKeys = () => loadLicensingKeys(generateKeyPairSync('ed25519').privateKey.export({ format: 'der', type: 'pkcs8' }).toString('base64'));
const keys = newKeys();
const { pem, base64 } = publicKeyForms(keys.publicKey);
const FINGERPRINT = 'studio-mac-0001';
const payload: MachineFilePayload = {
  license: { key: 'ABCD-EFGH-JKLM-NPQR', product: 'remidi-4', type: 'perpetual', status: 'active', expiresAt: null, maxMachines: 3 },
  machine: { id: '0b8e6f0e-7a1c-4a3e-9a59-0f2b7c1d2e3f', fingerprint: FINGERPRINT, name: 'Studio Mac', platform: 'macos' },
  meta: { issued: '2026-11-01T10:00:00.000Z', expiry: '2026-12-01T10:00:00.000Z', ttl: 30 * 86_400 },
};
const DURING = new Date('2026-11-15T00:00:00Z');
const file = signMachineFile(payload, keys.privateKey);

function envelopeOf(text: string) {
  const body = text.replace(/-----[A-Z ]+-----/g, '').replace(/\s+/g, '');
  return JSON.parse(Buffer.from(body, 'base64').toString('utf8')) as { enc: string; sig: string; alg: string };
}
function armour(envelope: object) {
  return `-----BEGIN MACHINE FILE-----\n${Buffer.from(JSON.stringify(envelope)).toString('base64')}\n-----END MACHINE FILE-----\n`;
}
const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');

describe('verifyMachineFile', () => {
  it('accepts a file signed by the store, with the key as PEM, as raw base64 or as a KeyObject', () => {
    const expected = { ok: true, ...payload };
    expect(verifyMachineFile(file, pem, FINGERPRINT, DURING)).toEqual(expected);
    expect(verifyMachineFile(file, base64, FINGERPRINT, DURING)).toEqual(expected);
    expect(verifyMachineFile(file, keys.publicKey, FINGERPRINT, DURING)).toEqual(expected);
  });

  it('ignores surrounding whitespace, Windows line ends and re-wrapped lines', () => {
    const envelope = Buffer.from(JSON.stringify(envelopeOf(file))).toString('base64');
    const rewrapped = `\r\n  -----BEGIN MACHINE FILE-----\r\n${envelope.match(/.{1,76}/g)!.join('\r\n')}\r\n-----END MACHINE FILE-----\r\n\r\n`;
    expect(verifyMachineFile(rewrapped, base64, FINGERPRINT, DURING).ok).toBe(true);
  });

  it('refuses a changed enc, a changed sig and another key', () => {
    const envelope = envelopeOf(file);
    const longer = { ...payload, meta: { ...payload.meta, expiry: '2030-01-01T00:00:00.000Z' } };
    expect(verifyMachineFile(armour({ ...envelope, enc: encode(longer) }), pem, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
    const sig = Buffer.from(envelope.sig, 'base64');
    sig[10]! ^= 1;
    expect(verifyMachineFile(armour({ ...envelope, sig: sig.toString('base64') }), pem, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
    expect(verifyMachineFile(armour({ ...envelope, sig: sig.subarray(0, 63).toString('base64') }), pem, FINGERPRINT, DURING)).toEqual({
      ok: false,
      reason: 'bad-signature',
    });
    expect(verifyMachineFile(file, publicKeyForms(newKeys().publicKey).base64, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'bad-signature' });
  });

  it('refuses another computer, and a file for another product when the product is given', () => {
    expect(verifyMachineFile(file, pem, 'studio-mac-0002', DURING)).toEqual({ ok: false, reason: 'other-machine' });
    expect(verifyMachineFile(file, pem, FINGERPRINT, DURING, { product: 'rechannel' })).toEqual({ ok: false, reason: 'other-product' });
    expect(verifyMachineFile(file, pem, FINGERPRINT, DURING, { product: 'remidi-4' }).ok).toBe(true);
  });

  it('holds from issue (less a few minutes of clock skew) until expiry, and never past a trial’s end', () => {
    expect(verifyMachineFile(file, pem, FINGERPRINT, new Date('2026-12-01T09:59:59Z')).ok).toBe(true);
    expect(verifyMachineFile(file, pem, FINGERPRINT, new Date('2026-12-01T10:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
    expect(verifyMachineFile(file, pem, FINGERPRINT, new Date('2026-11-01T09:56:00Z')).ok).toBe(true);
    expect(verifyMachineFile(file, pem, FINGERPRINT, new Date('2026-11-01T09:50:00Z'))).toEqual({ ok: false, reason: 'not-yet-valid' });
    const trial = signMachineFile({ ...payload, license: { ...payload.license, type: 'trial', expiresAt: '2026-11-10T00:00:00.000Z' } }, keys.privateKey);
    expect(verifyMachineFile(trial, pem, FINGERPRINT, new Date('2026-11-09T00:00:00Z')).ok).toBe(true);
    expect(verifyMachineFile(trial, pem, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'expired' });
  });

  it('calls a signed payload of the wrong shape, and another algorithm, malformed', () => {
    const signedBy = (value: unknown) => signMachineFile(value as MachineFilePayload, keys.privateKey);
    expect(verifyMachineFile(signedBy({ ...payload, meta: { ...payload.meta, expiry: 'soon' } }), pem, FINGERPRINT, DURING)).toEqual({
      ok: false,
      reason: 'malformed',
    });
    expect(verifyMachineFile(signedBy({ license: payload.license }), pem, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'malformed' });
    expect(verifyMachineFile(armour({ ...envelopeOf(file), alg: 'aes-256-gcm+ed25519' }), pem, FINGERPRINT, DURING)).toEqual({
      ok: false,
      reason: 'malformed',
    });
  });

  it('never throws on garbage', () => {
    const garbage: unknown[] = [
      '',
      'hello',
      '-----BEGIN MACHINE FILE-----\n-----END MACHINE FILE-----',
      '-----BEGIN MACHINE FILE-----\n!!!not base64!!!\n-----END MACHINE FILE-----',
      armour(['enc', 'sig']),
      armour({ enc: 42, sig: null, alg: 'base64+ed25519' }),
      `-----BEGIN MACHINE FILE-----\n${Buffer.from('null').toString('base64')}\n-----END MACHINE FILE-----`,
      file.slice(0, 120),
      null,
      undefined,
      42,
    ];
    for (const input of garbage) expect(verifyMachineFile(input as string, pem, FINGERPRINT, DURING)).toEqual({ ok: false, reason: 'malformed' });
  });

  it('throws a TypeError for a public key that is not an Ed25519 key (a build mistake, not a bad file)', () => {
    expect(() => verifyMachineFile(file, 'not a key', FINGERPRINT, DURING)).toThrow(TypeError);
    expect(() => verifyMachineFile(file, Buffer.alloc(31).toString('base64'), FINGERPRINT, DURING)).toThrow(TypeError);
    const rsa = generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey;
    expect(() => verifyMachineFile(file, rsa.export({ format: 'pem', type: 'spki' }).toString(), FINGERPRINT, DURING)).toThrow(TypeError);
  });
});

describe('the worked example in docs/licensing.md', () => {
  const doc = readFileSync(new URL('../../../docs/licensing.md', import.meta.url), 'utf8');
  const example = doc.slice(doc.indexOf('### Worked example'));
  const exampleFile = /-----BEGIN MACHINE FILE-----\n[A-Za-z0-9+/=\n]+-----END MACHINE FILE-----/.exec(example)![0];
  const exampleKey = /Public key, raw base64: `([^`]+)`/.exec(example)![1]!;
  const examplePem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(example)![0];
  const exampleFingerprint = /\(fingerprint `([^`]+)`/.exec(example)![1]!;

  it('verifies with the key, fingerprint and dates the page gives', () => {
    const inside = new Date('2026-12-01T00:00:00Z');
    expect(verifyMachineFile(exampleFile, exampleKey, exampleFingerprint, inside, { product: 'remidi-4' })).toMatchObject({
      ok: true,
      license: { key: 'RMD4-7QK2-M9XD-4HFA', product: 'remidi-4' },
      meta: { issued: '2026-11-24T10:00:00.000Z', expiry: '2026-12-24T10:00:00.000Z' },
    });
    expect(verifyMachineFile(exampleFile, examplePem, exampleFingerprint, inside).ok).toBe(true);
    expect(verifyMachineFile(exampleFile, exampleKey, exampleFingerprint, new Date('2026-12-24T10:00:00Z'))).toEqual({ ok: false, reason: 'expired' });
  });

  it('is signed with the example key the page describes (seed of 32 bytes 0x07)', () => {
    const seed = Buffer.concat([Buffer.from('302e020100300506032b657004220420', 'hex'), Buffer.alloc(32, 7)]);
    const derived = publicKeyForms(createPublicKey(createPrivateKey({ key: seed, format: 'der', type: 'pkcs8' })));
    expect(derived.base64).toBe(exampleKey);
    expect(derived.pem.trim()).toBe(examplePem);
  });
});
