import { describe, expect, it, vi } from 'vitest';
import { SESSION_MAX_AGE_MS } from './constants';
import { createIdentityStore, storedSessionKey, type OidcManagerLike, type OidcUserLike } from './identity-store';
import { IdTokenCheckError } from './utils/id-token-checks';
import { markSession } from './utils/session-marker';

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

  it('login_required during the silent check: a local logout and no error', async () => {
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

  it('other errors end loading and keep the error', async () => {
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

  it('an expired access token without a refresh token is Missing Refresh Token', async () => {
    const store = createIdentityStore({
      config: CONFIG,
      hasStoredSession: () => true,
      loadManager: async () => fakeManager({ profile, access_token: 'at', expires_in: 10 }),
    });
    await expect(store.getAccessToken()).rejects.toMatchObject({ code: 'missing_refresh_token', message: 'Missing Refresh Token' });
  });

  it('logout marks the return so the toast shows once', async () => {
    const manager = fakeManager({ profile, access_token: 'at', id_token: 'id', expires_in: 3600 });
    const store = createIdentityStore({ config: CONFIG, hasStoredSession: () => true, loadManager: async () => manager });
    await store.logout();
    expect(manager.signoutRedirect).toHaveBeenCalledWith({ id_token_hint: 'id' });
    expect(store.consumeLoggedOut()).toBe(true);
    expect(store.consumeLoggedOut()).toBe(false);
  });
});
