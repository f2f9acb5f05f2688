import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { identityThrottles } from '../src/db/schema';
import { signInDelaySeconds } from '../src/modules/identity/identity-throttle';
import { createIdentityThrottlesRepository } from '../src/modules/identity/identity-throttles.repository';
import { buildSecondApp, createTestApp, TEST_ENGINES, TEST_PASSWORD_HASHING, type TestApp } from './helpers';
import { hiddenField, latestEmailLink, openSignInPage, signInThroughIdp } from './idp-browser';

/**
 * Locking a known customer out: a stranger who knows the customer's email tries passwords and
 * asks for emails from their own addresses. The owner, from theirs, must still sign in and get
 * a working reset link, and the counts must hold across two processes on one database.
 */
const PASSWORD = 'correct horse battery';

describe('the sign-in delay', () => {
  it('is free for five failures, then doubles from 30 seconds up to 15 minutes', () => {
    expect([1, 4, 5, 6, 7, 9, 10, 20].map((failures) => signInDelaySeconds(failures))).toEqual([0, 0, 30, 60, 120, 480, 900, 900]);
  });
});

describe.each(TEST_ENGINES)('a stranger cannot lock a customer out on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("slows down the stranger's wrong passwords, not the owner's sign-in from their own address", async () => {
    const email = `owner-${randomBytes(3).toString('hex')}@example.com`;
    await signInThroughIdp(t, { email, password: PASSWORD, signUp: true });
    const stranger = await openSignInPage(t.app, { remoteAddress: '198.51.100.66' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt += 1) {
      statuses.push((await stranger.browser.post(`${stranger.url}/login`, { csrf: stranger.csrf, email, password: `guess ${attempt}` })).statusCode);
    }
    const owner = await openSignInPage(t.app, { remoteAddress: '192.0.2.10' });
    expect((await owner.browser.post(`${owner.url}/login`, { csrf: owner.csrf, email, password: PASSWORD })).statusCode).toBe(303);

    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual(Array(7).fill(429));
    // Even the right password waits when it comes from the guessing address.
    const late = await stranger.browser.post(`${stranger.url}/login`, { csrf: stranger.csrf, email, password: PASSWORD });
    expect(late.statusCode).toBe(429);
    expect(late.body).toMatch(/Please wait 1 minute and try again/);
  });

  it("keeps the owner's reset working, whatever strangers send from their addresses", async () => {
    const email = `reset-owner-${randomBytes(3).toString('hex')}@example.com`;
    await signInThroughIdp(t, { email, password: PASSWORD, signUp: true });
    // One stranger address: its reset budget runs out (the page says when to try again, below).
    const stranger = await openSignInPage(t.app, { remoteAddress: '198.51.100.77' });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await stranger.browser.post(`${stranger.url}/forgot`, { csrf: stranger.csrf, email })).statusCode);
    // Sign-up and "send again" have a budget of their own: they use up nothing of the reset's.
    for (let attempt = 0; attempt < 6; attempt += 1) await stranger.browser.post(`${stranger.url}/resend`, { csrf: stranger.csrf, email });
    // Many stranger addresses together: the cap on reset emails to one address is reached.
    for (let address = 1; address <= 8; address += 1) {
      const other = await openSignInPage(t.app, { remoteAddress: `198.51.100.${100 + address}` });
      expect((await other.browser.post(`${other.url}/forgot`, { csrf: other.csrf, email })).statusCode).toBe(200);
    }

    // The owner asks from their own address: the same answer, and a working link in the inbox.
    const owner = await openSignInPage(t.app, { remoteAddress: '192.0.2.20' });
    const asked = await owner.browser.post(`${owner.url}/forgot`, { csrf: owner.csrf, email });
    expect(asked.statusCode).toBe(200);
    expect(asked.body).toContain('Check your inbox');
    const link = await latestEmailLink(t, email, 'password-reset', '/idp/reset-password');
    const form = await owner.browser.get(link);
    expect(form.statusCode).toBe(200);
    const reset = await owner.browser.post('/idp/reset-password', { token: hiddenField(form.body, 'token'), password: 'the owner is back in' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('Your password is changed');

    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await stranger.browser.post(`${stranger.url}/forgot`, { csrf: stranger.csrf, email });
    expect(limited.body).toMatch(/Please wait (59|60) minutes and try again/);
  });

  it('starts a new window once the last one ended, and the sweeper deletes only rows whose window and block are over', async () => {
    const store = createIdentityThrottlesRepository(t.database.db);
    const key = `test:${randomBytes(3).toString('hex')}`;
    const blockedKey = `${key}:blocked`;
    expect((await store.hit(key, 60)).hits).toBe(1);
    expect((await store.hit(key, 60)).hits).toBe(2);
    await store.hit(blockedKey, 60);
    await store.block(blockedKey, 600);
    await t.database.db
      .update(identityThrottles)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(identityThrottles.key, key));
    await t.database.db
      .update(identityThrottles)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(identityThrottles.key, blockedKey));
    await store.sweepExpired();
    const left = await t.database.db
      .select({ key: identityThrottles.key })
      .from(identityThrottles)
      .where(sql`${identityThrottles.key} like ${`${key}%`}`);
    expect(left.map((row) => row.key)).toEqual([blockedKey]);
    expect(await store.blockedFor(blockedKey)).toBeGreaterThan(500);
    // A hit after the window ended counts from one again (and lifts an old block).
    expect((await store.hit(blockedKey, 60)).hits).toBe(1);
    expect(await store.blockedFor(blockedKey)).toBe(0);
  });

  it('counts the same attempts in two processes on one database', async () => {
    const email = `two-processes-${randomBytes(3).toString('hex')}@example.com`;
    const second = await buildSecondApp(t, { passwordHashing: TEST_PASSWORD_HASHING });
    try {
      const address = '198.51.100.88';
      const first = await openSignInPage(t.app, { remoteAddress: address });
      const other = await openSignInPage(second, { remoteAddress: address });
      const statuses: number[] = [];
      for (let attempt = 0; attempt < 6; attempt += 1) {
        const { browser, url, csrf } = attempt % 2 === 0 ? first : other;
        statuses.push((await browser.post(`${url}/login`, { csrf, email, password: `guess ${attempt}` })).statusCode);
      }
      expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    } finally {
      await second.close();
    }
  });
});
