import { afterEach, describe, expect, it, vi } from 'vitest';
import { checkStoreStatus, describeFailureKind, OFFLINE_MESSAGE, STATUS_CHECK_TIMEOUT_MS, STORE_DOWN_MESSAGE } from './store-status';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('checkStoreStatus', () => {
  it('tells a store having trouble, a store that is down and no connection apart (storefront spec §7)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"ok"}', { status: 200 })),
    );
    expect(await checkStoreStatus()).toBe('trouble');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"status":"unavailable"}', { status: 503, statusText: 'Service Unavailable' })),
    );
    expect(await checkStoreStatus()).toBe('down');
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))),
    );
    expect(await checkStoreStatus()).toBe('offline');
  });

  it('asks GET /status with credentials, and counts no answer within the timeout as no connection', async () => {
    vi.useFakeTimers();
    const fetchMock = vi.fn(
      (_url: string, init: RequestInit) =>
        new Promise<Response>((_resolve, reject) => init.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
    );
    vi.stubGlobal('fetch', fetchMock);
    const kind = checkStoreStatus();
    await vi.advanceTimersByTimeAsync(STATUS_CHECK_TIMEOUT_MS);
    expect(await kind).toBe('offline');
    expect(fetchMock).toHaveBeenCalledWith('/status', expect.objectContaining({ credentials: 'include', mode: 'cors' }));
  });

  it('words each kind; the trouble sentence is the caller’s', () => {
    expect(describeFailureKind('down', 'x')).toBe(STORE_DOWN_MESSAGE);
    expect(STORE_DOWN_MESSAGE).toBe('The store is down for a moment. Try again in a minute.');
    expect(describeFailureKind('offline', 'x')).toBe(OFFLINE_MESSAGE);
    expect(OFFLINE_MESSAGE).toBe('Check your internet connection and try again.');
    expect(describeFailureKind('trouble', 'The store is having trouble.')).toBe('The store is having trouble.');
  });
});
