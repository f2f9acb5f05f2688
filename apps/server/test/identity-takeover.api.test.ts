import { randomBytes } from 'node:crypto';
import { accountDataSchema } from '@store/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts } from '../src/db/schema';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';
import { hiddenField, IdpBrowser, latestEmailLink, openSignInPage, signInThroughIdp, waitForEmail } from './idp-browser';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

/**
 * Account pre-hijacking: an attacker signs up with the email of a customer who bought as a
 * guest, with a password of their own, signs in (unverified, so no orders) and waits for the
 * customer to act on the store's emails. Neither the customer's click on the confirmation link
 * nor their password reset may hand the attacker the customer's orders, licence keys or
 * download links, through the tokens the attacker holds or the password the attacker chose.
 */
const ATTACKER_PASSWORD = 'mallory chose this one';
const CUSTOMER_PASSWORD = 'the real owner passphrase';

describe.each(TEST_ENGINES)('account pre-hijacking through the email links on %s', (engine) => {
  let t: TestApp;

  const account = (token: string) => t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${token}` } });
  const refresh = (refreshToken: string) =>
    t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken, client_id: 'songwish-web' }).toString(),
    });

  async function guestOrder(email: string) {
    const data = testOrder({ email });
    expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(data))).statusCode).toBe(200);
    return data;
  }

  /** Everything the attacker holds: a fresh access token from the refresh token, and a new sign-in with their password. */
  async function attackerAccess(email: string, refreshToken: string) {
    const statuses: Record<string, number> = {};
    const refreshed = await refresh(refreshToken);
    statuses.refresh = refreshed.statusCode;
    if (refreshed.statusCode === 200) statuses['refreshed access token'] = (await account(refreshed.json().access_token)).statusCode;
    try {
      const again = await signInThroughIdp(t, { email, password: ATTACKER_PASSWORD });
      statuses['new sign-in'] = (await account(again.tokens.access_token)).statusCode;
    } catch {
      statuses['new sign-in'] = 401;
    }
    return { statuses, refreshToken: refreshed.statusCode === 200 ? (refreshed.json().refresh_token as string) : refreshToken };
  }

  beforeAll(async () => {
    t = await createTestApp(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('gives the attacker nothing when the customer clicks the genuine confirmation link, and the customer gets the account by setting a password', async () => {
    const victim = `guest-${randomBytes(3).toString('hex')}@example.com`;
    const bought = await guestOrder(victim);
    const attacker = await signInThroughIdp(t, { email: victim, password: ATTACKER_PASSWORD, signUp: true, verify: false, givenName: 'Mallory' });
    expect((await account(attacker.tokens.access_token)).statusCode).toBe(403);

    // The customer opens the "Confirm your email" message and presses the button, as it asks.
    const link = await latestEmailLink(t, victim, 'verify-email', '/idp/verify-email');
    const customer = new IdpBrowser(t.app);
    const opened = await customer.get(link);
    expect(opened.statusCode).toBe(200);
    const token = hiddenField(opened.body, 'token');
    const pressed = await customer.post('/idp/verify-email', { token });

    // The attacker's token, refresh token and password still reach no order.
    expect((await account(attacker.tokens.access_token)).statusCode).toBe(403);
    const afterClick = await attackerAccess(victim, attacker.tokens.refresh_token);
    expect(afterClick.statuses).toEqual({ refresh: 200, 'refreshed access token': 403, 'new sign-in': 403 });
    // The link alone confirmed nothing: the page asks for the account's password, or offers to set a new one.
    expect(pressed.statusCode).toBe(400);
    expect(pressed.body).toContain('Enter the password of this account.');
    expect((await t.database.db.select().from(accounts).where(eq(accounts.email, victim)))[0]!.emailVerified).toBe(false);

    // The customer does not know the attacker's password: "Set a new password" with the same link.
    const wayOut = /href="(\/idp\/verify-email\/new-password\?token=[\w-]+)"/.exec(pressed.body)![1]!;
    const form = await customer.get(wayOut);
    expect(form.statusCode).toBe(200);
    expect(form.body).toContain('<h1>Set a new password</h1>');
    const confirmed = await customer.post('/idp/verify-email/new-password', { token: hiddenField(form.body, 'token'), password: CUSTOMER_PASSWORD });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain('Your email is confirmed');

    // Every token the attacker holds is dead, and their password no longer works.
    expect((await account(attacker.tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(afterClick.refreshToken)).json().error).toBe('invalid_grant');
    expect((await attackerAccess(victim, afterClick.refreshToken)).statuses).toEqual({ refresh: 400, 'new sign-in': 401 });

    // The customer signs in with the password they set and finds the guest order with its licence.
    const owner = await signInThroughIdp(t, { email: victim, password: CUSTOMER_PASSWORD });
    const data = accountDataSchema.parse((await account(owner.tokens.access_token)).json());
    expect(data.orders.map((order) => order.order_reference)).toEqual([bought.reference]);
    expect(data.licensespring_licenses.map((licence) => licence.product_name)).toEqual(['reMIDI 4']);
  });

  it("lets the customer take back an unverified account squatting their email through a password reset; the squatter's tokens die", async () => {
    const victim = `squatted-${randomBytes(3).toString('hex')}@example.com`;
    const bought = await guestOrder(victim);
    const squatter = await signInThroughIdp(t, { email: victim, password: ATTACKER_PASSWORD, signUp: true, verify: false, givenName: 'Mallory' });

    // The customer tries to sign up and is told, by email, how to take the account back.
    const { browser, url, csrf } = await openSignInPage(t.app);
    const signup = await browser.post(`${url}/signup`, { csrf, given_name: 'Grace', family_name: 'Hopper', email: victim, password: CUSTOMER_PASSWORD });
    expect(signup.statusCode).toBe(200);
    await waitForEmail(t, victim, 'signup-existing');
    // A reset from the customer's browser, and the squatter keeps refreshing until the last moment.
    expect((await browser.post(`${url}/forgot`, { csrf, email: victim })).statusCode).toBe(200);
    const resetLink = await latestEmailLink(t, victim, 'password-reset', '/idp/reset-password');
    const lastMoment = await refresh(squatter.tokens.refresh_token);
    expect(lastMoment.statusCode).toBe(200);
    const form = await browser.get(resetLink);
    const reset = await browser.post('/idp/reset-password', { token: hiddenField(form.body, 'token'), password: CUSTOMER_PASSWORD });
    expect(reset.statusCode).toBe(200);

    // The squatter's access tokens (the first and the last refreshed one), refresh token and password are all refused.
    for (const token of [squatter.tokens.access_token, lastMoment.json().access_token as string]) {
      const response = await account(token);
      expect(response.statusCode).toBe(401);
      expect(response.json().message).toMatch(/no longer valid/);
    }
    expect((await attackerAccess(victim, lastMoment.json().refresh_token)).statuses).toEqual({ refresh: 400, 'new sign-in': 401 });

    // The customer's own sign-in sees the order.
    const owner = await signInThroughIdp(t, { email: victim, password: CUSTOMER_PASSWORD });
    const data = accountDataSchema.parse((await account(owner.tokens.access_token)).json());
    expect(data.orders.map((order) => order.order_reference)).toEqual([bought.reference]);
  });

  it('throttles wrong passwords on the confirmation page like sign-ins', async () => {
    const email = `confirm-${randomBytes(3).toString('hex')}@example.com`;
    await signInThroughIdp(t, { email, password: CUSTOMER_PASSWORD, signUp: true, verify: false });
    const link = await latestEmailLink(t, email, 'verify-email', '/idp/verify-email');
    const guesser = new IdpBrowser(t.app);
    const token = hiddenField((await guesser.get(link)).body, 'token');
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1)
      statuses.push((await guesser.post('/idp/verify-email', { token, password: `guess number ${attempt}` })).statusCode);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await guesser.post('/idp/verify-email', { token, password: CUSTOMER_PASSWORD });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.body).toMatch(/Please wait \d+ minutes? and try again/);
    expect((await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!.emailVerified).toBe(false);
  });
});
