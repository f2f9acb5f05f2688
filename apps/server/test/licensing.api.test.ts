import { createPublicKey } from 'node:crypto';
import { machineFilePayloadSchema } from '@store/contracts';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers, licenceMachines, licences } from '../src/db/schema';
import { createCatalogRepository } from '../src/modules/catalog/catalog.repository';
import { longDate } from '../src/modules/licensing/licensing-rules';
import { createLicensingRepository } from '../src/modules/licensing/licensing.repository';
import { createLicensingService } from '../src/modules/licensing/licensing.service';
import { readMachineFile } from '../src/modules/licensing/machine-file';
import { loadLicensingKeys } from '../src/modules/licensing/signing-key';
import { buildSecondApp, createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { envelope, postWebhook, testOrder, testReturn } from './webhook-fixtures';

const API = '/api/licensing/v1';
const DAY_MS = 86_400_000;
let addressSequence = 0;
/** Each call from its own address unless told, so the unknown-key guard of one test does not spill into another. */
const nextAddress = () => `198.51.100.${(addressSequence++ % 250) + 1}`;

/** A fingerprint no other test uses. */
let fingerprintSequence = 0;
const fingerprint = (label = 'computer') => `${label}-${process.pid}-${++fingerprintSequence}-abcdef`;

async function post(app: FastifyInstance, path: string, body: unknown, remoteAddress = nextAddress()) {
  const response = await app.inject({ method: 'POST', url: `${API}${path}`, payload: body as Record<string, unknown>, remoteAddress });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

/** Buys `quantity` units through the signed order webhook, as the orders pipeline issues keys; answers the new keys. */
async function buy(t: TestApp, email: string, product = 'remidi-4', quantity = 1) {
  const order = testOrder({ email, items: [{ product, quantity, subtotal: 79 }] });
  const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(order));
  expect(response.statusCode).toBe(200);
  const rows = await t.database.db
    .select({ key: licences.key, id: licences.id })
    .from(licences)
    .innerJoin(customers, eq(customers.id, licences.customerId))
    .where(eq(customers.email, email))
    .orderBy(licences.id);
  return { order, keys: rows.map((row) => row.key), ids: rows.map((row) => row.id) };
}

/** A trial key: bought as the trial product, then made a trial as the issuing step records it. */
async function trial(t: TestApp, email: string, expiresAt = new Date(Date.now() + 14 * DAY_MS)) {
  const { keys } = await buy(t, email, 'remidi-4-trial');
  await t.database.db.update(licences).set({ type: 'trial', expiresAt }).where(eq(licences.key, keys[0]!));
  return keys[0]!;
}

const activeMachines = async (t: TestApp, key: string) => {
  const [row] = await t.database.db
    .select({ n: sql<number>`count(*)::int` })
    .from(licenceMachines)
    .innerJoin(licences, eq(licences.id, licenceMachines.licenceId))
    .where(and(eq(licences.key, key), isNull(licenceMachines.releasedAt)));
  return row!.n;
};

describe.each(TEST_ENGINES)('the licensing API on %s', (engine) => {
  let t: TestApp;
  const activate = (key: string, fp: string, extra: Record<string, unknown> = {}) =>
    post(t.app, '/activate', { licenseKey: key, product: 'remidi-4', fingerprint: fp, ...extra });
  const validate = (key: string, fp: string, product = 'remidi-4') => post(t.app, '/validate', { licenseKey: key, product, fingerprint: fp });
  const deactivate = (key: string, fp: string) => post(t.app, '/deactivate', { licenseKey: key, fingerprint: fp });
  const checkout = (key: string, fp: string) => post(t.app, '/checkout-file', { licenseKey: key, fingerprint: fp });
  /** The service on the app's database with a clock the test sets. */
  const serviceAt = (at: Date) =>
    createLicensingService({
      repository: createLicensingRepository(t.database.db),
      catalog: createCatalogRepository(t.database.db),
      keys: loadLicensingKeys(t.secrets.LICENSING_SIGNING_KEY),
      publicUrl: t.config.publicUrl,
      fileTtlDays: t.config.licensing.fileTtlDays,
      staleDays: t.config.licensing.staleDays,
      now: () => at,
    });

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000', LICENSING_REQUESTS_PER_MINUTE: '100000', LICENSING_KEY_REQUESTS_PER_MINUTE: '1000' } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes the public key that verifies the machine files it signs', async () => {
    const response = await t.app.inject({ method: 'GET', url: `${API}/public-key` });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const { pem, base64, algorithm } = response.json();
    expect(algorithm).toBe('ed25519');
    expect(Buffer.from(base64, 'base64')).toHaveLength(32);

    const { keys } = await buy(t, 'file@example.com');
    const fp = fingerprint();
    const activation = await activate(keys[0]!, fp, { machineName: 'Studio Mac', platform: 'macos', appVersion: '4.2.1' });
    const reading = readMachineFile(activation.body.machineFile, createPublicKey(pem), fp, new Date());
    expect(reading.ok).toBe(true);
    const payload = machineFilePayloadSchema.parse(reading.ok && reading.payload);
    expect(payload.license).toMatchObject({ key: keys[0], product: 'remidi-4', type: 'perpetual', status: 'active', maxMachines: 3, expiresAt: null });
    expect(payload.machine).toEqual({ id: activation.body.machine.id, fingerprint: fp, name: 'Studio Mac', platform: 'macos' });
    expect(payload.meta.ttl).toBe(30 * 86_400);
    expect(Date.parse(payload.meta.expiry) - Date.parse(payload.meta.issued)).toBe(30 * DAY_MS);
  });

  it('activates a computer (201), and again idempotently (200) with the new name', async () => {
    const { keys } = await buy(t, 'activate@example.com');
    const fp = fingerprint();
    const first = await activate(keys[0]!, fp, { machineName: 'Studio', platform: 'windows' });
    expect(first.status).toBe(201);
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body).toMatchObject({
      valid: true,
      code: 'VALID',
      license: { product: 'remidi-4', type: 'perpetual', status: 'active', expiresAt: null, maxMachines: 3, activationsUsed: 1 },
      machine: { fingerprint: fp, name: 'Studio', platform: 'windows' },
    });
    const again = await activate(keys[0]!, fp, { machineName: 'Studio renamed' });
    expect(again.status).toBe(200);
    expect(again.body.machine).toMatchObject({ id: first.body.machine.id, name: 'Studio renamed' });
    expect(again.body.license.activationsUsed).toBe(1);
    expect(await activeMachines(t, keys[0]!)).toBe(1);
  });

  it('accepts a key typed in lower case with spaces around it', async () => {
    const { keys } = await buy(t, 'typed@example.com');
    expect((await activate(`  ${keys[0]!.toLowerCase()} `, fingerprint())).status).toBe(201);
  });

  it('validates: VALID, NO_MACHINE, PRODUCT_MISMATCH and NOT_FOUND, all with 200', async () => {
    const { keys } = await buy(t, 'validate@example.com');
    const fp = fingerprint();
    await activate(keys[0]!, fp);
    const valid = await validate(keys[0]!, fp);
    expect(valid.status).toBe(200);
    expect(valid.body).toMatchObject({ valid: true, code: 'VALID', license: { activationsUsed: 1 }, machine: { fingerprint: fp } });

    const other = await validate(keys[0]!, fingerprint());
    expect(other.body).toMatchObject({ valid: false, code: 'NO_MACHINE', license: { activationsUsed: 1 } });
    expect(other.body.machine).toBeUndefined();

    const mismatch = await validate(keys[0]!, fp, 'rechannel');
    expect(mismatch.status).toBe(200);
    expect(mismatch.body).toMatchObject({ valid: false, code: 'PRODUCT_MISMATCH' });
    expect(mismatch.body.message).toContain('reMIDI 4');

    const unknown = await validate('ZZZZ-ZZZZ-ZZZZ-ZZZZ', fp);
    expect(unknown.status).toBe(200);
    expect(unknown.body).toEqual({ valid: false, code: 'NOT_FOUND', message: expect.any(String) });
  });

  it('refreshes last seen on validate, writing at most once a minute', async () => {
    const { keys } = await buy(t, 'seen@example.com');
    const fp = fingerprint();
    await activate(keys[0]!, fp);
    const old = new Date(Date.now() - 10 * DAY_MS);
    await t.database.db.update(licenceMachines).set({ lastSeenAt: old }).where(eq(licenceMachines.fingerprint, fp));
    const before = Date.now();
    const answer = await validate(keys[0]!, fp);
    expect(Date.parse(answer.body.machine.lastSeenAt)).toBeGreaterThanOrEqual(before - 1000);
    const [row] = await t.database.db.select({ lastSeenAt: licenceMachines.lastSeenAt }).from(licenceMachines).where(eq(licenceMachines.fingerprint, fp));
    expect(row!.lastSeenAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
  });

  it('refuses a fourth computer with 409 TOO_MANY_MACHINES pointing at the account page', async () => {
    const { keys } = await buy(t, 'seats@example.com');
    for (let i = 0; i < 3; i++) expect((await activate(keys[0]!, fingerprint())).status).toBe(201);
    const fourth = await activate(keys[0]!, fingerprint());
    expect(fourth.status).toBe(409);
    expect(fourth.body).toEqual({
      valid: false,
      code: 'TOO_MANY_MACHINES',
      message: `This licence is active on 3 computers. Free one at ${t.config.publicUrl}/account.`,
    });
  });

  it('validates as TOO_MANY_MACHINES when more computers are active than the licence now allows', async () => {
    const { keys } = await buy(t, 'lowered@example.com');
    const fp = fingerprint();
    await activate(keys[0]!, fp);
    await activate(keys[0]!, fingerprint());
    await t.database.db.update(licences).set({ seats: 1 }).where(eq(licences.key, keys[0]!));
    const answer = await validate(keys[0]!, fp);
    expect(answer.body).toMatchObject({ valid: false, code: 'TOO_MANY_MACHINES', license: { maxMachines: 1, activationsUsed: 2 } });
  });

  it('holds the seats under 20 concurrent activations: exactly 3 computers', async () => {
    const { keys } = await buy(t, 'race@example.com');
    const answers = await Promise.all(Array.from({ length: 20 }, () => activate(keys[0]!, fingerprint('race'))));
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 201)).toHaveLength(3);
    expect(statuses.filter((status) => status === 409)).toHaveLength(17);
    expect(await activeMachines(t, keys[0]!)).toBe(3);
  });

  it('activates one computer when the same fingerprint arrives twice at once (201 and 200)', async () => {
    const { keys } = await buy(t, 'twice@example.com');
    const fp = fingerprint();
    const answers = await Promise.all([activate(keys[0]!, fp), activate(keys[0]!, fp)]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 201]);
    expect(answers[0]!.body.machine.id).toBe(answers[1]!.body.machine.id);
    expect(await activeMachines(t, keys[0]!)).toBe(1);
  });

  it('refuses unknown keys with 404 NOT_FOUND on every call that changes something', async () => {
    const fp = fingerprint();
    for (const answer of [await activate('NOPE-NOPE-NOPE-NOPE', fp), await deactivate('NOPE-NOPE-NOPE-NOPE', fp), await checkout('NOPE-NOPE-NOPE-NOPE', fp)]) {
      expect(answer.status).toBe(404);
      expect(answer.body).toMatchObject({ valid: false, code: 'NOT_FOUND' });
    }
    const mismatch = await post(t.app, '/activate', { licenseKey: (await buy(t, 'mismatch@example.com')).keys[0], product: 'rechannel', fingerprint: fp });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.code).toBe('PRODUCT_MISMATCH');
  });

  it('deactivates a computer, which frees its seat; an inactive one is 404 NO_MACHINE', async () => {
    const { keys } = await buy(t, 'deactivate@example.com');
    const fps = [fingerprint(), fingerprint(), fingerprint()];
    for (const fp of fps) await activate(keys[0]!, fp);
    const answer = await deactivate(keys[0]!, fps[0]!);
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({ deactivated: true, activationsUsed: 2 });
    expect((await validate(keys[0]!, fps[0]!)).body.code).toBe('NO_MACHINE');
    const again = await deactivate(keys[0]!, fps[0]!);
    expect(again.status).toBe(404);
    expect(again.body.code).toBe('NO_MACHINE');
    expect((await activate(keys[0]!, fingerprint())).status).toBe(201);
  });

  it('allows 3 deactivations in 30 days, then names the date the next one is possible', async () => {
    const { keys } = await buy(t, 'cooldown@example.com');
    for (let i = 0; i < 3; i++) {
      const fp = fingerprint();
      await activate(keys[0]!, fp);
      expect((await deactivate(keys[0]!, fp)).status).toBe(200);
    }
    const fp = fingerprint();
    await activate(keys[0]!, fp);
    const refused = await deactivate(keys[0]!, fp);
    expect(refused.status).toBe(409);
    expect(refused.body.code).toBe('TOO_MANY_DEACTIVATIONS');
    const [first] = await t.database.db
      .select({ releasedAt: licenceMachines.releasedAt })
      .from(licenceMachines)
      .innerJoin(licences, eq(licences.id, licenceMachines.licenceId))
      .where(and(eq(licences.key, keys[0]!), eq(licenceMachines.releasedReason, 'deactivated')))
      .orderBy(licenceMachines.releasedAt)
      .limit(1);
    expect(refused.body.message).toContain(`You can free another computer on ${longDate(new Date(first!.releasedAt!.getTime() + 30 * DAY_MS))}.`);
    expect((await validate(keys[0]!, fp)).body.code).toBe('VALID');
  });

  it('renews the machine file of an active computer, and refuses one that is not activated', async () => {
    const { keys } = await buy(t, 'checkout@example.com');
    const fp = fingerprint();
    await activate(keys[0]!, fp);
    const answer = await checkout(keys[0]!, fp);
    expect(answer.status).toBe(200);
    expect(Date.parse(answer.body.expiry) - Date.parse(answer.body.issued)).toBe(30 * DAY_MS);
    expect(readMachineFile(answer.body.machineFile, loadLicensingKeys(t.secrets.LICENSING_SIGNING_KEY).publicKey, fp, new Date()).ok).toBe(true);
    const missing = await checkout(keys[0]!, fingerprint());
    expect(missing.status).toBe(404);
    expect(missing.body.code).toBe('NO_MACHINE');
  });

  it('answers REVOKED once the order is refunded, and renews no file', async () => {
    const { keys, order } = await buy(t, 'refund@example.com');
    const fp = fingerprint();
    await activate(keys[0]!, fp);
    const refund = await postWebhook(
      t.app,
      t.secrets.FASTSPRING_WEBHOOK_SECRET,
      envelope(testReturn(order, { items: [{ product: 'remidi-4' }] }), { type: 'return.created' }),
    );
    expect(refund.statusCode).toBe(200);
    expect((await validate(keys[0]!, fp)).body).toMatchObject({ valid: false, code: 'REVOKED', license: { status: 'revoked' } });
    const activation = await activate(keys[0]!, fingerprint());
    expect(activation.status).toBe(403);
    expect(activation.body.code).toBe('REVOKED');
    expect((await checkout(keys[0]!, fp)).body.code).toBe('REVOKED');
  });

  describe('trials', () => {
    it('activates a trial key for the full product; its file ends with the trial', async () => {
      const expiresAt = new Date(Date.now() + 3 * DAY_MS);
      const key = await trial(t, 'trial@example.com', expiresAt);
      const fp = fingerprint();
      const answer = await activate(key, fp);
      expect(answer.status).toBe(201);
      expect(answer.body.license).toMatchObject({ product: 'remidi-4', type: 'trial', expiresAt: expiresAt.toISOString() });
      const reading = readMachineFile(answer.body.machineFile, loadLicensingKeys(t.secrets.LICENSING_SIGNING_KEY).publicKey, fp, new Date());
      expect(reading.ok && reading.payload.meta.expiry).toBe(expiresAt.toISOString());
    });

    it('gives one trial per computer: a second trial key on it is TRIAL_ALREADY_USED', async () => {
      const fp = fingerprint();
      expect((await activate(await trial(t, 'trial-a@example.com'), fp)).status).toBe(201);
      const second = await activate(await trial(t, 'trial-b@example.com'), fp);
      expect(second.status).toBe(409);
      expect(second.body).toEqual({
        valid: false,
        code: 'TRIAL_ALREADY_USED',
        message: 'This computer has already had a trial of reMIDI 4. Buy reMIDI 4 to keep using it.',
      });
    });

    it('expires at expiresAt (fake clock): EXPIRED on validate, 403 on activate and file renewal', async () => {
      const expiresAt = new Date(Date.now() + 5 * DAY_MS);
      const key = await trial(t, 'expiring@example.com', expiresAt);
      const fp = fingerprint();
      await activate(key, fp);
      const before = serviceAt(new Date(expiresAt.getTime() - 1000));
      expect((await before.validate({ licenseKey: key, product: 'remidi-4', fingerprint: fp })).code).toBe('VALID');
      const renewed = await before.checkoutFile({ licenseKey: key, fingerprint: fp });
      expect(renewed.expiry).toBe(expiresAt.toISOString());

      const after = serviceAt(expiresAt);
      const answer = await after.validate({ licenseKey: key, product: 'remidi-4', fingerprint: fp });
      expect(answer).toMatchObject({ valid: false, code: 'EXPIRED', license: { status: 'expired' } });
      expect(answer.message).toContain(`ended on ${longDate(expiresAt)}`);
      await expect(after.activate({ licenseKey: key, product: 'remidi-4', fingerprint: fingerprint() })).rejects.toMatchObject({ code: 'EXPIRED' });
      await expect(after.checkoutFile({ licenseKey: key, fingerprint: fp })).rejects.toMatchObject({ code: 'EXPIRED' });

      // And through HTTP once the real clock has passed it.
      await t.database.db
        .update(licences)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(licences.key, key));
      expect((await validate(key, fp)).body.code).toBe('EXPIRED');
      const refused = await activate(key, fingerprint());
      expect(refused.status).toBe(403);
      expect(refused.body.code).toBe('EXPIRED');
    });
  });

  it('frees computers unseen for the stale period, once, with the reason stale', async () => {
    const { keys } = await buy(t, 'stale@example.com');
    const [old, recent] = [fingerprint(), fingerprint()];
    await activate(keys[0]!, old);
    await activate(keys[0]!, recent);
    await t.database.db
      .update(licenceMachines)
      .set({ lastSeenAt: new Date(Date.now() - 91 * DAY_MS) })
      .where(eq(licenceMachines.fingerprint, old));
    const service = serviceAt(new Date());
    expect(await service.releaseStaleMachines()).toBeGreaterThanOrEqual(1);
    expect(await service.releaseStaleMachines()).toBe(0);
    const rows = await t.database.db.select().from(licenceMachines).where(eq(licenceMachines.fingerprint, old));
    expect(rows).toMatchObject([{ releasedReason: 'stale' }]);
    expect((await validate(keys[0]!, old)).body.code).toBe('NO_MACHINE');
    expect((await validate(keys[0]!, recent)).body.code).toBe('VALID');
  });

  describe('update checks', () => {
    const check = (body: Record<string, unknown>) => post(t.app, '/releases/check', { product: 'remidi-4', platform: 'macos', ...body });

    it('names the latest version, its changelog since the running one, and the platform', async () => {
      const answer = await check({ version: '4.0.0' });
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        product: 'remidi-4',
        latestVersion: '4.2.1',
        updateAvailable: true,
        majorUpdate: false,
        platformAvailable: true,
        entitled: null,
        downloadUrl: `${t.config.publicUrl}/account`,
      });
      expect(answer.body.changelog.indexOf('## 4.2.1')).toBeLessThan(answer.body.changelog.indexOf('## 4.1.0'));
      expect(answer.body.changelog).not.toContain('## 4.0.0');
      expect((await check({ version: '4.2.1', platform: 'linux' })).body).toMatchObject({ updateAvailable: false, platformAvailable: false, changelog: '' });
      expect((await check({ version: '3.9' })).body.majorUpdate).toBe(true);
    });

    it('says whether a key is entitled to the latest version', async () => {
      const { keys } = await buy(t, 'entitled@example.com');
      expect((await check({ version: '4.0.0', licenseKey: keys[0] })).body.entitled).toBe(true);
      const { keys: other } = await buy(t, 'other-product@example.com', 'rechannel');
      expect((await check({ version: '4.0.0', licenseKey: other[0] })).body.entitled).toBe(false);
      expect((await check({ version: '4.0.0', licenseKey: 'NOPE-NOPE-NOPE-NOPE' })).body.entitled).toBe(false);
    });
  });

  it('answers malformed requests 400 INVALID_REQUEST with the fields at fault', async () => {
    const answer = await post(t.app, '/activate', { licenseKey: '', product: 'remidi-4', fingerprint: 'short', platform: 'amiga' });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ valid: false, code: 'INVALID_REQUEST' });
    expect(Object.keys(answer.body.fields).sort()).toEqual(['fingerprint', 'licenseKey', 'platform']);
    const notJson = await t.app.inject({ method: 'POST', url: `${API}/validate`, headers: { 'content-type': 'application/json' }, payload: '{nope' });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ valid: false, code: 'INVALID_REQUEST', message: 'The request body is not valid JSON.' });
  });

  describe('the account licence panel', () => {
    const email = 'panel@example.com';
    let token: string;
    const account = (method: 'GET' | 'DELETE', url: string, bearer = token) => t.app.inject({ method, url, headers: { authorization: `Bearer ${bearer}` } });

    beforeAll(async () => {
      ({
        tokens: { access_token: token },
      } = await signInThroughIdp(t, { email, password: 'correct horse battery', signUp: true }));
    });

    it('lists the shopper’s licences with their computers, and frees one', async () => {
      const { keys } = await buy(t, email);
      const fp = fingerprint();
      await activate(keys[0]!, fp, { machineName: 'Laptop', platform: 'macos' });
      const listed = await account('GET', '/api/account/licences');
      expect(listed.statusCode).toBe(200);
      expect(listed.headers['cache-control']).toBe('no-store');
      const licence = listed.json().licenses.find((candidate: { licenseKey: string }) => candidate.licenseKey === keys[0]);
      expect(licence).toMatchObject({
        product: 'remidi-4',
        productName: 'reMIDI 4',
        type: 'perpetual',
        status: 'active',
        maxMachines: 3,
        activationsUsed: 1,
        deactivationsLeft: 3,
        nextDeactivationAt: null,
        upgradedFrom: null,
        machines: [{ fingerprint: fp, name: 'Laptop', platform: 'macos' }],
      });
      const freed = await account('DELETE', `/api/account/licences/${keys[0]}/machines/${licence.machines[0].id}`);
      expect(freed.statusCode).toBe(200);
      expect(freed.json()).toEqual({ deactivated: true, activationsUsed: 0 });
      const after = (await account('GET', '/api/account/licences'))
        .json()
        .licenses.find((candidate: { licenseKey: string }) => candidate.licenseKey === keys[0]);
      expect(after).toMatchObject({ activationsUsed: 0, machines: [], deactivationsLeft: 2 });
      expect((await validate(keys[0]!, fp)).body.code).toBe('NO_MACHINE');
    });

    it('answers 404 for another shopper’s key, as for an unknown one', async () => {
      const { keys } = await buy(t, 'someone-else@example.com');
      const activation = await activate(keys[0]!, fingerprint());
      const answer = await account('DELETE', `/api/account/licences/${keys[0]}/machines/${activation.body.machine.id}`);
      expect(answer.statusCode).toBe(404);
      const unknown = await account('DELETE', `/api/account/licences/NOPE-NOPE-NOPE-NOPE/machines/${activation.body.machine.id}`);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().message).toBe(answer.json().message);
      expect(await activeMachines(t, keys[0]!)).toBe(1);
    });

    it('counts account deactivations in the same cooldown, with a 409 naming the date', async () => {
      const { keys } = await buy(t, email);
      const key = keys.at(-1)!;
      for (let i = 0; i < 3; i++) {
        const fp = fingerprint();
        await activate(key, fp);
        expect((await deactivate(key, fp)).status).toBe(200);
      }
      const activation = await activate(key, fingerprint());
      const refused = await account('DELETE', `/api/account/licences/${key}/machines/${activation.body.machine.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toMatch(/You can free another computer on \d{1,2} [A-Z][a-z]+ \d{4}\./);
      const listed = (await account('GET', '/api/account/licences')).json().licenses.find((candidate: { licenseKey: string }) => candidate.licenseKey === key);
      expect(listed.deactivationsLeft).toBe(0);
      expect(listed.nextDeactivationAt).not.toBeNull();
    });

    it('needs a signed-in shopper', async () => {
      expect((await t.app.inject({ method: 'GET', url: '/api/account/licences' })).statusCode).toBe(401);
    });
  });
});

describe.each(TEST_ENGINES)('the licensing rate limits on %s', (engine) => {
  let t: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    const env = {
      RATE_LIMIT_MAX: '100000',
      LICENSING_REQUESTS_PER_MINUTE: '100000',
      LICENSING_KEY_REQUESTS_PER_MINUTE: '5',
      LICENSING_UNKNOWN_KEYS_PER_15_MINUTES: '3',
    };
    // Both stores count in the database, as two processes on PostgreSQL do.
    t = await createTestApp(engine, { env, sharedRateLimitsInDatabase: true });
    second = await buildSecondApp(t, { sharedRateLimitsInDatabase: true });
    await second.ready();
  });
  afterAll(async () => {
    await second?.close();
    await t?.close();
  });

  it('answers 429 with Retry-After after too many unknown keys from one address, across processes', async () => {
    const address = '203.0.113.77';
    const apps = [t.app, second, t.app];
    for (const [i, app] of apps.entries()) {
      const answer = await post(app, '/validate', { licenseKey: `UNKN-OWN0-0000-000${i}`, product: 'remidi-4', fingerprint: 'rate-limit-fp' }, address);
      expect(answer.body.code).toBe('NOT_FOUND');
    }
    const { keys } = await buy(t, 'limited@example.com');
    const limited = await post(second, '/activate', { licenseKey: keys[0], product: 'remidi-4', fingerprint: 'rate-limit-fp' }, address);
    expect(limited.status).toBe(429);
    expect(limited.body).toEqual({ valid: false, code: 'RATE_LIMITED', message: 'Too many unknown licence keys from this address. Try again in 15 minutes.' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(800);
    // Another address is not held back.
    expect((await post(t.app, '/activate', { licenseKey: keys[0], product: 'remidi-4', fingerprint: 'rate-limit-fp' })).status).toBe(201);
  });

  it('limits the requests per licence key, whatever the address', async () => {
    const { keys } = await buy(t, 'busy-key@example.com');
    const statuses = [];
    for (let i = 0; i < 6; i++) {
      const answer = await post(i % 2 ? second : t.app, '/validate', { licenseKey: keys[0], product: 'remidi-4', fingerprint: 'busy-key-fp' });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body.code).toBe('RATE_LIMITED');
        expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
