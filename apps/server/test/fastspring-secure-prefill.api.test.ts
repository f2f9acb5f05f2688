import { constants, createDecipheriv, generateKeyPairSync, publicDecrypt } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { customerLookupResponseSchema } from '@store/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { configProblems, createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

const pair = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PEM = pair.privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
const FASTSPRING = { PAYMENTS_PROVIDER: 'fastspring', FASTSPRING_STOREFRONT: 'teststore.onfastspring.com/embedded-teststore', MAIL_DISABLED: 'true' };

function open(sealed: { securePayload: string; secureKey: string }) {
  const aesKey = publicDecrypt({ key: pair.publicKey, padding: constants.RSA_PKCS1_PADDING }, Buffer.from(sealed.secureKey, 'base64'));
  const decipher = createDecipheriv('aes-128-ecb', aesKey, null);
  return JSON.parse(Buffer.concat([decipher.update(Buffer.from(sealed.securePayload, 'base64')), decipher.final()]).toString('utf8')) as unknown;
}

describe.each(TEST_ENGINES)('checkout prefill for a live FastSpring store on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ...FASTSPRING, FASTSPRING_PRIVATE_KEY: PEM } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds the contact as a secure payload encrypted with the store’s key', async () => {
    const email = 'live-buyer@example.com';
    const order = testOrder({ email, first: 'Robin', items: [{ product: 'rechannel', subtotal: 29 }] });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(order))).statusCode).toBe(200);
    const { tokens } = await signInThroughIdp(t, { email, password: 'correct horse battery', signUp: true, givenName: 'Robin', familyName: 'Keys' });
    const answer = await t.app.inject({ method: 'POST', url: '/api/account/lookup', headers: { authorization: `Bearer ${tokens.access_token}` }, payload: {} });
    expect(answer.statusCode).toBe(200);
    const lookup = customerLookupResponseSchema.parse(answer.json());
    expect(lookup.secure_payload).toBeDefined();
    const info = lookup.customer_info;
    expect(open(lookup.secure_payload!)).toEqual({
      contact: { email, firstName: info.first_name, lastName: info.last_name },
      ...(info.country ? { country: info.country } : {}),
    });
  });
});

describe('the secure-payload key setting', () => {
  it('is read from FASTSPRING_PRIVATE_KEY or a file, and checked at start', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'songwish-fs-key-'));
    try {
      const file = path.join(dir, 'privatekey.pem');
      await writeFile(file, PEM);
      const fromFile = loadConfig({ ...FASTSPRING, FASTSPRING_PRIVATE_KEY_FILE: file }).payments;
      expect(fromFile.provider === 'fastspring' && fromFile.securePayloadKey?.asymmetricKeyType).toBe('rsa');
      const without = loadConfig(FASTSPRING).payments;
      expect(without.provider === 'fastspring' && without.securePayloadKey).toBeUndefined();

      expect(configProblems({ FASTSPRING_PRIVATE_KEY: PEM })).toEqual([
        'FASTSPRING_PRIVATE_KEY: only used with PAYMENTS_PROVIDER=fastspring (the sandbox takes the prefill unencrypted)',
      ]);
      expect(configProblems({ ...FASTSPRING, FASTSPRING_PRIVATE_KEY_FILE: path.join(dir, 'missing.pem') })).toEqual([
        `FASTSPRING_PRIVATE_KEY_FILE: cannot read ${path.join(dir, 'missing.pem')} (ENOENT)`,
      ]);
      expect(configProblems({ ...FASTSPRING, FASTSPRING_PRIVATE_KEY: PEM, FASTSPRING_PRIVATE_KEY_FILE: file })).toEqual([expect.stringMatching(/not both$/)]);
      expect(configProblems({ ...FASTSPRING, FASTSPRING_PRIVATE_KEY: 'x'.repeat(120) })).toEqual([
        expect.stringMatching(/^FASTSPRING_PRIVATE_KEY: is not a PEM private key/),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
