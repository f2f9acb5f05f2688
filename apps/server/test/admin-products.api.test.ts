import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminProductInput } from '@store/contracts/admin';
import { auditEvents, customers, orderItems, orders, products } from '../src/db/schema';
import { ADMIN_EMAIL, accessTokenFor, adminRequest, productForm } from './admin-fixtures';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

const API = '/api/admin';

/** A complete, valid form for a new product in an existing category. */
const newProduct = (overrides: Partial<AdminProductInput> = {}): AdminProductInput =>
  productForm({
    path: 'pad-mapper',
    displayName: 'Pad Mapper',
    priceMinor: 4900,
    summaryMarkdown: 'Maps **pads** to notes.',
    descriptionMarkdown: '## What it does\n\nIt maps pads.',
    keyFacts: [{ label: 'Formats', value: 'VST3, AU' }],
    licenceSeats: 2,
    live: false,
    sortOrder: 100,
    ...overrides,
  });

describe.each(TEST_ENGINES)('products and categories in the back office on %s', (engine) => {
  let t: TestApp;
  let as: ReturnType<typeof adminRequest>;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000' } });
    as = adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL));
  });
  afterAll(async () => {
    await t?.close();
  });

  const create = async (overrides: Partial<AdminProductInput> = {}) => {
    const response = await as('POST', `${API}/products`, newProduct(overrides));
    expect(response.statusCode, response.body).toBe(201);
    return response.json();
  };
  const auditCount = async (subjectId: number) =>
    (
      await t.database.db
        .select({ id: auditEvents.id })
        .from(auditEvents)
        .where(eq(auditEvents.subjectId, String(subjectId)))
    ).length;

  it('creates a draft product, renders its summary and records who did it', async () => {
    const created = await create();
    expect(created).toMatchObject({ path: 'pad-mapper', live: false, version: 1, soldCount: 0, currency: 'USD' });
    expect(created.summaryHtml).toBe('<p>Maps <strong>pads</strong> to notes.</p>');
    const [event] = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.subjectId, String(created.id)));
    expect(event).toMatchObject({ actor: ADMIN_EMAIL, action: 'product.create', subjectType: 'product' });
    // A draft is not on the storefront.
    expect((await t.app.inject(`/api/products/pad-mapper`)).statusCode).toBe(404);
  });

  it('refuses invalid forms with a message beside each field', async () => {
    const response = await as(
      'POST',
      `${API}/products`,
      newProduct({
        path: 'deals',
        displayName: '',
        priceMinor: 1000,
        deal: { kind: 'amount', amountMinor: 1000 },
        dealStartsAt: '2026-12-02T10:00:00Z',
        dealEndsAt: '2026-12-01T10:00:00Z',
        media: [{ kind: 'image', src: 'https://elsewhere.example/a.png', title: 'A' }],
      }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      path: 'This path is one of the store’s own pages; choose another',
      displayName: 'A product needs a name',
      'deal.amountMinor': 'A deal’s amount must be less than the price',
      dealEndsAt: 'The deal must end after it starts',
      'media.0.src': 'Media must be a file uploaded to this store (/media/…)',
    });
    const tooMany = await as('POST', `${API}/products`, newProduct({ keyFacts: Array.from({ length: 13 }, () => ({ value: 'x' })), licenceSeats: 0 }));
    expect(tooMany.json().fields).toEqual({ keyFacts: 'A product has at most 12 key facts', licenceSeats: 'At least 1 computer' });
  });

  it('refuses what only the database knows: unknown category, missing related products, a trial of a trial, a category’s address', async () => {
    const paid = await create({ path: 'loop-kit', displayName: 'Loop Kit' });
    await create({ path: 'loop-kit-trial', displayName: 'Loop Kit Trial', trialOfPath: 'loop-kit', priceMinor: 0 });
    const response = await as(
      'POST',
      `${API}/products`,
      newProduct({ path: 'plugins', category: 'Nothing Like It', relatedPaths: ['no-such-product'], trialOfPath: 'loop-kit-trial' }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toEqual({
      category: 'Choose one of the store’s categories',
      path: 'The category Plugins lists its products at this path; choose another',
      relatedPaths: 'No product has the path no-such-product',
      trialOfPath: 'loop-kit-trial is itself a trial; choose the paid product',
    });
    const self = await as('PUT', `${API}/products/${paid.id}`, newProduct({ path: 'loop-kit', trialOfPath: 'loop-kit', version: paid.version }));
    expect(self.json().fields).toMatchObject({ trialOfPath: 'A product cannot be a trial of itself' });
  });

  it('answers 409 beside the path when it is taken, and writes nothing', async () => {
    const before = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n;
    const auditBefore = (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n;
    const response = await as('POST', `${API}/products`, newProduct({ path: 'pad-mapper' }));
    expect(response.statusCode).toBe(409);
    expect(response.json().fields).toEqual({ path: 'This path is taken' });
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(products))[0]!.n).toBe(before);
    expect((await t.database.db.select({ n: sql<number>`count(*)::int` }).from(auditEvents))[0]!.n).toBe(auditBefore);
  });

  it('saves over the version it was loaded at, and refuses an older one with 409', async () => {
    const created = await create({ path: 'chord-grid', displayName: 'Chord Grid' });
    const saved = await as('PUT', `${API}/products/${created.id}`, newProduct({ path: 'chord-grid', displayName: 'Chord Grid 2', version: created.version }));
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toMatchObject({ displayName: 'Chord Grid 2', version: created.version + 1 });
    const stale = await as('PUT', `${API}/products/${created.id}`, newProduct({ path: 'chord-grid', displayName: 'Lost edit', version: created.version }));
    expect(stale.statusCode).toBe(409);
    expect(stale.json().message).toContain('changed by someone else');
    expect((await as('GET', `${API}/products/${created.id}`)).json().displayName).toBe('Chord Grid 2');
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.action, 'product.update'));
    expect(event?.before).toMatchObject({ displayName: 'Chord Grid' });
    expect(event?.after).toMatchObject({ displayName: 'Chord Grid 2' });
  });

  it('keeps the HTML summary of a product older than the back office until a Markdown one is written', async () => {
    // A row from before the back office: an HTML summary and no Markdown one (the seed now writes both).
    const [any] = await t.database.db.select({ id: products.id }).from(products).limit(1);
    const [seeded] = await t.database.db
      .update(products)
      .set({ summaryMarkdown: '', summaryHtml: '<p>Written as <strong>HTML</strong> before the back office.</p>' })
      .where(eq(products.id, any!.id))
      .returning();
    const detail = (await as('GET', `${API}/products/${seeded!.id}`)).json();
    const { id: _id, currency: _c, imagePath: _i, summaryHtml: _h, soldCount: _s, createdAt: _cr, updatedAt: _u, ...form } = detail;
    const saved = await as('PUT', `${API}/products/${seeded!.id}`, { ...form, sortOrder: form.sortOrder + 1 });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().summaryHtml).toBe(seeded!.summaryHtml);
    const [after] = await t.database.db.select({ sku: products.sku }).from(products).where(eq(products.id, seeded!.id));
    expect(after?.sku).toBe(seeded!.sku);
    const written = await as('PUT', `${API}/products/${seeded!.id}`, { ...form, summaryMarkdown: 'Now in *Markdown*.', version: saved.json().version });
    expect(written.json().summaryHtml).toBe('<p>Now in <em>Markdown</em>.</p>');
  });

  it('stores a percent deal and an amount deal in their own columns', async () => {
    const created = await create({ path: 'deal-maker', displayName: 'Deal Maker', deal: { kind: 'percent', percent: 25 }, dealReason: 'Launch' });
    let [row] = await t.database.db.select().from(products).where(eq(products.id, created.id));
    expect(row).toMatchObject({ discountPercent: 25, discountPercentStyle: 'number', discountAmountMinor: null, discountReason: 'Launch' });
    await as('PUT', `${API}/products/${created.id}`, newProduct({ path: 'deal-maker', deal: { kind: 'amount', amountMinor: 900 }, version: created.version }));
    [row] = await t.database.db.select().from(products).where(eq(products.id, created.id));
    expect(row).toMatchObject({ discountPercent: 0, discountAmountMinor: 900 });
  });

  it('keeps a sold product’s path', async () => {
    const created = await create({ path: 'sold-thing', displayName: 'Sold Thing' });
    await sellOnce(t, created.id, 'sold-thing');
    const response = await as('PUT', `${API}/products/${created.id}`, newProduct({ path: 'renamed-thing', version: created.version }));
    expect(response.statusCode).toBe(409);
    expect(response.json().fields.path).toBe('This product has been sold: its path is in customers’ orders and links, so it cannot change');
    const list = (await as('GET', `${API}/products?search=sold-thing`)).json();
    expect(list.products).toEqual([expect.objectContaining({ path: 'sold-thing', soldCount: 1 })]);
    // Everything else about it can still change.
    expect((await as('PUT', `${API}/products/${created.id}`, newProduct({ path: 'sold-thing', priceMinor: 5900, version: created.version }))).statusCode).toBe(
      200,
    );
  });

  it('rolls the whole save back when a step after the product’s update fails', async () => {
    const created = await create({ path: 'rollback-probe', displayName: 'Rollback Probe' });
    await t.database.db.execute(sql.raw(`create function refuse_audit() returns trigger language plpgsql as $$ begin raise exception 'audit refused'; end $$`));
    await t.database.db.execute(sql.raw('create trigger refuse_audit before insert on audit_events for each row execute function refuse_audit()'));
    try {
      const response = await as(
        'PUT',
        `${API}/products/${created.id}`,
        newProduct({ path: 'rollback-probe', displayName: 'Half Written', version: created.version }),
      );
      expect(response.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger refuse_audit on audit_events'));
      await t.database.db.execute(sql.raw('drop function refuse_audit()'));
    }
    const [row] = await t.database.db.select().from(products).where(eq(products.id, created.id));
    expect(row).toMatchObject({ displayName: 'Rollback Probe', version: created.version });
    expect(await auditCount(created.id)).toBe(1);
  });

  it('duplicates a product as a draft at a free -copy path', async () => {
    const created = await create({ path: 'beat-slicer', displayName: 'Beat Slicer', live: true });
    const first = await as('POST', `${API}/products/${created.id}/duplicate`);
    const second = await as('POST', `${API}/products/${created.id}/duplicate`);
    expect(first.statusCode).toBe(201);
    expect(first.json()).toMatchObject({ path: 'beat-slicer-copy', displayName: 'Beat Slicer (copy)', live: false, version: 1 });
    expect(second.json()).toMatchObject({ path: 'beat-slicer-copy-2' });
  });

  it('takes a product offline and puts it back, dropping the storefront’s cache at once', async () => {
    const created = await create({ path: 'stage-light', displayName: 'Stage Light', live: true });
    expect((await t.app.inject('/api/products/stage-light')).statusCode).toBe(200);
    const offline = await as('POST', `${API}/products/${created.id}/live`, { live: false, version: created.version });
    expect(offline.json()).toMatchObject({ live: false, version: created.version + 1 });
    expect((await t.app.inject('/api/products/stage-light')).statusCode).toBe(404);
    expect((await as('POST', `${API}/products/${created.id}/live`, { live: true, version: created.version })).statusCode).toBe(409);
    await as('POST', `${API}/products/${created.id}/live`, { live: true, version: created.version + 1 });
    expect((await t.app.inject('/api/products/stage-light')).json().display).toBe('Stage Light');
  });

  it('lists products by search, category, status and running deal', async () => {
    await create({ path: 'deal-now', displayName: 'Deal Now', deal: { kind: 'percent', percent: 10 }, live: true });
    await create({ path: 'deal-later', displayName: 'Deal Later', deal: { kind: 'percent', percent: 10 }, dealStartsAt: '2999-01-01T00:00:00Z' });
    const paths = async (query: string) => (await as('GET', `${API}/products?${query}`)).json().products.map((item: { path: string }) => item.path);
    expect(await paths('search=DEAL')).toEqual(expect.arrayContaining(['deal-now', 'deal-later', 'deal-maker']));
    expect(await paths('search=deal&deal=true')).toEqual(expect.arrayContaining(['deal-now']));
    expect(await paths('search=deal&deal=true')).not.toContain('deal-later');
    expect(await paths('search=deal&status=draft')).not.toContain('deal-now');
    expect(await paths('category=Plugins&search=pad-mapper')).toEqual(['pad-mapper']);
    expect(await paths('category=Sample%20Packs&search=pad-mapper')).toEqual([]);
    expect((await as('GET', `${API}/products?status=gone`)).statusCode).toBe(400);
  });

  describe('categories', () => {
    it('adds a category, refuses a duplicate name or a product’s path, renames it onto its products, and orders them', async () => {
      const added = await as('POST', `${API}/categories`, { slug: 'midi-tools', name: 'MIDI Tools', intro: 'Small helpers.', sortOrder: 5 });
      expect(added.statusCode, added.body).toBe(201);
      const duplicate = await as('POST', `${API}/categories`, { slug: 'midi-tools-2', name: 'MIDI Tools', intro: '', sortOrder: 6 });
      expect(duplicate.statusCode).toBe(409);
      expect(duplicate.json().fields).toEqual({ name: 'A category has this name' });
      const productPath = await as('POST', `${API}/categories`, { slug: 'pad-mapper', name: 'Pads', intro: '', sortOrder: 6 });
      expect(productPath.statusCode).toBe(409);
      expect(productPath.json().fields.slug).toContain('A product has this path');

      const member = await create({ path: 'note-bender', displayName: 'Note Bender', category: 'MIDI Tools' });
      const renamed = await as('PUT', `${API}/categories/midi-tools`, { slug: 'midi-helpers', name: 'MIDI Helpers', intro: 'Small helpers.', sortOrder: 5 });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect((await as('GET', `${API}/products/${member.id}`)).json().category).toBe('MIDI Helpers');

      const { categories } = (await as('GET', `${API}/categories`)).json();
      expect(categories.find((category: { slug: string }) => category.slug === 'midi-helpers')).toMatchObject({ productCount: 1 });
      const reversed = categories.map((category: { slug: string }) => category.slug).reverse();
      const ordered = await as('POST', `${API}/categories/order`, { slugs: reversed });
      expect(ordered.json().categories.map((category: { slug: string }) => category.slug)).toEqual(reversed);
      expect((await as('POST', `${API}/categories/order`, { slugs: reversed.slice(1) })).statusCode).toBe(409);
    });

    it('refuses a reserved or malformed address with a message beside it', async () => {
      const response = await as('POST', `${API}/categories`, { slug: 'deals', name: '', intro: '', sortOrder: 1 });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toMatchObject({ slug: 'This path is one of the store’s own pages; choose another', name: 'A category needs a name' });
    });
  });
});

/** Records one completed order of the product, as the orders module would. */
async function sellOnce(t: TestApp, productId: number, productPath: string) {
  const db = t.database.db;
  const [customer] = await db.insert(customers).values({ email: 'buyer@example.com' }).returning();
  const [order] = await db
    .insert(orders)
    .values({
      reference: `T-${productId}`,
      provider: 'sandbox',
      providerOrderId: `sandbox-${productId}`,
      customerId: customer!.id,
      email: customer!.email,
      currency: 'USD',
      subtotalMinor: 4900,
      totalMinor: 4900,
      live: false,
      completedAt: new Date(),
    })
    .returning();
  await db.insert(orderItems).values({ orderId: order!.id, productId, productPath, display: 'Sold Thing', quantity: 1, subtotalMinor: 4900 });
}
