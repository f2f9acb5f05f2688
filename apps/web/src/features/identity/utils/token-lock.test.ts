import { afterEach, describe, expect, it, vi } from 'vitest';
import { TOKEN_LOCK_ATTEMPTS, TOKEN_LOCK_NAME, TOKEN_LOCK_WAIT_MS } from '../constants';
import { IdentityTimeoutError, withTokenLock, type LockManagerLike } from './token-lock';
import { isFresh, renewUnderLock, retryOnNetworkFailure, type RenewableUser } from './token-renewal';

/** The Web Locks API's exclusive mode, as one tab sees it: one holder per name, waiters in order, a signal ends a wait. */
function fakeLocks(): LockManagerLike & { requests: string[] } {
  const queues = new Map<string, Promise<void>>();
  const requests: string[] = [];
  return {
    requests,
    request<T>(name: string, { signal }: { signal: AbortSignal }, callback: () => Promise<T>): Promise<T> {
      requests.push(name);
      const before = queues.get(name) ?? Promise.resolve();
      let settle!: { resolve: (value: T) => void; reject: (reason: unknown) => void };
      const answer = new Promise<T>((resolve, reject) => (settle = { resolve, reject }));
      // Released when this request's callback ends, or, for a wait given up, when the one before it is.
      let granted = false;
      const released = new Promise<void>((release) => {
        signal.addEventListener('abort', () => {
          if (granted) return;
          settle.reject(signal.reason);
          void before.then(release);
        });
        void before.then(() => {
          if (signal.aborted) return;
          granted = true;
          callback().then(settle.resolve, settle.reject).finally(release);
        });
      });
      queues.set(name, released);
      return answer;
    },
  };
}

afterEach(() => vi.useRealTimers());

describe('token lock', () => {
  it('waits 5 s per attempt, up to 10 attempts (storefront spec §9)', () => {
    expect(TOKEN_LOCK_WAIT_MS).toBe(5_000);
    expect(TOKEN_LOCK_ATTEMPTS).toBe(10);
  });

  it('runs one renewal at a time under the shared lock name (storefront spec §9)', async () => {
    const locks = fakeLocks();
    const order: string[] = [];
    let release!: () => void;
    const first = withTokenLock(
      async () => {
        order.push('first starts');
        await new Promise<void>((resolve) => (release = resolve));
        order.push('first ends');
        return 1;
      },
      { locks },
    );
    const second = withTokenLock(
      async () => {
        order.push('second runs');
        return 2;
      },
      { locks },
    );
    await vi.waitFor(() => expect(order).toEqual(['first starts']));
    release();
    await expect(Promise.all([first, second])).resolves.toEqual([1, 2]);
    expect(order).toEqual(['first starts', 'first ends', 'second runs']);
    expect(locks.requests).toEqual([TOKEN_LOCK_NAME, TOKEN_LOCK_NAME]);
  });

  it('gives up with Timeout after 10 waits of 5 s (storefront spec §8)', async () => {
    vi.useFakeTimers();
    const locks = fakeLocks();
    void locks.request(TOKEN_LOCK_NAME, { signal: new AbortController().signal }, () => new Promise(() => undefined));
    const work = vi.fn(async () => 'renewed');
    const attempt = withTokenLock(work, { locks });
    const outcome = attempt.catch((error: unknown) => error);
    await vi.advanceTimersByTimeAsync(TOKEN_LOCK_WAIT_MS * TOKEN_LOCK_ATTEMPTS - 1);
    expect(locks.requests).toHaveLength(1 + TOKEN_LOCK_ATTEMPTS);
    await vi.advanceTimersByTimeAsync(1);
    const error = await outcome;
    expect(error).toBeInstanceOf(IdentityTimeoutError);
    expect(error).toMatchObject({ code: 'timeout', message: 'Timeout' });
    expect(work).not.toHaveBeenCalled();
  });

  it("passes the work's own failure on without waiting again", async () => {
    const locks = fakeLocks();
    const failure = new DOMException('the request was aborted', 'AbortError');
    await expect(withTokenLock(() => Promise.reject(failure), { locks })).rejects.toBe(failure);
    expect(locks.requests).toHaveLength(1);
  });

  it('runs unlocked where the browser has no Web Locks', async () => {
    await expect(withTokenLock(async () => 'done', { locks: undefined })).resolves.toBe('done');
  });
});

describe('renewal under the lock', () => {
  const stale: RenewableUser = { access_token: 'old', expires_in: 30 };
  const renewed: RenewableUser = { access_token: 'new', expires_in: 3600 };

  it('two tabs renewing at once make one token request; the second takes the first one’s tokens (storefront spec §9)', async () => {
    const locks = fakeLocks();
    let stored = stale;
    const renew = vi.fn(async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      stored = renewed;
      return renewed;
    });
    const tab = () => renewUnderLock({ readStored: async () => stored, renew }, { locks });
    await expect(Promise.all([tab(), tab()])).resolves.toEqual([renewed, renewed]);
    expect(renew).toHaveBeenCalledTimes(1);
  });

  it('treats a cached access token as expired 60 s early (storefront spec §9)', () => {
    expect(isFresh({ access_token: 'at', expires_in: 61 })).toBe(true);
    expect(isFresh({ access_token: 'at', expires_in: 60 })).toBe(false);
    expect(isFresh({ access_token: 'at' })).toBe(false);
    expect(isFresh(null)).toBe(false);
  });

  it('tries a token request 3 times in all when the network fails (storefront spec §7)', async () => {
    const request = vi
      .fn<() => Promise<string>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch'))
      .mockRejectedValueOnce(Object.assign(new Error('Network timed out'), { name: 'ErrorTimeout' }))
      .mockResolvedValueOnce('tokens');
    await expect(retryOnNetworkFailure(request)).resolves.toBe('tokens');
    expect(request).toHaveBeenCalledTimes(3);

    const alwaysOffline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(retryOnNetworkFailure(alwaysOffline)).rejects.toThrow('Failed to fetch');
    expect(alwaysOffline).toHaveBeenCalledTimes(3);
  });

  it('does not retry an answer from the provider (storefront spec §7)', async () => {
    const invalidGrant = Object.assign(new Error('invalid_grant'), { error: 'invalid_grant' });
    const request = vi.fn(() => Promise.reject(invalidGrant));
    await expect(retryOnNetworkFailure(request)).rejects.toBe(invalidGrant);
    expect(request).toHaveBeenCalledTimes(1);
  });
});
