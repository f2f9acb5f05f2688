import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { createLocalJWKSet, decodeJwt, jwtVerify } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accounts, oidcPayloads, outboxMessages } from '../src/db/schema';
import { loadOrCreateSigningKeys } from '../src/modules/identity/signing-keys';
import { buildSecondApp, createTestApp, storeConfigOf, TEST_ENGINES, type TestApp } from './helpers';
import { hiddenField, IdpBrowser, latestEmailLink, openSignInPage, pkcePair, signInThroughIdp } from './idp-browser';

const STORE = 'http://localhost:8080';
const AUDIENCE = `${STORE}/api`;
const ISSUER = `${STORE}/idp`;
const PASSWORD = 'correct horse battery';

function tokenRequest(t: TestApp, form: Record<string, string>) {
  return t.app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(form).toString(),
  });
}

async function startInteraction(t: TestApp, extra: Record<string, string> = {}) {
  const opened = await openSignInPage(t.app, { params: { state: 'state-1', ...extra } });
  expect(opened.authorize.statusCode).toBe(303);
  return opened;
}

const emailsTo = async (t: TestApp, address: string) =>
  t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, address)).orderBy(outboxMessages.id);

describe.each(TEST_ENGINES)('the embedded identity provider on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('publishes its discovery document, keys and the browser settings', async () => {
    const discovery = await t.app.inject({ url: '/idp/.well-known/openid-configuration', headers: { host: 'localhost:8080' } });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({
      issuer: ISSUER,
      authorization_endpoint: `${ISSUER}/auth`,
      token_endpoint: `${ISSUER}/token`,
      end_session_endpoint: `${ISSUER}/session/end`,
      jwks_uri: `${ISSUER}/jwks`,
      code_challenge_methods_supported: ['S256'],
      response_types_supported: ['code'],
      id_token_signing_alg_values_supported: ['RS256'],
      scopes_supported: expect.arrayContaining(['openid', 'profile', 'email', 'offline_access']),
    });
    const jwks = (await t.app.inject({ url: '/idp/jwks', headers: { host: 'localhost:8080' } })).json() as { keys: Array<Record<string, unknown>> };
    expect(jwks.keys).toHaveLength(1);
    expect(jwks.keys[0]).toMatchObject({ kty: 'RSA', alg: 'RS256', use: 'sig' });
    expect(jwks.keys[0]).not.toHaveProperty('d');

    const page = await t.app.inject({ url: '/', headers: { accept: 'text/html' } });
    const config = storeConfigOf(page.body);
    expect(config.identity).toEqual({ authority: ISSUER, clientId: 'songwish-web', audience: AUDIENCE, provider: 'embedded' });
  });

  it('signs a shopper up, confirms the email, signs in, refreshes and signs out (code flow with PKCE)', async () => {
    const email = 'Ada.Flow@Example.com';
    const { browser, callback, tokens, interactionUrl } = await signInThroughIdp(t, { email, password: PASSWORD, signUp: true });
    expect(callback.searchParams.get('iss')).toBe(ISSUER);
    expect(tokens.token_type).toBe('Bearer');
    expect(tokens.refresh_token).toBeTruthy();

    // The access token is a JWT for the store API, signed with the key in DATA_DIR.
    const keys = await loadOrCreateSigningKeys(t.dataDir);
    const { payload, protectedHeader } = await jwtVerify(tokens.access_token, createLocalJWKSet(keys.publicJwks), {
      issuer: ISSUER,
      audience: AUDIENCE,
      algorithms: ['RS256'],
    });
    expect(protectedHeader.typ).toBe('at+jwt');
    expect(payload).toMatchObject({ email: 'ada.flow@example.com', email_verified: true, client_id: 'songwish-web' });
    const idToken = decodeJwt(tokens.id_token);
    expect(idToken).toMatchObject({
      aud: 'songwish-web',
      email: 'ada.flow@example.com',
      email_verified: true,
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
    });
    expect(idToken.sub).toBe(payload.sub);

    // The API accepts it.
    const account = await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(account.statusCode).toBe(404);
    expect(account.json()).toEqual({ error: 'Not Found', message: 'No orders found' });

    // Refresh: a new access token for the API, a rotated refresh token; the old one is spent.
    const refreshed = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'songwish-web' });
    expect(refreshed.statusCode).toBe(200);
    const renewed = refreshed.json();
    expect(renewed.refresh_token).not.toBe(tokens.refresh_token);
    expect(decodeJwt(renewed.access_token)).toMatchObject({ aud: AUDIENCE, sub: payload.sub, email_verified: true });
    const reused = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'songwish-web' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error).toBe('invalid_grant');

    // A second authorization in the same browser needs no password (the session is remembered).
    const { challenge } = pkcePair();
    const again = await browser.get(
      `/idp/auth?${new URLSearchParams({ client_id: 'songwish-web', response_type: 'code', redirect_uri: `${STORE}/callback`, scope: 'openid profile email', code_challenge: challenge, code_challenge_method: 'S256', prompt: 'none' })}`,
    );
    expect(again.statusCode).toBe(303);
    expect(again.headers.location).toMatch(/^http:\/\/localhost:8080\/callback\?code=/);

    // Sign-out: the logout page submits itself (a script file, no inline code) and returns to the store.
    const logout = await browser.get(
      `/idp/session/end?${new URLSearchParams({ id_token_hint: tokens.id_token, post_logout_redirect_uri: `${STORE}/`, client_id: 'songwish-web' })}`,
    );
    expect(logout.statusCode).toBe(200);
    expect(logout.body).toMatch(/<script src="\/idp\/assets\/logout-[0-9a-f]{12}\.js" defer><\/script>/);
    expect(logout.body).not.toMatch(/<script>/);
    expect(logout.headers['content-security-policy']).toContain("script-src 'self'");
    const script = await t.app.inject(/src="(\/idp\/assets\/logout-[^"]+)"/.exec(logout.body)![1]!);
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toContain('javascript');
    const confirm = await browser.post('/idp/session/end/confirm', { xsrf: hiddenField(logout.body, 'xsrf'), logout: 'yes' });
    expect(confirm.statusCode).toBe(303);
    expect(confirm.headers.location).toBe(`${STORE}/`);
    // Signing out revoked the grant: its refresh token no longer works.
    const afterLogout = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: renewed.refresh_token, client_id: 'songwish-web' });
    expect(afterLogout.json().error).toBe('invalid_grant');
    // And the old interaction page is gone.
    expect((await browser.get(interactionUrl)).statusCode).toBe(400);
  });

  it('asks before signing out when the request does not carry a valid ID token of the session (sign-out CSRF)', async () => {
    const { browser } = await signInThroughIdp(t, { email: 'csrf-logout@example.com', password: PASSWORD, signUp: true });
    const other = await signInThroughIdp(t, { email: 'someone-else@example.com', password: PASSWORD, signUp: true });
    const stillSignedIn = async () => {
      const { challenge } = pkcePair();
      const silent = await browser.get(
        `/idp/auth?${new URLSearchParams({ client_id: 'songwish-web', response_type: 'code', redirect_uri: `${STORE}/callback`, scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256', prompt: 'none' })}`,
      );
      return String(silent.headers.location).startsWith(`${STORE}/callback?code=`);
    };
    // Another site links or redirects the shopper here: without a hint, or with another account's ID token.
    const crossSiteQueries: Array<Record<string, string>> = [
      { client_id: 'songwish-web', post_logout_redirect_uri: `${STORE}/` },
      {},
      { id_token_hint: other.tokens.id_token, post_logout_redirect_uri: `${STORE}/` },
    ];
    for (const query of crossSiteQueries) {
      const page = await browser.get(`/idp/session/end?${new URLSearchParams(query)}`, { 'sec-fetch-site': 'cross-site' });
      expect(page.statusCode).toBe(200);
      // No script that submits the form: the shopper decides.
      expect(page.body).not.toMatch(/<script/);
      expect(page.body).toContain('<h1>Sign out?</h1>');
      expect(page.body).toMatch(/<button type="submit" form="op.logoutForm" name="logout" value="yes"[^>]*>Sign out<\/button>/);
      expect(page.body).toContain(`<a href="${STORE}/">Stay signed in and go back to the store</a>`);
      expect(await stillSignedIn()).toBe(true);
    }
    // The shopper's own click on "Sign out" does sign out.
    const page = await browser.get(`/idp/session/end?${new URLSearchParams({ client_id: 'songwish-web', post_logout_redirect_uri: `${STORE}/` })}`);
    const confirmed = await browser.post('/idp/session/end/confirm', { xsrf: hiddenField(page.body, 'xsrf'), logout: 'yes' });
    expect(confirmed.statusCode).toBe(303);
    expect(confirmed.headers.location).toBe(`${STORE}/`);
    expect(await stillSignedIn()).toBe(false);
    // With the session's own ID token (what the store sends), the page signs out by itself.
    const again = await signInThroughIdp(t, { email: 'csrf-logout@example.com', password: PASSWORD });
    const auto = await again.browser.get(
      `/idp/session/end?${new URLSearchParams({ id_token_hint: again.tokens.id_token, post_logout_redirect_uri: `${STORE}/` })}`,
    );
    expect(auto.body).toContain('Signing you out');
    expect(auto.body).toMatch(/<script src="\/idp\/assets\/logout-[0-9a-f]{12}\.js" defer><\/script>/);
  });

  it("refuses at the token endpoint a refresh token issued before the account's cut-off, even one still stored", async () => {
    const { tokens } = await signInThroughIdp(t, { email: 'cut-off-refresh@example.com', password: PASSWORD, signUp: true });
    await t.database.db
      .update(accounts)
      .set({ tokensValidAfter: new Date(Date.now() + 1000) })
      .where(eq(accounts.id, decodeJwt(tokens.access_token).sub!));
    const refused = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'songwish-web' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error).toBe('invalid_grant');
  });

  it('opens the sign-up page on screen_hint=signup and the sign-in page otherwise, styled without inline code', async () => {
    const signup = await startInteraction(t, { screen_hint: 'signup' });
    expect(signup.page.statusCode).toBe(200);
    expect(signup.page.body).toContain('<h1>Create your account</h1>');
    expect(signup.page.body).toContain('At least 10 characters');
    expect(signup.page.body).toMatch(/<label for="given_name">First name<\/label>/);
    expect(signup.page.body).not.toMatch(/<script|style=|<style/);
    const css = /href="(\/idp\/assets\/identity-[0-9a-f]{12}\.css)"/.exec(signup.page.body)![1]!;
    const stylesheet = await t.app.inject(css);
    expect(stylesheet.statusCode).toBe(200);
    expect(stylesheet.headers['cache-control']).toContain('immutable');
    expect(stylesheet.body).toContain('#1a161a');
    expect(stylesheet.body).toContain('prefers-color-scheme:light');

    const login = await startInteraction(t);
    expect(login.page.body).toContain('<h1>Sign in</h1>');
    expect(login.page.body).toContain('autocomplete="current-password"');
  });

  it('answers wrong credentials the same way whether or not the email exists', async () => {
    await signInThroughIdp(t, { email: 'known@example.com', password: PASSWORD, signUp: true });
    const { browser, url, csrf } = await startInteraction(t);
    const wrongPassword = await browser.post(`${url}/login`, { csrf, email: 'known@example.com', password: 'not the password' });
    const unknownEmail = await browser.post(`${url}/login`, { csrf, email: 'nobody@example.com', password: 'not the password' });
    for (const response of [wrongPassword, unknownEmail]) {
      expect(response.statusCode).toBe(401);
      expect(response.body).toContain('Email or password is incorrect.');
      expect(response.body).toContain('aria-invalid="true"');
      expect(response.body).toMatch(/aria-describedby="password-error" aria-invalid="true" autofocus/);
    }
    expect(wrongPassword.body.replace(/value="[^"]*"/g, '')).toBe(unknownEmail.body.replace(/value="[^"]*"/g, ''));
  });

  it('lets an unverified account sign in without access; the link plus the password confirm it, and only new tokens count', async () => {
    const email = 'unverified@example.com';
    const { tokens } = await signInThroughIdp(t, { email, password: PASSWORD, signUp: true, verify: false });
    expect(decodeJwt(tokens.access_token)).toMatchObject({ email, email_verified: false });
    expect(decodeJwt(tokens.id_token)).toMatchObject({ email_verified: false });
    const account = await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(account.statusCode).toBe(403);
    expect(account.json().message).toMatch(/confirm your email/i);

    // Opening the link (as a mail scanner does, twice) confirms nothing and uses nothing.
    const link = await latestEmailLink(t, email, 'verify-email', '/idp/verify-email');
    const browser = new IdpBrowser(t.app);
    const token = new URL(link).searchParams.get('token')!;
    for (let open = 0; open < 2; open += 1) {
      const opened = await browser.get(link);
      expect(opened.statusCode).toBe(200);
      expect(opened.body).toContain('<form method="post" action="/idp/verify-email" novalidate>');
      // It names the address it confirms, read-only, as the username password managers pair with the password.
      expect(opened.body).toContain(
        `<label for="username">Email</label><input id="username" name="username" type="email" autocomplete="username" value="${email}" readonly>`,
      );
      expect(opened.body).toMatch(
        /<label for="password">Password<\/label><input id="password" name="password" type="password" autocomplete="current-password"/,
      );
      expect(opened.body).toMatch(/<button type="submit"[^>]*>Verify my email<\/button>/);
      expect(opened.body).toContain(`<a href="/idp/verify-email/new-password?token=${token}">Set a new password</a>`);
      expect(hiddenField(opened.body, 'token')).toBe(token);
      expect(opened.body).not.toContain('Your email is confirmed');
    }

    // The button posts the token, same-site only (like the password reset form).
    expect((await browser.post('/idp/verify-email', { token, password: PASSWORD }, { origin: 'https://evil.example' })).statusCode).toBe(403);
    expect((await browser.post('/idp/verify-email', { token, password: PASSWORD }, { 'sec-fetch-site': 'cross-site' })).statusCode).toBe(403);
    // The link alone, or with a wrong password, confirms nothing; the page offers the way out.
    const bare = await browser.post('/idp/verify-email', { token });
    expect(bare.statusCode).toBe(400);
    expect(bare.body).toContain('Enter the password of this account.');
    const wrong = await browser.post('/idp/verify-email', { token, password: 'not the password' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.body).toContain('This is not the password of this account.');
    expect(wrong.body).toContain('Set a new password');
    expect((await t.database.db.select().from(accounts).where(eq(accounts.email, email)))[0]!.emailVerified).toBe(false);

    const verified = await browser.post('/idp/verify-email', { token, password: PASSWORD });
    expect(verified.statusCode).toBe(200);
    expect(verified.body).toContain('Your email is confirmed');
    // Tokens issued while the address was unconfirmed never gain access: the access token is
    // refused, and so is the refresh token at the provider.
    const before = await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(before.statusCode).toBe(401);
    expect(before.json().message).toMatch(/no longer valid/);
    expect((await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'songwish-web' })).json().error).toBe(
      'invalid_grant',
    );
    // Signing in again gives a token that counts.
    const again = await signInThroughIdp(t, { email, password: PASSWORD });
    expect((await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${again.tokens.access_token}` } })).statusCode).toBe(404);

    // A used link is refused clearly, pressed again or opened again, and so is a made-up one.
    const pressedAgain = await browser.post('/idp/verify-email', { token, password: PASSWORD });
    expect(pressedAgain.statusCode).toBe(410);
    expect(pressedAgain.body).toContain('already been used');
    const reused = await browser.get(link);
    expect(reused.statusCode).toBe(410);
    expect(reused.body).toContain('already been used');
    expect(reused.body).not.toContain('Verify my email');
    expect((await browser.get(`/idp/verify-email/new-password?token=${token}`)).statusCode).toBe(410);
    expect((await browser.post('/idp/verify-email/new-password', { token, password: 'a brand new passphrase' })).statusCode).toBe(410);
    expect((await browser.post('/idp/verify-email', { token: 'made-up-token', password: PASSWORD })).statusCode).toBe(400);
    expect((await browser.post('/idp/verify-email', {})).statusCode).toBe(400);
    expect((await browser.get('/idp/verify-email?token=made-up-token')).statusCode).toBe(400);
    expect((await browser.get('/idp/verify-email')).statusCode).toBe(400);
    expect((await browser.get('/idp/verify-email?token=<script>')).statusCode).toBe(400);
    expect((await browser.get('/idp/verify-email/new-password?token=<script>')).statusCode).toBe(400);
  });

  it('does not reveal an existing email on sign-up: same page, and the owner gets an email instead', async () => {
    await signInThroughIdp(t, { email: 'taken@example.com', password: PASSWORD, signUp: true });
    const before = await emailsTo(t, 'taken@example.com');
    const fresh = await startInteraction(t, { screen_hint: 'signup' });
    const newcomer = await fresh.browser.post(`${fresh.url}/signup`, {
      csrf: fresh.csrf,
      given_name: 'New',
      family_name: 'Person',
      email: 'newcomer@example.com',
      password: PASSWORD,
    });
    const again = await startInteraction(t, { screen_hint: 'signup' });
    const taken = await again.browser.post(`${again.url}/signup`, {
      csrf: again.csrf,
      given_name: 'Mallory',
      family_name: 'X',
      email: 'Taken@Example.com',
      password: 'another password 1',
    });
    for (const response of [newcomer, taken]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toContain('Check your inbox');
    }
    const strip = (html: string) =>
      html
        .replace(/\/idp\/interaction\/[\w-]+/g, '')
        .replace(/value="[^"]*"/g, '')
        .replace(/<strong>[^<]*<\/strong>/g, '');
    expect(strip(newcomer.body)).toBe(strip(taken.body));
    // "Send the email again" sends a fresh link to an unconfirmed address (and nothing to a confirmed one).
    const resent = await fresh.browser.post(`${fresh.url}/resend`, { csrf: fresh.csrf, email: 'newcomer@example.com' });
    expect(resent.statusCode).toBe(200);
    expect((await emailsTo(t, 'newcomer@example.com')).filter((message) => message.kind === 'verify-email')).toHaveLength(2);
    expect((await again.browser.post(`${again.url}/resend`, { csrf: again.csrf, email: 'taken@example.com' })).statusCode).toBe(200);
    const after = await emailsTo(t, 'taken@example.com');
    expect(after.length).toBe(before.length + 1);
    expect(after.at(-1)).toMatchObject({ kind: 'signup-existing', subject: 'You already have a SongWish account' });
    // The owner's password did not change, and there is still one account.
    const rows = await t.database.db.select().from(accounts).where(eq(accounts.email, 'taken@example.com'));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.givenName).toBe('Ada');
  });

  it('resets a forgotten password by email link, once, signing the account out everywhere', async () => {
    const email = 'forgetful@example.com';
    const first = await signInThroughIdp(t, { email, password: PASSWORD, signUp: true });
    const { browser, url, csrf } = await startInteraction(t);
    const forgot = await browser.get(`${url}/forgot`);
    expect(forgot.statusCode).toBe(200);
    const unknown = await browser.post(`${url}/forgot`, { csrf, email: 'ghost@example.com' });
    const known = await browser.post(`${url}/forgot`, { csrf, email });
    expect(unknown.statusCode).toBe(200);
    expect(known.statusCode).toBe(200);
    expect(unknown.body.replace(/<strong>[^<]*<\/strong>/g, '')).toBe(known.body.replace(/<strong>[^<]*<\/strong>/g, ''));
    expect(await emailsTo(t, 'ghost@example.com')).toHaveLength(0);

    const link = await latestEmailLink(t, email, 'password-reset', '/idp/reset-password');
    // Opening the link (a mail scanner, then the shopper) only shows the form.
    expect((await browser.get(link)).statusCode).toBe(200);
    const form = await browser.get(link);
    expect(form.statusCode).toBe(200);
    const token = hiddenField(form.body, 'token');
    const tooShort = await browser.post('/idp/reset-password', { token, password: 'short' });
    expect(tooShort.statusCode).toBe(400);
    expect(tooShort.body).toContain('Use at least 10 characters.');
    const reset = await browser.post('/idp/reset-password', { token, password: 'a brand new passphrase' });
    expect(reset.statusCode).toBe(200);
    expect(reset.body).toContain('Your password is changed');
    expect((await browser.post('/idp/reset-password', { token, password: 'yet another passphrase' })).statusCode).toBe(410);
    expect((await browser.get(link)).statusCode).toBe(410);

    // Signed out everywhere: the refresh token from before the reset is dead.
    const refresh = await tokenRequest(t, { grant_type: 'refresh_token', refresh_token: first.tokens.refresh_token, client_id: 'songwish-web' });
    expect(refresh.json().error).toBe('invalid_grant');
    // Old password refused, new one accepted.
    const next = await startInteraction(t);
    expect((await next.browser.post(`${next.url}/login`, { csrf: next.csrf, email, password: PASSWORD })).statusCode).toBe(401);
    expect((await next.browser.post(`${next.url}/login`, { csrf: next.csrf, email, password: 'a brand new passphrase' })).statusCode).toBe(303);
  });

  it('refuses form posts from other sites or without the form token, and stale interactions, with 4xx', async () => {
    const { browser, url, csrf } = await startInteraction(t);
    const crossSite = await browser.post(`${url}/login`, { csrf, email: 'a@example.com', password: PASSWORD }, { origin: 'https://evil.example' });
    expect(crossSite.statusCode).toBe(403);
    const noToken = await browser.post(`${url}/login`, { email: 'a@example.com', password: PASSWORD });
    expect(noToken.statusCode).toBe(403);
    const otherToken = await browser.post(`${url}/login`, { csrf: 'x'.repeat(43), email: 'a@example.com', password: PASSWORD });
    expect(otherToken.statusCode).toBe(403);

    // Without the interaction cookie (another browser), or for an unknown uid: a clear 400 page.
    const stranger = new IdpBrowser(t.app);
    for (const response of [
      await stranger.get(url),
      await stranger.post(`${url}/login`, { csrf, email: 'a@example.com', password: PASSWORD }),
      await browser.get('/idp/interaction/unknown-uid-123'),
      await browser.get('/idp/interaction/bad%20uid'),
      await browser.post('/idp/interaction/unknown-uid-123/signup', { csrf }),
    ]) {
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.body).toContain('This page has expired');
    }
  });

  it('answers malformed and oversized input with 4xx, never 5xx', async () => {
    const { browser, url, csrf } = await startInteraction(t, { screen_hint: 'signup' });
    const cases = [
      await browser.post(`${url}/signup`, { csrf, given_name: '', family_name: '', email: 'not-an-email', password: 'short' }),
      await browser.post(`${url}/signup`, { csrf, given_name: '<b>', family_name: 'x'.repeat(101), email: 'a@b.co', password: PASSWORD }),
      await browser.post(`${url}/login`, { csrf, email: 'a@example.com', password: 'p'.repeat(500) }),
      await browser.post(`${url}/login`, [
        ['csrf', csrf],
        ['__proto__', 'x'],
        ['email', 'a@example.com'],
      ]),
    ];
    for (const response of cases) {
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('role="alert"');
    }
    expect(cases[0]!.body).toContain('Please fix the 4 problems below.');
    expect(cases[0]!.body).toMatch(/id="given_name"[^>]*aria-describedby="given_name-error" aria-invalid="true" autofocus/);
    expect(cases[1]!.body).toContain('cannot contain &lt; &gt;');

    const oversized = await t.app.inject({
      method: 'POST',
      url: `${url}/login`,
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `email=${'a'.repeat(20_000)}`,
    });
    expect(oversized.statusCode).toBe(413);
    const json = await t.app.inject({ method: 'POST', url: `${url}/login`, headers: { 'content-type': 'application/json' }, payload: '{}' });
    expect(json.statusCode).toBe(415);

    // The provider's own endpoints: bad token requests are 400s, an oversized body too.
    expect(
      (
        await tokenRequest(t, {
          grant_type: 'authorization_code',
          code: 'nope',
          client_id: 'songwish-web',
          code_verifier: 'x'.repeat(43),
          redirect_uri: `${STORE}/callback`,
        })
      ).statusCode,
    ).toBe(400);
    expect((await tokenRequest(t, { grant_type: 'password', username: 'a', password: 'b', client_id: 'songwish-web' })).statusCode).toBe(400);
    const huge = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `grant_type=refresh_token&refresh_token=${'a'.repeat(100_000)}`,
    });
    expect(huge.statusCode).toBe(400);
    const badJson = await t.app.inject({ method: 'POST', url: '/idp/token', headers: { 'content-type': 'application/json' }, payload: '{"' });
    expect(badJson.statusCode).toBeLessThan(500);
    expect(badJson.statusCode).toBeGreaterThanOrEqual(400);
    // Authorization requests that are not the store's: a styled error page, no redirect.
    const { challenge } = pkcePair();
    for (const query of [
      {
        client_id: 'someone-else',
        response_type: 'code',
        redirect_uri: `${STORE}/callback`,
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
      {
        client_id: 'songwish-web',
        response_type: 'code',
        redirect_uri: 'https://evil.example/callback',
        scope: 'openid',
        code_challenge: challenge,
        code_challenge_method: 'S256',
      },
    ]) {
      const response = await browser.get(`/idp/auth?${new URLSearchParams(query)}`);
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('We could not sign you in');
    }
    // PKCE is required, and an unknown audience is refused back to the client.
    const noPkce = await browser.get(
      `/idp/auth?${new URLSearchParams({ client_id: 'songwish-web', response_type: 'code', redirect_uri: `${STORE}/callback`, scope: 'openid', state: 's' })}`,
    );
    expect(noPkce.statusCode).toBe(303);
    expect(noPkce.headers.location).toMatch(/error=invalid_request/);
    const wrongAudience = await browser.get(
      `/idp/auth?${new URLSearchParams({ client_id: 'songwish-web', response_type: 'code', redirect_uri: `${STORE}/callback`, scope: 'openid', code_challenge: challenge, code_challenge_method: 'S256', audience: 'https://other.example/api' })}`,
    );
    expect(wrongAudience.statusCode).toBe(303);
    expect(wrongAudience.headers.location).toMatch(/error=invalid_target/);
    expect((await browser.get('/idp/assets/nothing.css')).statusCode).toBe(404);
  });

  it('keeps sessions, grants and refresh tokens in the database and keys in DATA_DIR across a restart', async () => {
    const { tokens } = await signInThroughIdp(t, { email: 'restart@example.com', password: PASSWORD, signUp: true });
    const [stored] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(oidcPayloads)
      .where(and(eq(oidcPayloads.model, 'RefreshToken')));
    expect(stored!.n).toBeGreaterThan(0);
    // A second app on the same database and data directory (a restart, or a second process).
    const second = await buildSecondApp(t);
    try {
      const refreshed = await second.inject({
        method: 'POST',
        url: '/idp/token',
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
        payload: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: tokens.refresh_token, client_id: 'songwish-web' }).toString(),
      });
      expect(refreshed.statusCode).toBe(200);
      const account = await second.inject({ url: '/api/account', headers: { authorization: `Bearer ${refreshed.json().access_token}` } });
      expect(account.statusCode).toBe(404);
    } finally {
      await second.close();
    }
  });

  it('slows down wrong passwords per email and address with growing delays, without revealing whether the email exists', async () => {
    const email = `limited-${randomBytes(3).toString('hex')}@example.com`;
    const { browser, url, csrf } = await startInteraction(t);
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await browser.post(`${url}/login`, { csrf, email, password: 'wrong password' })).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
    const blocked = await browser.post(`${url}/login`, { csrf, email, password: 'wrong password' });
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(30);
    expect(blocked.body).toContain('Please wait 1 minute and try again.');

    // The delay grows: once it is over, one more wrong password waits twice as long.
    await t.database.db.execute(sql`update identity_throttles set blocked_until = now() where key like ${`sign-in:${email}:%`}`);
    expect((await browser.post(`${url}/login`, { csrf, email, password: 'wrong password' })).statusCode).toBe(401);
    const longer = await browser.post(`${url}/login`, { csrf, email, password: 'wrong password' });
    expect(longer.statusCode).toBe(429);
    expect(Number(longer.headers['retry-after'])).toBeGreaterThan(30);
    expect(Number(longer.headers['retry-after'])).toBeLessThanOrEqual(60);

    // Another client address is not slowed down for the same email.
    const other = await startInteraction(t);
    expect((await other.browser.post(`${other.url}/login`, { csrf: other.csrf, email, password: 'wrong password' })).statusCode).toBe(401);
  });

  it('limits form posts per client address, answering a person with a page that says when to try again', async () => {
    const { url, csrf } = await startInteraction(t);
    const post = (remoteAddress: string, attempt: number) =>
      t.app.inject({
        method: 'POST',
        url: `${url}/login`,
        remoteAddress,
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        payload: new URLSearchParams({ csrf, email: `x${attempt}@example.com`, password: 'p' }).toString(),
      });
    let last = await post('198.51.100.7', 0);
    for (let attempt = 1; attempt < 21; attempt += 1) last = await post('198.51.100.7', attempt);
    expect(last.statusCode).toBe(429);
    expect(last.headers['content-type']).toMatch(/^text\/html/);
    const retryAfter = Number(last.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
    expect(last.body).toContain('<h1 tabindex="-1" autofocus>Too many attempts</h1>');
    expect(last.body).toContain(`Please wait ${Math.ceil(retryAfter / 60)} minute`);
    expect(last.body).toMatch(/tried this too often from your network/);
    expect(last.body).not.toMatch(/<script|style=/);
    expect(last.headers['cache-control']).toBe('no-store');

    // The sign-up form shares the email-sending limit per address, and answers the same way.
    let signup = await t.app.inject({
      method: 'POST',
      url: `${url}/signup`,
      remoteAddress: '198.51.100.8',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: `csrf=${csrf}`,
    });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      signup = await t.app.inject({
        method: 'POST',
        url: `${url}/signup`,
        remoteAddress: '198.51.100.8',
        headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
        payload: `csrf=${csrf}`,
      });
    }
    expect(signup.statusCode).toBe(429);
    expect(signup.headers['retry-after']).toMatch(/^\d+$/);
    expect(signup.body).toContain('Too many attempts');

    // Another address is not limited; the provider's own endpoints (an API) still answer JSON errors.
    expect((await post('198.51.100.9', 0)).statusCode).toBe(400);
    const token = await t.app.inject({
      method: 'POST',
      url: '/idp/token',
      remoteAddress: '198.51.100.7',
      headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'grant_type=nonsense',
    });
    expect(token.headers['content-type']).toMatch(/json/);
  });
});
