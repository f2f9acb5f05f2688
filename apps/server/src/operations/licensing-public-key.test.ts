import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { mkdtemp, readFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSecrets } from '../config/secrets';
import { loadLicensingKeys } from '../modules/licensing/signing-key';
import { describePublicKey, licensingPublicKey } from './licensing-public-key';

const tempDir = () => mkdtemp(path.join(os.tmpdir(), 'licensing-public-key-'));

describe('licensing:public-key', () => {
  it('prints the public half of the key the store signs with, from DATA_DIR/secrets.json', async () => {
    const dir = await tempDir();
    const { privateKey } = loadLicensingKeys((await loadSecrets(dir, {})).LICENSING_SIGNING_KEY);
    const printed = describePublicKey(await licensingPublicKey(dir, {}));
    const pem = /-----BEGIN PUBLIC KEY-----[\s\S]+?-----END PUBLIC KEY-----/.exec(printed)![0];
    const base64 = /^([A-Za-z0-9+/]{43}=)$/m.exec(printed)![1]!;
    const signature = sign(null, Buffer.from('machine/abc'), privateKey);
    expect(verify(null, Buffer.from('machine/abc'), pem, signature)).toBe(true);
    const der = Buffer.concat([Buffer.from('302a300506032b6570032100', 'hex'), Buffer.from(base64, 'base64')]);
    expect(verify(null, Buffer.from('machine/abc'), { key: der, format: 'der', type: 'spki' }, signature)).toBe(true);
    expect(printed).toContain(path.join(dir, 'secrets.json'));
  });

  it('never prints the private key', async () => {
    const dir = await tempDir();
    const printed = describePublicKey(await licensingPublicKey(dir, {}));
    const stored = JSON.parse(await readFile(path.join(dir, 'secrets.json'), 'utf8')) as Record<string, string>;
    for (const secret of Object.values(stored)) expect(printed).not.toContain(secret);
    expect(printed).not.toContain('PRIVATE KEY');
  });

  it('prefers LICENSING_SIGNING_KEY from the environment, as the store does', async () => {
    const pair = generateKeyPairSync('ed25519');
    const env = { LICENSING_SIGNING_KEY: pair.privateKey.export({ format: 'pem', type: 'pkcs8' }).toString() };
    const printed = await licensingPublicKey(await tempDir(), env);
    expect(printed.pem).toBe(pair.publicKey.export({ format: 'pem', type: 'spki' }).toString());
    expect(printed.source).toBe('LICENSING_SIGNING_KEY');
  });
});
