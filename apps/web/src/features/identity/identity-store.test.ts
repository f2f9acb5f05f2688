import { describe, expect, it, vi } from 'vitest';
import { createIdentityStore, storedSessionKey, type OidcManagerLike, type OidcUserLike } from './identity-store';

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
    try {
      expect(createIdentityStore({ config: CONFIG, loadManager: async () => fakeManager(null) }).getState().status).toBe('loading');
    } finally {
      window.localStorage.removeItem(storedSessionKey(CONFIG));
    }
    expect(createIdentityStore({ config: CONFIG, loadManager: async () => fakeManager(null) }).getState().status).toBe('unauthenticated');
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
