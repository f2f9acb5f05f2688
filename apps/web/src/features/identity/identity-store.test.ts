import { afterEach, describe, expect, it, vi } from 'vitest';
import { createDebugLog } from '#web/lib/debug-log.ts';
import { SESSION_MARKER_KEY, SESSION_MAX_AGE_MS } from './constants';
import { createIdentityStore, storedSessionKey, type OidcManagerLike, type OidcUserLike } from './identity-store';
import { createUserManager } from './oidc-client';
import { IdTokenCheckError } from './utils/id-token-checks';
import { IdentityTokenError, silentRenewalBlocked } from './utils/identity-errors';
import { humanMessage } from './utils/identity-failures';
import { markSession } from './utils/session-marker';
import { IdentityTimeoutError } from './utils/token-lock';

const CONFIG = { authority: 'http://localhost/idp', clientId: 'songwish-web', audience: 'http://localhost/api', provider: 'embedded' as const };
const profile = { sub: 'u1', email: 'ada@example.com', email_verified: true, given_name: 'Ada', family_name: 'Lovelace', name: 'Ada Lovelace' };

function fakeManager(user: OidcUserLike | null, overrides: Partial<OidcManagerLike> = {}): OidcManagerLike {
  return {
    getUser: vi.fn(async () => user),
    removeUser: vi.fn(async () => undefined),
    signinRedirect: vi.fn(async () => undefined),
    signinPopup: vi.fn(async () => user!),
    signinSilent: vi.fn(async () => user),
    signinCallback: vi.fn(async () => user ?? undefined),
    signoutRedirect: vi.fn(async () => undefined),
    metadataService: { getMetadata: vi.fn(async () => ({ issuer: 'http://localhost/idp', end_session_endpoint: 'http://localhost/idp/session/end' })) },
    events: { addUserLoaded: vi.fn(), addUserUnloaded: vi.fn() },
    ...overrides,
  };
}

describe('identity store', () => {
  it('starts loading, then authenticated when a user is stored', async () => {
    const store = createIdentityStore({
      config: CONFIG,
      hasStoredSession: () => true,
      loadManager: async () => fakeManager({ profile, access_token: 'at', expires_in: 3600 }),
    });
    expect(store.getState().status).toBe('loading');
    await store.start();
    expect(store.getState()).toMatchObject({
      status: 'authenticated',
      user: { name: 'Ada Lovelace', email: 'ada@example.com', emailVerified: true },
      error: null,
    });
  });

  it('a browser without a stored session is signed out from the start, without loading the OpenID client', async () => {
    const loadManager = vi.fn(async () => fakeManager(null));
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => false, loadManager });
    expect(store.getState().status).toBe('unauthenticated');
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: null });
    expect(loadManager).not.toHaveBeenCalled();
  });

  it("looks for oidc-client-ts's stored user under its own key", () => {
    window.localStorage.setItem(storedSessionKey(CONFIG), '{}');
    markSession(window.localStorage);
    try {
      expect(createIdentityStore({ config: CONFIG, loadManager: async () => fakeManager(null) }).getState().status).toBe('loading');
    } finally {
      window.localStorage.removeItem(storedSessionKey(CONFIG));
    }
    expect(createIdentityStore({ config: CONFIG, loadManager: async () => fakeManager(null) }).getState().status).toBe('unauthenticated');
  });

  it('a session stored before the day-long session marker existed is kept, and its day starts now', () => {
    window.localStorage.setItem(storedSessionKey(CONFIG), '{}');
    window.localStorage.removeItem(SESSION_MARKER_KEY);
    expect(createIdentityStore({ config: CONFIG, loadManager: async () => fakeManager(null) }).getState().status).toBe('loading');
    expect(Number(window.localStorage.getItem(SESSION_MARKER_KEY))).toBeGreaterThan(Date.now() - 60_000);
  });

  it('a session not signed in or renewed for a day is forgotten, with no check on page load (storefront spec §9)', async () => {
    expect(SESSION_MAX_AGE_MS).toBe(24 * 3600 * 1000);
    window.localStorage.setItem(storedSessionKey(CONFIG), '{}');
    markSession(window.localStorage, Date.now() - SESSION_MAX_AGE_MS + 60_000);
    expect(createIdentityStore({ config: CONFIG, loadManager: async () => fakeManager(null) }).getState().status).toBe('loading');

    markSession(window.localStorage, Date.now() - SESSION_MAX_AGE_MS);
    const loadManager = vi.fn(async () => fakeManager({ profile, access_token: 'at', expires_in: 3600 }));
    const store = createIdentityStore({ config: CONFIG, loadManager });
    expect(store.getState().status).toBe('unauthenticated');
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: null });
    expect(loadManager).not.toHaveBeenCalled();
    expect(window.localStorage.getItem(storedSessionKey(CONFIG))).toBeNull();
  });

  it('login_required during the silent check: a local logout and no error (storefront spec §8)', async () => {
    const manager = fakeManager(
      { profile, access_token: 'at', refresh_token: 'rt', expires_in: 0 },
      { signinSilent: vi.fn(() => Promise.reject(Object.assign(new Error('login'), { error: 'login_required' }))) },
    );
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: null });
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('a renewed ID token that fails the checks on page load: signed out, token forgotten, the error kept (storefront spec §5)', async () => {
    const refusal = new IdTokenCheckError('Issuer (iss) claim mismatch in the ID token; expected "http://localhost/idp", found "https://evil.example/"');
    const manager = fakeManager({ profile, access_token: 'at', refresh_token: 'rt', expires_in: 0 }, { signinSilent: vi.fn(() => Promise.reject(refusal)) });
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager });
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: refusal });
    expect(manager.removeUser).toHaveBeenCalled();
  });

  it('an ID token refused at the callback leaves the shopper signed out with the check’s message (storefront spec §5)', async () => {
    const refusal = new IdTokenCheckError('Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".');
    const manager = fakeManager(null, { signinCallback: vi.fn(() => Promise.reject(refusal)) });
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager });
    await expect(store.handleCallback('http://localhost/callback?code=c&state=s')).rejects.toBe(refusal);
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: { code: 'invalid_id_token', message: refusal.message } });
  });

  it('other errors end loading and keep the error (storefront spec §4)', async () => {
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: () => Promise.reject(new Error('chunk failed')) });
    await store.start();
    expect(store.getState().status).toBe('unauthenticated');
    expect(store.getState().error?.message).toBe('chunk failed');
  });

  it('signup passes screen_hint and the audience; returnTo is saved in the state', async () => {
    const manager = fakeManager(null);
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager });
    await store.login({ signup: true, returnTo: '/checkout' });
    expect(manager.signinRedirect).toHaveBeenCalledWith({
      state: { returnTo: '/checkout' },
      extraQueryParams: { audience: CONFIG.audience, screen_hint: 'signup' },
    });
  });

  it('the callback returns to returnTo, only on this site', async () => {
    const store = createIdentityStore({
      config: CONFIG,
      hasStoredSession: () => true,
      loadManager: async () => fakeManager({ profile, access_token: 'at', expires_in: 3600, state: { returnTo: '//evil.example' } }),
    });
    await expect(store.handleCallback('http://localhost/callback?code=c&state=s')).resolves.toEqual({ kind: 'redirect', returnTo: '/account' });
    expect(store.getState().status).toBe('authenticated');
  });

  it('an expired access token without a refresh token is Missing Refresh Token, with the audience and scope (storefront spec §8)', async () => {
    const store = createIdentityStore({
      config: CONFIG,
      hasStoredSession: () => true,
      loadManager: async () => fakeManager({ profile, access_token: 'at', expires_in: 10 }),
    });
    const error = await rejection(store.getAccessToken());
    expect(error).toMatchObject({ code: 'missing_refresh_token', message: 'Get access token failed' });
    expect(error.cause).toMatchObject({
      code: 'missing_refresh_token',
      message: `Missing Refresh Token (audience: '${CONFIG.audience}', scope: 'openid profile email offline_access')`,
      audience: CONFIG.audience,
      scope: 'openid profile email offline_access',
    });
  });

  it('logout marks the return so the toast shows once (account spec §4)', async () => {
    const manager = fakeManager({ profile, access_token: 'at', id_token: 'id', expires_in: 3600 });
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager });
    await store.logout();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id' });
    expect(store.consumeLoggedOut()).toBe(true);
    expect(store.consumeLoggedOut()).toBe(false);
  });
});

/** The error a promise rejects with; a promise that resolves fails the test. */
async function rejection(promise: Promise<unknown>): Promise<IdentityTokenError> {
  return promise.then(
    () => expect.fail('expected the promise to reject'),
    (caught: unknown) => caught as IdentityTokenError,
  );
}

const oauthError = (error: string, fields: Record<string, string> = {}) => Object.assign(new Error(fields.error_description ?? error), { error, ...fields });

/** A store whose OpenID client is `manager`, with a signed-in user whose access token expired (so getAccessToken renews). */
function storeWith(manager: OidcManagerLike, win: Window = window) {
  const log = createDebugLog('[identity-test]');
  return { store: createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager, log, win }), log };
}

const expiredUser: OidcUserLike = { profile, access_token: 'secret-at', refresh_token: 'secret-rt', expires_in: 0 };

describe('identity store errors', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('mfa_required carries the mfa_token, under Get access token failed (storefront spec §8)', async () => {
    const failure = oauthError('mfa_required', { error_description: 'Multifactor authentication required', mfa_token: 'mfa-secret' });
    const { store, log } = storeWith(fakeManager(expiredUser, { signinSilent: vi.fn(() => Promise.reject(failure)) }));
    const error = await rejection(store.getAccessToken());
    expect(error).toBeInstanceOf(IdentityTokenError);
    expect(error).toMatchObject({ code: 'mfa_required', message: 'Get access token failed' });
    expect(error.cause).toMatchObject({ code: 'mfa_required', message: 'Multifactor authentication required', mfaToken: 'mfa-secret' });
    expect(log.lines().at(-1)).toContain('Get access token failed: mfa_required: Multifactor authentication required');
    expect(log.lines().join('\n')).not.toMatch(/mfa-secret|secret-at|secret-rt|ada@example.com/);
    expect(humanMessage(error)).toBe('Your account needs a second verification step. Please sign in again to complete it.');
  });

  it('other provider codes pass through with their description (storefront spec §8)', async () => {
    const failure = oauthError('unauthorized_client', { error_description: 'The client is not allowed to use refresh tokens' });
    const { store } = storeWith(fakeManager(expiredUser, { signinSilent: vi.fn(() => Promise.reject(failure)) }));
    const error = await rejection(store.getAccessToken());
    expect(error.cause).toMatchObject({
      code: 'unauthorized_client',
      message: 'The client is not allowed to use refresh tokens',
      description: 'The client is not allowed to use refresh tokens',
    });
    expect(humanMessage(error)).toBe('Something went wrong while signing you in. Please try again.');
  });

  it('a silent renewal that times out fails with Timeout (storefront spec §8)', async () => {
    const timedOut = Object.assign(new Error('IFrame timed out without a response'), { name: 'ErrorTimeout' });
    const { store } = storeWith(fakeManager(expiredUser, { signinSilent: vi.fn(() => Promise.reject(timedOut)) }));
    await expect(store.getAccessToken()).rejects.toMatchObject({ code: 'timeout', cause: { code: 'timeout', message: 'Timeout' } });
  });

  it('an unreachable token endpoint is request_error, HTTP error. Unable to fetch (storefront spec §8)', async () => {
    const { store, log } = storeWith(fakeManager(expiredUser, { signinSilent: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) }));
    const error = await rejection(store.getAccessToken());
    expect(error.cause).toMatchObject({ code: 'request_error', message: 'HTTP error. Unable to fetch', description: 'Failed to fetch' });
    expect(log.lines().at(-1)).toContain('request_error: HTTP error. Unable to fetch (Failed to fetch)');
    expect(humanMessage(error)).toBe('We could not reach the sign-in service. Check your internet connection, then try again.');
  });

  it('a popup login that timed out keeps the Login failed error around Timeout (storefront spec §8)', async () => {
    const signinPopup = vi.fn(() => Promise.reject(new IdentityTimeoutError()));
    const { store } = storeWith(fakeManager(null, { signinPopup }));
    const error = await rejection(store.login({ popup: true }));
    expect(error).toMatchObject({ code: 'timeout', message: 'Login failed', cause: { code: 'timeout', message: 'Timeout' } });
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', error });
  });

  it('closing the login popup fails at once with Popup closed (storefront spec §8)', async () => {
    const signinPopup = vi.fn(() => Promise.reject(new Error('Popup closed by user')));
    const { store } = storeWith(fakeManager(null, { signinPopup }));
    const error = await rejection(store.login({ popup: true }));
    expect(error).toMatchObject({ code: 'cancelled', message: 'Login failed', cause: { code: 'cancelled', message: 'Popup closed' } });
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', error });
    expect(humanMessage(store.getState().error)).toBe('The sign-in window was closed before you finished. Try again when you are ready.');
  });

  it('a blocked popup fails with window.open returned null (storefront spec §8)', async () => {
    // The real OpenID client: only window.open (blocked) and the discovery document are stand-ins.
    const discovery = { issuer: CONFIG.authority, authorization_endpoint: `${CONFIG.authority}/auth`, token_endpoint: `${CONFIG.authority}/token` };
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify(discovery), { headers: { 'Content-Type': 'application/json' } })),
    );
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    const { store, log } = storeWith(createUserManager(CONFIG) as unknown as OidcManagerLike);
    const error = await rejection(store.login({ popup: true }));
    expect(open).toHaveBeenCalled();
    expect(error).toMatchObject({
      code: 'popup_blocked',
      message: 'Login failed',
      cause: { code: 'popup_blocked', message: 'Unable to open a popup for loginWithPopup - window.open returned `null`' },
    });
    expect(humanMessage(error)).toBe('Your browser blocked the sign-in window. Allow pop-ups for this site and try again.');
    expect(log.lines().at(-1)).toContain('Login failed: popup_blocked');
    open.mockRestore();
  });

  it('a redirect login that cannot start is Login failed, kept as the error (storefront spec §8)', async () => {
    const { store } = storeWith(fakeManager(null, { signinRedirect: vi.fn(() => Promise.reject(new Error('Bad Gateway (502)'))) }));
    const error = await rejection(store.login());
    expect(error).toMatchObject({ code: 'request_error', message: 'Login failed', cause: { code: 'request_error', description: 'Bad Gateway (502)' } });
    expect(store.getState().error).toBe(error);
  });

  it('a cross-origin isolated page does not try a silent renewal without a refresh token: a local logout (storefront spec §8)', async () => {
    const isolated = Object.create(window, { crossOriginIsolated: { value: true } }) as Window;
    const manager = fakeManager({ profile, access_token: 'at', expires_in: 0 });
    const { store } = storeWith(manager, isolated);
    await store.start();
    expect(manager.signinSilent).not.toHaveBeenCalled();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: null });
  });

  it('with a refresh token, a cross-origin isolated page renews as usual (storefront spec §8)', async () => {
    const isolated = Object.create(window, { crossOriginIsolated: { value: true } }) as Window;
    const renewed = { profile, access_token: 'at2', refresh_token: 'rt2', expires_in: 3600 };
    const manager = fakeManager(expiredUser, { signinSilent: vi.fn(async () => renewed) });
    const { store } = storeWith(manager, isolated);
    await store.start();
    expect(manager.signinSilent).toHaveBeenCalled();
    expect(store.getState().status).toBe('authenticated');
  });

  it('the cross-origin isolated failure says why (storefront spec §8)', () => {
    const isolated = Object.create(window, { crossOriginIsolated: { value: true } }) as Window;
    expect(silentRenewalBlocked(false, isolated)).toMatchObject({
      code: 'cross_origin_isolated',
      message: 'The application is running in a Cross-Origin Isolated context, silently retrieving a token without refresh token is not possible.',
    });
    expect(silentRenewalBlocked(true, isolated)).toBeNull();
    expect(silentRenewalBlocked(false, window)).toBeNull();
  });

  it('consent_required during the silent check is also a local logout (storefront spec §8)', async () => {
    const manager = fakeManager(expiredUser, { signinSilent: vi.fn(() => Promise.reject(oauthError('consent_required'))) });
    const { store } = storeWith(manager);
    await store.start();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null, error: null });
    expect(manager.removeUser).toHaveBeenCalled();
  });
});

describe('identity store logout', () => {
  /** A window whose location can be read and assigned without navigating jsdom. */
  function fakeWindow() {
    const assign = vi.fn();
    const win = Object.create(window, { location: { value: { origin: 'https://shop.example', pathname: '/account', assign } } }) as Window;
    return { win, assign };
  }

  it("with an end-session endpoint, logout ends the provider's session there (account spec §4)", async () => {
    const { win, assign } = fakeWindow();
    const manager = fakeManager({ profile, access_token: 'at', id_token: 'id', expires_in: 3600 });
    const { store } = storeWith(manager, win);
    await store.logout();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id' });
    expect(assign).not.toHaveBeenCalled();
  });

  it('without an end-session endpoint, logout goes to {issuer}/v2/logout with the client id and returnTo (storefront spec §7)', async () => {
    const { win, assign } = fakeWindow();
    const manager = fakeManager(
      { profile, access_token: 'at', id_token: 'id', expires_in: 3600 },
      { metadataService: { getMetadata: vi.fn(async () => ({ issuer: 'https://tenant.auth0.com/' })) } },
    );
    const { store } = storeWith(manager, win);
    await store.logout();
    expect(manager.signoutRedirect).not.toHaveBeenCalled();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(assign).toHaveBeenCalledWith('https://tenant.auth0.com/v2/logout?client_id=songwish-web&returnTo=https%3A%2F%2Fshop.example%2F');
    expect(store.consumeLoggedOut()).toBe(true);
  });

  it('a provider that cannot be reached: logout forgets the session here and goes home (account spec §4)', async () => {
    const { win, assign } = fakeWindow();
    const manager = fakeManager(
      { profile, access_token: 'at', id_token: 'id', expires_in: 3600 },
      { metadataService: { getMetadata: vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) } },
    );
    const { store, log } = storeWith(manager, win);
    await store.start();
    await store.logout();
    expect(manager.removeUser).toHaveBeenCalled();
    expect(store.getState()).toMatchObject({ status: 'unauthenticated', user: null });
    expect(assign).toHaveBeenCalledWith('https://shop.example/');
    expect(log.lines().at(-1)).toContain('Logout at the provider failed; signing out locally: Failed to fetch');
  });
});
