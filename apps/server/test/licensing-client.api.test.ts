import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLicensingClient, LicensingError, verifyMachineFile } from '@store/licensing-client';
import { customers, licences } from '../src/db/schema';
import { createTestApp, type TestApp } from './helpers';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

/**
 * The reference client plugin developers copy, against the store listening on a real port: what it
 * activates, renews and verifies offline is what the running server signs.
 */
describe('the reference licensing client against the running store', () => {
  let t: TestApp;
  let storeUrl: string;
  let licenseKey: string;
  const fingerprint = `client-test-${process.pid}-0001`;

  beforeAll(async () => {
    t = await createTestApp('pglite');
    const email = `client-${process.pid}@example.com`;
    const response = await postWebhook(
      t.app,
      t.secrets.FASTSPRING_WEBHOOK_SECRET,
      envelope(testOrder({ email, items: [{ product: 'remidi-4', quantity: 1, subtotal: 79 }] })),
    );
    expect(response.statusCode).toBe(200);
    const [row] = await t.database.db
      .select({ key: licences.key })
      .from(licences)
      .innerJoin(customers, eq(customers.id, licences.customerId))
      .where(eq(customers.email, email));
    licenseKey = row!.key;
    storeUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('activates, verifies the machine file offline with the published key, renews it and deactivates', async () => {
    const client = createLicensingClient({ storeUrl, product: 'remidi-4' });
    const publicKey = await client.getPublicKey();

    const activation = await client.activate({ licenseKey: licenseKey.toLowerCase(), fingerprint, machineName: 'Studio Mac', platform: 'macos' });
    expect(activation.license).toMatchObject({ product: 'remidi-4', maxMachines: 3, activationsUsed: 1 });
    for (const key of [publicKey.base64, publicKey.pem]) {
      const offline = verifyMachineFile(activation.machineFile, key, fingerprint, new Date());
      expect(offline).toMatchObject({ ok: true, license: { key: licenseKey, product: 'remidi-4' }, machine: { fingerprint, name: 'Studio Mac' } });
    }
    expect(verifyMachineFile(activation.machineFile, publicKey.base64, 'another-computer-0002', new Date())).toEqual({ ok: false, reason: 'other-machine' });

    const renewed = await client.checkoutFile({ licenseKey, fingerprint });
    const later = new Date(Date.parse(renewed.expiry) - 60_000);
    expect(verifyMachineFile(renewed.machineFile, publicKey.base64, fingerprint, later)).toMatchObject({ ok: true });
    expect(verifyMachineFile(renewed.machineFile, publicKey.base64, fingerprint, new Date(Date.parse(renewed.expiry) + 1))).toMatchObject({
      ok: false,
      reason: 'expired',
    });

    expect(await client.validate({ licenseKey, fingerprint })).toMatchObject({ valid: true, code: 'VALID' });
    expect(await client.deactivate({ licenseKey, fingerprint })).toEqual({ deactivated: true, activationsUsed: 0 });
    expect(await client.validate({ licenseKey, fingerprint })).toMatchObject({ valid: false, code: 'NO_MACHINE' });
    const refusal = await client.checkoutFile({ licenseKey, fingerprint }).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(LicensingError);
    expect(refusal).toMatchObject({ code: 'NO_MACHINE', status: 404 });
  });
});
