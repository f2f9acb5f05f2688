import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { User, UserManager } from 'oidc-client-ts';
import { unsignedJwt } from '#web/testing/unsigned-jwt.ts';
import { LOGIN_TRANSACTION_MAX_AGE_S, SESSION_MARKER_KEY, TOKEN_REQUEST_TIMEOUT_S } from './constants';
import { createUserManager } from './oidc-client';
import { storedSessionKey } from './identity-store';

const AUTHORITY = 'https://tenant.eu.auth0.com/';
const CONFIG = { authority: AUTHORITY, clientId: 'songwish-web', audience: 'https://api.songwish.example', provider: 'external' as const };
const ORIGIN = 'http://localhost';
const nowS = () => Math.floor(Date.now() / 1000);
const idToken = (claims: Record<string, unknown> = {}, header?: Record<string, unknown>) =>
  unsignedJwt({ iss: AUTHORITY, sub: 'auth0|ada', aud: CONFIG.clientId, iat: nowS(), exp: nowS() + 3600, email: 'ada@example.com', ...claims }, header);
const userWith = (claims: Record<string, unknown> = {}, extra: Partial<ConstructorParameters<typeof User>[0]> = {}) =>
  new User({
    id_token: idToken(claims),
    access_token: 'at',
    token_type: 'Bearer',
    profile: { sub: 'auth0|ada', ...claims } as never,
    expires_at: nowS() + 3600,
    ...extra,
  });
const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });

/** The provider: discovery, and a token endpoint answering with `tokens`. */
function stubProvider(tokens: () => Record<string, unknown>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = String(input);
    if (url.endsWith('/.well-known/openid-configuration')) {
      return json({
        issuer: AUTHORITY,
        authorization_endpoint: `${AUTHORITY}authorize`,
        token_endpoint: `${AUTHORITY}oauth/token`,
        end_session_endpoint: `${AUTHORITY}oidc/logout`,
      });
    }
    if (url === `${AUTHORITY}oauth/token`) return json(tokens());
    throw new TypeError(`unexpected request ${url}`);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** Starts a redirect sign-in up to the point the browser would leave, and returns the transaction it saved. */
async function startRedirectSignIn(manager: UserManager): Promise<{ id: string; nonce?: string; created: number }> {
  const redirecting = manager.signinRedirect({ state: { returnTo: '/account' } });
  const key = await vi.waitFor(() => {
    const found = Object.keys(localStorage).find((name) => name.startsWith('oidc.') && !name.startsWith('oidc.user:'));
    if (!found) throw new Error('no transaction yet');
    return found;
  });
  // jsdom cannot navigate; oidc-client-ts's redirect resolves on pageshow.
  window.dispatchEvent(new Event('pageshow'));
  await redirecting;
  return JSON.parse(localStorage.getItem(key)!);
}

beforeEach(() => {
  // jsdom reports the redirect it cannot perform.
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('the OpenID client settings', () => {
  it('popup 400×600, popup and silent sign-in 60 s, tokens renewed 60 s before expiry (storefront spec §9)', () => {
    const { settings } = createUserManager(CONFIG, ORIGIN);
    expect(settings.popupWindowFeatures).toMatchObject({ width: 400, height: 600 });
    expect(settings.silentRequestTimeoutInSeconds).toBe(60);
    expect(settings.accessTokenExpiringNotificationTimeInSeconds).toBe(60);
  });

  it('token requests time out after 10 s; a sign-in in progress is kept 1 day (storefront spec §9)', () => {
    const { settings } = createUserManager(CONFIG, ORIGIN);
    expect(settings.requestTimeoutInSeconds).toBe(TOKEN_REQUEST_TIMEOUT_S);
    expect(TOKEN_REQUEST_TIMEOUT_S).toBe(10);
    expect(settings.staleStateAgeInSeconds).toBe(LOGIN_TRANSACTION_MAX_AGE_S);
    expect(LOGIN_TRANSACTION_MAX_AGE_S).toBe(86_400);
  });

  it('asks for the configured organization, and only then (storefront spec §5)', () => {
    expect(createUserManager({ ...CONFIG, organization: 'org_Ab12' }, ORIGIN).settings.extraQueryParams).toEqual({
      audience: CONFIG.audience,
      organization: 'org_Ab12',
    });
    expect(createUserManager(CONFIG, ORIGIN).settings.extraQueryParams).toEqual({ audience: CONFIG.audience });
  });
});

describe('sign-in requests', () => {
  it('every redirect and popup sign-in carries a new nonce, and keeps the configured parameters (storefront spec §5)', async () => {
    const redirect = vi.spyOn(UserManager.prototype, 'signinRedirect').mockResolvedValue(undefined);
    const manager = createUserManager({ ...CONFIG, organization: 'songwish-team' }, ORIGIN);
    await manager.signinRedirect({ extraQueryParams: { audience: CONFIG.audience, screen_hint: 'signup' } });
    await manager.signinRedirect();
    const [first, second] = redirect.mock.calls.map(([args]) => args!);
    expect(first!.nonce).toMatch(/^[\w-]{43}$/);
    expect(second!.nonce).not.toBe(first!.nonce);
    expect(first!.extraQueryParams).toEqual({ audience: CONFIG.audience, organization: 'songwish-team', screen_hint: 'signup' });
  });

  it('a popup sign-in gives up after 60 s with Timeout (storefront spec §9)', async () => {
    vi.useFakeTimers();
    vi.spyOn(UserManager.prototype, 'signinPopup').mockImplementation(
      (args) => new Promise((_, reject) => args!.popupSignal!.addEventListener('abort', () => reject(new Error('Popup aborted')))),
    );
    const outcome = createUserManager(CONFIG, ORIGIN)
      .signinPopup()
      .catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(59_999);
    await vi.advanceTimersByTimeAsync(1);
    expect(await outcome).toMatchObject({ code: 'timeout', message: 'Timeout' });
  });

  it('a popup sign-in fails at once when the shopper closes the window (storefront spec §8)', async () => {
    const popup = vi.spyOn(UserManager.prototype, 'signinPopup').mockRejectedValue(new Error('Popup closed by user'));
    await expect(createUserManager(CONFIG, ORIGIN).signinPopup()).rejects.toThrow('Popup closed by user');
    expect(popup).toHaveBeenCalledWith(expect.objectContaining({ popupAbortOnClose: true }));
  });
});

describe('ID tokens received by the client', () => {
  it('refuses a token whose nonce is not the one sent, in the same words as the other checks (storefront spec §5)', async () => {
    const manager = createUserManager(CONFIG, ORIGIN);
    stubProvider(() => ({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken({ nonce: 'someone-elses' }) }));
    const transaction = await startRedirectSignIn(manager);
    expect(transaction.nonce).toBeTruthy();
    await expect(manager.signinCallback(`${ORIGIN}/callback?code=c0de&state=${transaction.id}`)).rejects.toMatchObject({
      code: 'invalid_id_token',
      message: 'Nonce (nonce) claim mismatch in the ID token',
    });
    expect(localStorage.getItem(storedSessionKey(CONFIG))).toBeNull();
  });

  it('refuses a token that fails a claim check before anyone is signed in (storefront spec §5)', async () => {
    const manager = createUserManager(CONFIG, ORIGIN);
    let nonce = '';
    stubProvider(() => ({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken({ nonce }, { alg: 'HS256' }) }));
    const loaded = vi.fn();
    manager.events.addUserLoaded(loaded);
    const transaction = await startRedirectSignIn(manager);
    nonce = transaction.nonce!;
    await expect(manager.signinCallback(`${ORIGIN}/callback?code=c0de&state=${transaction.id}`)).rejects.toMatchObject({
      code: 'invalid_id_token',
      message: 'Signature algorithm of "HS256" is not supported. Expected the ID token to be signed with "RS256".',
    });
    expect(loaded).not.toHaveBeenCalled();
    expect(localStorage.getItem(storedSessionKey(CONFIG))).toBeNull();
  });

  it('signs in with a token that passes, and marks the session (storefront spec §5)', async () => {
    const manager = createUserManager(CONFIG, ORIGIN);
    let nonce = '';
    stubProvider(() => ({ access_token: 'at', token_type: 'Bearer', expires_in: 3600, id_token: idToken({ nonce }) }));
    const transaction = await startRedirectSignIn(manager);
    nonce = transaction.nonce!;
    const user = await manager.signinCallback(`${ORIGIN}/callback?code=c0de&state=${transaction.id}`);
    expect(user?.profile.sub).toBe('auth0|ada');
    expect(user?.state).toEqual({ returnTo: '/account' });
    expect(localStorage.getItem(storedSessionKey(CONFIG))).not.toBeNull();
    expect(Number(localStorage.getItem(SESSION_MARKER_KEY))).toBeGreaterThan(Date.now() - 5_000);
  });

  it('a renewed token for another organization signs the shopper out (storefront spec §5)', async () => {
    const manager = createUserManager({ ...CONFIG, organization: 'org_Ab12' }, ORIGIN);
    await manager.storeUser(userWith({ org_id: 'org_Ab12' }));
    const unloaded = vi.fn();
    manager.events.addUserUnloaded(unloaded);
    await expect(manager.storeUser(userWith({ org_id: 'org_Other' }))).rejects.toThrow(
      'Organization ID (org_id) claim mismatch in the ID token; expected "org_Ab12", found "org_Other"',
    );
    expect(localStorage.getItem(storedSessionKey(CONFIG))).toBeNull();
    expect(localStorage.getItem(SESSION_MARKER_KEY)).toBeNull();
    expect(unloaded).toHaveBeenCalled();
  });

  it('a renewal answered without a new ID token keeps the one already accepted (storefront spec §5)', async () => {
    const manager = createUserManager(CONFIG, ORIGIN);
    const accepted = userWith();
    await manager.storeUser(accepted);
    // Even once that ID token has expired, it was checked when it arrived.
    vi.useFakeTimers({ now: Date.now() + 2 * 3600 * 1000 });
    await manager.storeUser(new User({ ...accepted, access_token: 'at-2', expires_at: nowS() + 3600 } as never));
    expect((await manager.getUser())?.access_token).toBe('at-2');
  });
});

describe('silent renewal', () => {
  const withRefreshToken = (expiresInS: number) => userWith({}, { refresh_token: 'rt', expires_at: nowS() + expiresInS });

  it('uses a 10 s timeout for the refresh token request, 60 s for a hidden frame (storefront spec §9)', async () => {
    const silent = vi.spyOn(UserManager.prototype, 'signinSilent').mockResolvedValue(null);
    const manager = createUserManager(CONFIG, ORIGIN);
    await manager.storeUser(withRefreshToken(10));
    await manager.signinSilent();
    await manager.storeUser(userWith({}, { expires_at: nowS() + 10 }));
    await manager.signinSilent();
    expect(silent.mock.calls.map(([args]) => args?.silentRequestTimeoutInSeconds)).toEqual([10, 60]);
  });

  it('retries the token request on network failures (storefront spec §7)', async () => {
    const renewed = withRefreshToken(3600);
    const silent = vi.spyOn(UserManager.prototype, 'signinSilent').mockRejectedValueOnce(new TypeError('Failed to fetch')).mockResolvedValueOnce(renewed);
    const manager = createUserManager(CONFIG, ORIGIN);
    await manager.storeUser(withRefreshToken(10));
    await expect(manager.signinSilent()).resolves.toBe(renewed);
    expect(silent).toHaveBeenCalledTimes(2);
  });

  it('does not retry a hidden-frame renewal, which has no token request (storefront spec §7)', async () => {
    const silent = vi
      .spyOn(UserManager.prototype, 'signinSilent')
      .mockRejectedValue(Object.assign(new Error('IFrame timed out without a response'), { name: 'ErrorTimeout' }));
    const manager = createUserManager(CONFIG, ORIGIN);
    await manager.storeUser(userWith({}, { expires_at: nowS() + 10 }));
    await expect(manager.signinSilent()).rejects.toThrow('IFrame timed out without a response');
    expect(silent).toHaveBeenCalledTimes(1);
  });

  it('takes the tokens another tab has just renewed instead of spending the refresh token again (storefront spec §9)', async () => {
    const silent = vi.spyOn(UserManager.prototype, 'signinSilent');
    const manager = createUserManager(CONFIG, ORIGIN);
    const otherTab = createUserManager(CONFIG, ORIGIN);
    await manager.storeUser(withRefreshToken(10));
    await otherTab.storeUser(new User({ ...withRefreshToken(3600), access_token: 'from-the-other-tab' } as never));
    await expect(manager.signinSilent()).resolves.toMatchObject({ access_token: 'from-the-other-tab' });
    expect(silent).not.toHaveBeenCalled();
  });
});
