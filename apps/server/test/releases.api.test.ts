import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, mailPreferences, outboxMessages, productFiles, products, productVersions } from '../src/db/schema';
import { createReleaseMail } from '../src/modules/mail/release-mail';
import { smtpMessage } from '../src/modules/mail/outbox-sender';
import { ADMIN_EMAIL, accessTokenFor, adminRequest } from './admin-fixtures';
import { createTestApp, SHARED_SEED_DIR, TEST_ENGINES, type TestApp } from './helpers';
import { countRows, envelope, postWebhook, testOrder, testReturn } from './webhook-fixtures';

const PRODUCT = 'rechannel';
const OWNER = 'owner-one@example.com';

describe.each(TEST_ENGINES)('releases on %s', (engine) => {
  let t: TestApp;
  let admin: ReturnType<typeof adminRequest>;
  let ownerToken: string;
  let productId: number;
  const base = () => `/api/admin/products/${productId}/versions`;

  async function buy(email: string, product = PRODUCT) {
    const order = testOrder({ email, items: [{ product, quantity: 1, subtotal: 29 }] });
    const response = await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(order));
    expect(response.statusCode, response.body).toBe(200);
    return order;
  }

  async function optIn(email: string) {
    await t.database.db
      .insert(mailPreferences)
      .values({ email, releaseEmails: true })
      .onConflictDoUpdate({ target: mailPreferences.email, set: { releaseEmails: true } });
  }

  /** A file row for a version (what a finished upload makes), stored under a key of its own. */
  async function addFile(versionId: number, os: 'mac' | 'windows' = 'mac') {
    const storageKey = `test-releases/${randomUUID()}.zip`;
    const location = path.join(SHARED_SEED_DIR, 'files', ...storageKey.split('/'));
    await mkdir(path.dirname(location), { recursive: true });
    await writeFile(location, 'release bytes');
    const [row] = await t.database.db
      .insert(productFiles)
      .values({ versionId, os, format: 'zip', filename: `build-${os}.zip`, storageKey, sizeBytes: 13, sha256: 'a'.repeat(64) })
      .returning();
    return { ...row!, location };
  }

  const account = async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${ownerToken}` } });
    expect(response.statusCode, response.body).toBe(200);
    return response
      .json()
      .orders.flatMap((order: { products: unknown[] }) => order.products)
      .find((line: { product_id: string }) => line.product_id === PRODUCT);
  };

  const storefrontVersion = async () => (await t.app.inject({ method: 'GET', url: `/api/products/${PRODUCT}` })).json().latestVersion.version;

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000' } });
    const [adminToken, token] = await Promise.all([accessTokenFor(t, ADMIN_EMAIL), accessTokenFor(t, OWNER)]);
    admin = adminRequest(t.app, adminToken);
    ownerToken = token;
    const [product] = await t.database.db.select({ id: products.id }).from(products).where(eq(products.path, PRODUCT));
    productId = product!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('the owners’ choice', () => {
    it('is off by default and saved from the account', async () => {
      const prefs = (method: 'GET' | 'PUT', payload?: object) =>
        t.app.inject({ method, url: '/api/account/preferences', headers: { authorization: `Bearer ${ownerToken}` }, ...(payload ? { payload } : {}) });
      expect((await prefs('GET')).json()).toEqual({ releaseEmails: false });
      expect((await prefs('PUT', { releaseEmails: 'yes' })).statusCode).toBe(400);
      expect((await prefs('PUT', { releaseEmails: true })).json()).toEqual({ releaseEmails: true });
      expect((await prefs('GET')).json()).toEqual({ releaseEmails: true });
      expect((await t.app.inject({ method: 'GET', url: '/api/account/preferences' })).statusCode).toBe(401);
    });
  });

  describe('versions', () => {
    it('lists every version newest first with its files, the current one marked', async () => {
      const response = await admin('GET', base());
      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      expect(body.product).toMatchObject({ id: productId, path: PRODUCT, downloadable: true });
      expect(body.versions.map((version: { version: string }) => version.version)).toEqual(['1.0.2', '1.0.0']);
      expect(body.versions[0]).toMatchObject({ current: true, releasedAt: '2026-09-01' });
      expect(body.versions[0].publishedAt).not.toBeNull();
      expect(body.versions[1].current).toBe(false);
      expect(body.versions[0].files.length).toBeGreaterThan(0);
      expect(body.versions[0].files[0].sha256).toMatch(/^[0-9a-f]{64}$/);
    });

    it('answers 404 for a product that does not exist', async () => {
      expect((await admin('GET', '/api/admin/products/999999/versions')).statusCode).toBe(404);
    });

    it('refuses a version that is not semver, beside the field', async () => {
      for (const version of ['1.2', 'v1.2.0', '01.2.0', '1.2.0+build', '']) {
        const response = await admin('POST', base(), { version, releasedAt: '2026-11-24', changelogMarkdown: '' });
        expect(response.statusCode).toBe(400);
        expect(response.json().fields).toEqual({ version: 'Use a version like 1.2.0' });
      }
      const notes = await admin('POST', base(), { version: '1.2.0', releasedAt: '2026-02-30', changelogMarkdown: 'x'.repeat(20_001) });
      expect(notes.statusCode).toBe(400);
      expect(Object.keys(notes.json().fields).sort()).toEqual(['changelogMarkdown', 'releasedAt']);
      expect(await countRows(t, productVersions, eq(productVersions.productId, productId))).toBe(2);
    });

    it('creates a draft, major by default when its major number is higher, and audits it', async () => {
      const major = await admin('POST', base(), { version: '2.0.0-beta.1', releasedAt: '2026-11-20', changelogMarkdown: 'Beta' });
      expect(major.statusCode, major.body).toBe(201);
      expect(major.json()).toMatchObject({ version: '2.0.0-beta.1', major: true, publishedAt: null, current: false, files: [], releasedAt: '2026-11-20' });
      const minor = await admin('POST', base(), { version: '1.1.0', releasedAt: '2026-11-21', changelogMarkdown: '' });
      expect(minor.json().major).toBe(false);
      const chosen = await admin('POST', base(), { version: '1.2.0', releasedAt: '2026-11-21', changelogMarkdown: '', major: true });
      expect(chosen.json().major).toBe(true);
      const [audit] = await t.database.db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.action, 'release.create'), eq(auditEvents.subjectId, String(major.json().id))));
      expect(audit).toMatchObject({ actor: ADMIN_EMAIL, subjectType: 'product_version', before: null });
      expect(audit!.after).toMatchObject({ version: '2.0.0-beta.1', publishedAt: null });
    });

    it('refuses a duplicate version with 409 beside the field', async () => {
      const response = await admin('POST', base(), { version: '1.0.2', releasedAt: '2026-11-24', changelogMarkdown: '' });
      expect(response.statusCode).toBe(409);
      expect(response.json().fields.version).toContain('already has a version 1.0.2');
      const renamed = await admin('GET', base());
      const draft = renamed.json().versions.find((version: { version: string }) => version.version === '1.1.0');
      const rename = await admin('PUT', `${base()}/${draft.id}`, { version: '1.0.0', releasedAt: draft.releasedAt, changelogMarkdown: '' });
      expect(rename.statusCode).toBe(409);
      expect(rename.json().fields.version).toBeDefined();
    });

    it('edits a draft freely and only the notes of a published version', async () => {
      const list = (await admin('GET', base())).json();
      const draft = list.versions.find((version: { version: string }) => version.version === '1.1.0');
      const edited = await admin('PUT', `${base()}/${draft.id}`, { version: '1.1.1', releasedAt: '2026-11-22', changelogMarkdown: 'Fixes' });
      expect(edited.statusCode, edited.body).toBe(200);
      expect(edited.json()).toMatchObject({ version: '1.1.1', releasedAt: '2026-11-22', changelogMarkdown: 'Fixes', publishedAt: null });

      const published = list.versions.find((version: { version: string }) => version.version === '1.0.2');
      const notes = await admin('PUT', `${base()}/${published.id}`, { version: '1.0.2', releasedAt: published.releasedAt, changelogMarkdown: 'Better notes' });
      expect(notes.statusCode, notes.body).toBe(200);
      expect(notes.json()).toMatchObject({ changelogMarkdown: 'Better notes', current: true });
      const renumber = await admin('PUT', `${base()}/${published.id}`, { version: '1.0.3', releasedAt: '2026-01-01', changelogMarkdown: 'Sneaky' });
      expect(renumber.statusCode).toBe(409);
      expect(Object.keys(renumber.json().fields).sort()).toEqual(['releasedAt', 'version']);
      const [row] = await t.database.db.select().from(productVersions).where(eq(productVersions.id, published.id));
      expect(row).toMatchObject({ version: '1.0.2', changelogMarkdown: 'Better notes' });
    });

    it('answers 404 for a version of another product', async () => {
      const [other] = await t.database.db.select({ id: productVersions.id }).from(productVersions).where(eq(productVersions.version, '4.2.1')).limit(1);
      expect((await admin('PUT', `${base()}/${other!.id}`, { version: '9.9.9', releasedAt: '2026-11-22', changelogMarkdown: '' })).statusCode).toBe(404);
      expect((await admin('POST', `${base()}/${other!.id}/publish`)).statusCode).toBe(404);
    });
  });

  describe('publishing', () => {
    let draftId: number;
    let refunded: ReturnType<typeof testOrder>;

    beforeAll(async () => {
      await buy(OWNER);
      await buy('silent-owner@example.com');
      refunded = await buy('refunded-owner@example.com');
      await postWebhook(
        t.app,
        t.secrets.FASTSPRING_WEBHOOK_SECRET,
        envelope(testReturn(refunded, { items: [{ product: PRODUCT }] }), { type: 'return.created' }),
      );
      await buy('other-product-owner@example.com', 'remidi-4');
      await Promise.all([optIn('refunded-owner@example.com'), optIn('other-product-owner@example.com'), optIn('second-owner@example.com')]);
      await buy('Second-Owner@Example.com');
      // The owner has the current version (tracked download): a major release is a 'Major Update' for them.
      const order = (await t.app.inject({ method: 'GET', url: '/api/account', headers: { authorization: `Bearer ${ownerToken}` } })).json().orders[0];
      const tracked = await t.app.inject({
        method: 'POST',
        url: '/api/track-download',
        headers: { authorization: `Bearer ${ownerToken}` },
        payload: { product_id: PRODUCT, version: '1.0.2', order_id: order.order_id },
      });
      expect(tracked.statusCode, tracked.body).toBe(200);
      const created = await admin('POST', base(), {
        version: '2.0.0',
        releasedAt: new Date().toISOString().slice(0, 10),
        changelogMarkdown: '## New\n\n- Sidechain <script>alert(1)</script> routing\n- [Manual](javascript:alert(1))',
      });
      expect(created.statusCode, created.body).toBe(201);
      draftId = created.json().id;
    });

    it('counts the owners who will be emailed: opted in, entitled, not refunded', async () => {
      expect((await admin('GET', base())).json().optedInOwners).toBe(2);
    });

    it('keeps a draft away from the storefront and the account', async () => {
      expect(await storefrontVersion()).toBe('1.0.2');
      const line = await account();
      expect(line).toMatchObject({ current_version: '1.0.2', has_update: false });
      expect(line.previous_versions.map((version: { version: string }) => version.version)).toEqual(['1.0.0']);
    });

    it('refuses to publish a downloadable product’s version without files, and changes nothing', async () => {
      const response = await admin('POST', `${base()}/${draftId}/publish`);
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toContain('add at least one file');
      const [row] = await t.database.db.select().from(productVersions).where(eq(productVersions.id, draftId));
      expect(row!.publishedAt).toBeNull();
      expect(await countRows(t, outboxMessages, like(outboxMessages.dedupeKey, `release:${draftId}:%`))).toBe(0);
      expect(await countRows(t, auditEvents, and(eq(auditEvents.action, 'release.publish'), eq(auditEvents.subjectId, String(draftId))))).toBe(0);
    });

    it('publishes: current on the storefront and in the account, one email per opted-in owner', async () => {
      await addFile(draftId);
      const response = await admin('POST', `${base()}/${draftId}/publish`);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({ emailsQueued: 2, release: { version: '2.0.0', current: true, major: true } });
      expect(response.json().release.publishedAt).not.toBeNull();

      expect(await storefrontVersion()).toBe('2.0.0');
      const line = await account();
      expect(line).toMatchObject({ current_version: '2.0.0', user_version: '1.0.2', has_update: true, is_major_update: true });
      expect(line.previous_versions.map((version: { version: string }) => version.version)).toEqual(['1.0.2', '1.0.0']);
      const olderFile = new URL(line.previous_versions[0].files[0].file_url);
      expect((await t.app.inject({ method: 'GET', url: `${olderFile.pathname}${olderFile.search}` })).statusCode).toBe(200);

      const messages = await t.database.db
        .select()
        .from(outboxMessages)
        .where(like(outboxMessages.dedupeKey, `release:${draftId}:%`));
      expect(messages.map((message) => message.toAddress).sort()).toEqual([OWNER, 'second-owner@example.com']);
    });

    it('queues nothing more when publish is retried', async () => {
      const again = await admin('POST', `${base()}/${draftId}/publish`);
      expect(again.statusCode).toBe(200);
      expect(again.json().emailsQueued).toBe(0);
      expect(await countRows(t, outboxMessages, like(outboxMessages.dedupeKey, `release:${draftId}:%`))).toBe(2);
      expect(await countRows(t, auditEvents, and(eq(auditEvents.action, 'release.publish'), eq(auditEvents.subjectId, String(draftId))))).toBe(1);
    });

    it('writes the email: subject, safe changelog, downloads link, unsubscribe link and one-click headers', async () => {
      const [message] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(eq(outboxMessages.dedupeKey, `release:${draftId}:${OWNER}`));
      expect(message!.subject).toBe('reChannel 2.0.0 is out');
      expect(message!.textBody).toContain('Sidechain');
      expect(message!.textBody).toContain(`${t.config.publicUrl}/account`);
      expect(message!.htmlBody).toContain('<li>Sidechain &lt;script&gt;alert(1)&lt;/script&gt; routing</li>');
      expect(message!.htmlBody).not.toContain('javascript:');
      const link = /(http\S+\/api\/mail\/unsubscribe\?token=[^\s"<]+)/.exec(message!.textBody)![1]!;
      const releaseMail = createReleaseMail({
        storeName: 'x',
        publicUrl: t.config.publicUrl,
        linkSecret: t.secrets.MAIL_LINK_SECRET,
        downloadsUrl: 'x',
        mailServer: false,
      });
      const sent = smtpMessage('store@example.com', message!, releaseMail.headersFor(message!));
      expect(sent.headers).toEqual({ 'List-Unsubscribe': `<${link}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' });
      expect(releaseMail.headersFor({ kind: 'order-confirmation', toAddress: OWNER })).toEqual({});
    });
  });

  describe('unsubscribing', () => {
    const linkFor = async (email: string) => {
      const [message] = await t.database.db
        .select()
        .from(outboxMessages)
        .where(and(like(outboxMessages.dedupeKey, 'release:%'), eq(outboxMessages.toAddress, email)));
      return new URL(/(http\S+\/api\/mail\/unsubscribe\?token=[^\s"<]+)/.exec(message!.textBody)![1]!);
    };
    const wants = async (email: string) => (await t.database.db.select().from(mailPreferences).where(eq(mailPreferences.email, email)))[0]?.releaseEmails;

    it('shows a confirmation page on GET and changes nothing (mail scanners open links)', async () => {
      const link = await linkFor(OWNER);
      const page = await t.app.inject({ method: 'GET', url: `${link.pathname}${link.search}` });
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.body).toContain('<button type="submit">Stop release emails</button>');
      expect(page.body).toContain(OWNER);
      expect(await wants(OWNER)).toBe(true);
    });

    it('turns release emails off from the page’s form, and again harmlessly', async () => {
      const link = await linkFor(OWNER);
      const form = `token=${encodeURIComponent(link.searchParams.get('token')!)}`;
      for (let attempt = 0; attempt < 2; attempt += 1) {
        const response = await t.app.inject({
          method: 'POST',
          url: '/api/mail/unsubscribe',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          payload: form,
        });
        expect(response.statusCode).toBe(200);
        expect(response.body).toContain('Release emails stopped');
      }
      expect(await wants(OWNER)).toBe(false);
    });

    it('takes the RFC 8058 one-click POST from a mail client', async () => {
      const link = await linkFor('second-owner@example.com');
      const response = await t.app.inject({
        method: 'POST',
        url: `${link.pathname}${link.search}`,
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'List-Unsubscribe=One-Click',
      });
      expect(response.statusCode).toBe(200);
      expect(await wants('second-owner@example.com')).toBe(false);
      expect((await admin('GET', base())).json().optedInOwners).toBe(0);
    });

    it('answers a broken or forged link with a 400 page that says how to unsubscribe from the account', async () => {
      const link = await linkFor(OWNER);
      const token = link.searchParams.get('token')!;
      const forged = `${Buffer.from('someone-else@example.com').toString('base64url')}.${token.split('.')[1]}`;
      for (const bad of [forged, 'nonsense', `${token}x`, '']) {
        const page = await t.app.inject({ method: 'GET', url: `/api/mail/unsubscribe?token=${encodeURIComponent(bad)}` });
        expect(page.statusCode).toBe(400);
        expect(page.body).toContain('This unsubscribe link is broken');
        expect(page.body).toContain('/account?tab=profile');
      }
      await optIn('someone-else@example.com');
      const posted = await t.app.inject({
        method: 'POST',
        url: '/api/mail/unsubscribe',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        payload: `token=${forged}`,
      });
      expect(posted.statusCode).toBe(400);
      expect(await wants('someone-else@example.com')).toBe(true);
    });
  });

  describe('removing', () => {
    const versionNamed = async (version: string) => (await admin('GET', base())).json().versions.find((row: { version: string }) => row.version === version);

    it('refuses to delete a published version', async () => {
      const published = await versionNamed('1.0.2');
      const response = await admin('DELETE', `${base()}/${published.id}`);
      expect(response.statusCode).toBe(409);
      expect(await countRows(t, productVersions, eq(productVersions.id, published.id))).toBe(1);
    });

    it('deletes a draft with its files, removing them from storage after the commit', async () => {
      const draft = await versionNamed('1.2.0');
      const file = await addFile(draft.id);
      expect(existsSync(file.location)).toBe(true);
      const response = await admin('DELETE', `${base()}/${draft.id}`);
      expect(response.statusCode, response.body).toBe(204);
      expect(await countRows(t, productVersions, eq(productVersions.id, draft.id))).toBe(0);
      expect(await countRows(t, productFiles, eq(productFiles.id, file.id))).toBe(0);
      expect(existsSync(file.location)).toBe(false);
      expect(await countRows(t, auditEvents, and(eq(auditEvents.action, 'release.delete'), eq(auditEvents.subjectId, String(draft.id))))).toBe(1);
    });

    it('removes a file, but not the last one of a published version (and then nothing changes)', async () => {
      const published = await versionNamed('2.0.0');
      const [only] = published.files;
      const refused = await admin('DELETE', `${base()}/${published.id}/files/${only.id}`);
      expect(refused.statusCode).toBe(409);
      expect(refused.json().message).toContain('last file');
      expect(await countRows(t, productFiles, eq(productFiles.id, only.id))).toBe(1);
      expect(await countRows(t, auditEvents, eq(auditEvents.action, 'release.file.delete'))).toBe(0);

      const second = await addFile(published.id, 'windows');
      const removed = await admin('DELETE', `${base()}/${published.id}/files/${second.id}`);
      expect(removed.statusCode, removed.body).toBe(204);
      expect(existsSync(second.location)).toBe(false);
      expect((await versionNamed('2.0.0')).files.map((file: { id: number }) => file.id)).toEqual([only.id]);
      expect((await admin('DELETE', `${base()}/${published.id}/files/${second.id}`)).statusCode).toBe(404);
    });
  });
});
