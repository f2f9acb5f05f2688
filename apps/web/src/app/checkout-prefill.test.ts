import { afterEach, describe, expect, it, vi } from 'vitest';
import { createCheckoutPrefill, customerFetchError } from './checkout-prefill';
import { ApiError } from '../lib/api-client';
import { createDebugLog } from '../lib/debug-log';

const user = { sub: 'u', email: 'melody@example.com', emailVerified: true, name: 'melody@example.com' };
const lookup = (body: unknown, status = 200) => vi.spyOn(globalThis, 'fetch').mockResolvedValue(new Response(JSON.stringify(body), { status }));

afterEach(() => vi.restoreAllMocks());

describe('checkout prefill', () => {
  it('uses the lookup: contact and billing address, with the bearer token', async () => {
    const fetchMock = lookup({
      customer_info: {
        first_name: 'Robin',
        last_name: 'Keys',
        email: 'robin@example.com',
        country: 'CA',
        city: 'Montréal',
        region: 'QC',
        postal_code: 'H2X 1Y4',
      },
    });
    const payload = await createCheckoutPrefill({ getAccessToken: async () => 'tok' }, user).load();
    expect(payload).toEqual({
      paymentContact: { email: 'robin@example.com', firstName: 'Robin', lastName: 'Keys' },
      billingAddress: { country: 'CA', city: 'Montréal', region: 'QC', postalCode: 'H2X 1Y4' },
    });
    expect((fetchMock.mock.calls[0]![1]!.headers as Record<string, string>).authorization).toBe('Bearer tok');
  });

  it('asks POST /lookup once, with the bearer token and no body (storefront spec §7)', async () => {
    const fetchMock = lookup({
      customer_info: { first_name: 'Robin', last_name: 'Keys', email: 'robin@example.com', country: null, city: null, region: null, postal_code: null },
    });
    await createCheckoutPrefill({ getAccessToken: async () => 'tok' }, user).load();
    expect(fetchMock).toHaveBeenCalledOnce();
    const [url, init] = fetchMock.mock.calls[0]! as [string, RequestInit];
    expect(url).toBe('/lookup');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', mode: 'cors' });
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ accept: 'application/json', authorization: 'Bearer tok' });
  });

  it('logs Customer data fetch failed: 500 and recognises with the profile names (storefront spec §7)', async () => {
    lookup({ error: 'boom' }, 500);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const log = createDebugLog('[test]');
    const recognize = vi.fn();
    const secure = vi.fn();
    (window as unknown as { fastspring: unknown }).fastspring = {
      builder: { recognize, secure, add: vi.fn(), remove: vi.fn(), update: vi.fn(), reset: vi.fn(), promo: vi.fn(), checkout: vi.fn() },
    };
    const prefill = createCheckoutPrefill({ getAccessToken: async () => 'tok' }, { ...user, givenName: 'Ada', familyName: 'Lovelace' }, log);
    prefill.apply((await prefill.load())!);
    expect(log.lines().map((line) => line.replace(/^\S+ /, ''))).toEqual([
      'Customer data fetch failed: 500',
      "Customer lookup: Failed to fetch customer data: 500; using the sign-in profile's names",
    ]);
    expect(recognize).toHaveBeenCalledExactlyOnceWith({ email: 'melody@example.com', firstName: 'Ada', lastName: 'Lovelace' });
    delete (window as unknown as { fastspring?: unknown }).fastspring;
  });

  it('keeps a failed lookup as Failed to fetch customer data: {status}, the answer’s error, or the message or Unknown error (storefront spec §8)', () => {
    expect(customerFetchError(new ApiError(503, 'Service Unavailable'))).toBe('Failed to fetch customer data: 503');
    expect(customerFetchError('No customer for this email')).toBe('No customer for this email');
    expect(customerFetchError(new TypeError('Failed to fetch'))).toBe('Failed to fetch');
    expect(customerFetchError(new Error(''))).toBe('Unknown error');
    expect(customerFetchError(undefined)).toBe('Unknown error');
  });

  it('recognises a signed-in shopper by email and the lookup’s first and last name (storefront spec §6)', async () => {
    lookup({
      customer_info: { first_name: 'Robin', last_name: 'Keys', email: 'robin@example.com', country: null, city: null, region: null, postal_code: null },
    });
    const recognize = vi.fn();
    (window as unknown as { fastspring: unknown }).fastspring = {
      builder: { recognize, secure: vi.fn(), add: vi.fn(), remove: vi.fn(), update: vi.fn(), reset: vi.fn(), promo: vi.fn(), checkout: vi.fn() },
    };
    const prefill = createCheckoutPrefill({ getAccessToken: async () => 'tok' }, { ...user, givenName: 'Ada', familyName: 'Lovelace' });
    prefill.apply((await prefill.load())!);
    expect(recognize).toHaveBeenCalledExactlyOnceWith({ email: 'robin@example.com', firstName: 'Robin', lastName: 'Keys' });
    delete (window as unknown as { fastspring?: unknown }).fastspring;
  });

  it('customer not found or a failure: the identity names (prefillName rules)', async () => {
    lookup({}, 500);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    expect(await createCheckoutPrefill({ getAccessToken: async () => 'tok' }, user).load()).toEqual({
      paymentContact: { email: 'melody@example.com', firstName: 'Melody' },
    });
    expect(await createCheckoutPrefill({ getAccessToken: async () => 'tok' }, { ...user, email: 'testuser@example.com', name: '' }).load()).toEqual({
      paymentContact: { email: 'testuser@example.com' },
    });
    expect(await createCheckoutPrefill({ getAccessToken: async () => 'tok' }, { ...user, givenName: 'Ada', familyName: 'Lovelace' }).load()).toMatchObject({
      paymentContact: { firstName: 'Ada', lastName: 'Lovelace' },
    });
  });

  it('applies through recognize and secure with an empty key', () => {
    const recognize = vi.fn();
    const secure = vi.fn();
    (window as unknown as { fastspring: unknown }).fastspring = {
      builder: { recognize, secure, add: vi.fn(), remove: vi.fn(), update: vi.fn(), reset: vi.fn(), promo: vi.fn(), checkout: vi.fn() },
    };
    createCheckoutPrefill({ getAccessToken: async () => 'tok' }, user).apply({ paymentContact: { email: 'a@b.c' }, billingAddress: { country: 'CA' } });
    expect(recognize).toHaveBeenCalledWith({ email: 'a@b.c' });
    expect(secure).toHaveBeenCalledWith({ paymentContact: { email: 'a@b.c' }, billingAddress: { country: 'CA' } }, '');
    delete (window as unknown as { fastspring?: unknown }).fastspring;
  });

  it('passes the server’s encrypted secure payload to secure() when there is one (live FastSpring)', async () => {
    const sealed = { securePayload: 'c2VjcmV0', secureKey: 'a2V5' };
    lookup({
      customer_info: { first_name: 'Robin', last_name: 'Keys', email: 'robin@example.com', country: null, city: null, region: null, postal_code: null },
      secure_payload: sealed,
    });
    const prefill = createCheckoutPrefill({ getAccessToken: async () => 'tok' }, user);
    const payload = await prefill.load();
    expect(payload).toEqual({ paymentContact: { email: 'robin@example.com', firstName: 'Robin', lastName: 'Keys' }, sealed });
    const recognize = vi.fn();
    const secure = vi.fn();
    (window as unknown as { fastspring: unknown }).fastspring = {
      builder: { recognize, secure, add: vi.fn(), remove: vi.fn(), update: vi.fn(), reset: vi.fn(), promo: vi.fn(), checkout: vi.fn() },
    };
    prefill.apply(payload!);
    expect(recognize).toHaveBeenCalledWith({ email: 'robin@example.com', firstName: 'Robin', lastName: 'Keys' });
    expect(secure).toHaveBeenCalledExactlyOnceWith('c2VjcmV0', 'a2V5');
    delete (window as unknown as { fastspring?: unknown }).fastspring;
  });
});
