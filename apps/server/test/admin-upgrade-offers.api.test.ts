import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductInput } from '@store/contracts/admin';
import { auditEvents, products } from '../src/db/schema';
import { ADMIN_EMAIL, accessTokenFor, adminRequest, productForm } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

const API = '/api/admin';

const OFFERS = [
  { from: 'beat-slicer-2', fromName: 'Beat Slicer 2', percentOff: 100 },
  { from: 'beat-slicer-1', fromName: 'Beat Slicer 1', percentOff: 85 },
];

/** A complete, valid form for a live licensed product. */
const form = (overrides: Partial<AdminProductInput> = {}): AdminProductInput =>
  productForm({
    path: 'beat-slicer-3',
    displayName: 'Beat Slicer 3',
    priceMinor: 9900,
    summaryMarkdown: 'Slices beats.',
    descriptionMarkdown: 'It slices beats.',
    licenceSeats: 3,
    sortOrder: 100,
    ...overrides,
  });

describe.each(TEST_ENGINES)('upgrade offers in the back office on %s', (engine) => {
  let t: TestApp;
  let as: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000' } });
    as = adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL));
  });
  afterAll(async () => {
    await t?.close();
  });

  const storefront = async (path: string) => {
    const response = await t.app.inject(`/api/products/${path}`);
    expect(response.statusCode, response.body).toBe(200);
    return response.json();
  };
  const auditOf = async (id: number, action: string) =>
    (
      await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.subjectId, String(id)), eq(auditEvents.action, action)))
    )[0];

  it('creates a product with upgrade offers, audits them and shows them on the storefront at once', async () => {
    const response = await as('POST', `${API}/products`, form({ upgradeOffers: OFFERS }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json();
    expect(created.upgradeOffers).toEqual(OFFERS);
    expect((await as('GET', `${API}/products/${created.id}`)).json().upgradeOffers).toEqual(OFFERS);
    expect((await auditOf(created.id, 'product.create'))?.after).toMatchObject({ upgradeOffers: OFFERS });
    expect((await storefront('beat-slicer-3')).upgradeOffers).toEqual(OFFERS);
  });

  it('changes and removes offers on a save, the storefront following without a restart', async () => {
    const created = (await as('POST', `${API}/products`, form({ path: 'drum-rack-2', displayName: 'Drum Rack 2' }))).json();
    expect(created.upgradeOffers).toEqual([]);
    // Read first, so the storefront's cache holds the product without offers.
    expect((await storefront('drum-rack-2')).upgradeOffers).toEqual([]);

    const changed = [{ from: 'drum-rack-1', fromName: 'Drum Rack 1', percentOff: 50 }];
    const saved = await as('PUT', `${API}/products/${created.id}`, form({ path: 'drum-rack-2', upgradeOffers: changed, version: created.version }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().upgradeOffers).toEqual(changed);
    expect((await storefront('drum-rack-2')).upgradeOffers).toEqual(changed);
    const event = await auditOf(created.id, 'product.update');
    expect(event?.before).toMatchObject({ upgradeOffers: [] });
    expect(event?.after).toMatchObject({ upgradeOffers: changed });

    const cleared = await as('PUT', `${API}/products/${created.id}`, form({ path: 'drum-rack-2', upgradeOffers: [], version: saved.json().version }));
    expect(cleared.json().upgradeOffers).toEqual([]);
    expect((await storefront('drum-rack-2')).upgradeOffers).toEqual([]);
  });

  it('keeps the offers when a save does not send the field', async () => {
    const created = (await as('POST', `${API}/products`, form({ path: 'tape-echo-2', displayName: 'Tape Echo 2', upgradeOffers: OFFERS }))).json();
    const { upgradeOffers: _left, ...withoutOffers } = form({ path: 'tape-echo-2', displayName: 'Tape Echo 2 (renamed)', version: created.version });
    const saved = await as('PUT', `${API}/products/${created.id}`, withoutOffers);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: 'Tape Echo 2 (renamed)', upgradeOffers: OFFERS });
  });

  it('refuses a repeated old product and the product itself beside the row, and writes nothing', async () => {
    const repeated = await as(
      'POST',
      `${API}/products`,
      form({
        path: 'vocal-tuner',
        upgradeOffers: [
          OFFERS[0]!,
          OFFERS[1]!,
          { from: 'beat-slicer-2', fromName: 'Again', percentOff: 10 },
          { from: 'vocal-tuner', fromName: 'Me', percentOff: 10 },
        ],
      }),
    );
    expect(repeated.statusCode).toBe(400);
    expect(repeated.json().fields).toEqual({
      'upgradeOffers.2.from': 'Each old product has one upgrade offer',
      'upgradeOffers.3.from': 'A product is no upgrade of itself: name an older product',
    });
    expect(await t.database.db.select({ id: products.id }).from(products).where(eq(products.path, 'vocal-tuner'))).toEqual([]);

    const invalid = await as('POST', `${API}/products`, form({ path: 'vocal-tuner', upgradeOffers: [{ from: 'Vocal Tuner 1', fromName: '', percentOff: 0 }] }));
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields).toEqual({
      'upgradeOffers.0.from': 'A product path is lowercase letters, digits and single hyphens',
      'upgradeOffers.0.fromName': 'Enter the name its owners know it by',
      'upgradeOffers.0.percentOff': 'An upgrade takes at least 1% off',
    });

    const tooMany = Array.from({ length: 11 }, (_, index) => ({ from: `vocal-tuner-old-${index}`, fromName: `Old ${index}`, percentOff: 50 }));
    const refused = await as('POST', `${API}/products`, form({ path: 'vocal-tuner', upgradeOffers: tooMany }));
    expect(refused.json().fields).toEqual({ upgradeOffers: 'A product has at most 10 upgrade offers' });
  });

  it('refuses an offer from the product’s own path on a save too, even when the path changes in the same save', async () => {
    const created = (await as('POST', `${API}/products`, form({ path: 'synth-pad-2', displayName: 'Synth Pad 2' }))).json();
    const self = await as(
      'PUT',
      `${API}/products/${created.id}`,
      form({ path: 'synth-pad-3', upgradeOffers: [{ from: 'synth-pad-3', fromName: 'Synth Pad 3', percentOff: 20 }], version: created.version }),
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().fields).toEqual({ 'upgradeOffers.0.from': 'A product is no upgrade of itself: name an older product' });
    expect((await as('GET', `${API}/products/${created.id}`)).json()).toMatchObject({ path: 'synth-pad-2', version: created.version });
  });
});
