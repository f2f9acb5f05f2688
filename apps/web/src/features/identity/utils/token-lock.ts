import { TOKEN_LOCK_ATTEMPTS, TOKEN_LOCK_NAME, TOKEN_LOCK_WAIT_MS } from '../constants';
import { IDENTITY_MESSAGES, IdentityTokenError } from './identity-errors';

/** A sign-in step that took too long (docs/behaviour/sign-in.md#constants): code `timeout`, message `Timeout`. */
export class IdentityTimeoutError extends IdentityTokenError {
  constructor() {
    super('timeout', IDENTITY_MESSAGES.timeout);
    this.name = 'IdentityTimeoutError';
  }
}

/** The part of the Web Locks API used here (tests pass a fake). */
export interface LockManagerLike {
  request<T>(name: string, options: { signal: AbortSignal }, callback: () => Promise<T>): Promise<T>;
}

export interface TokenLockOptions {
  /** Defaults to `navigator.locks`; without it (an old browser) the work runs unlocked. */
  locks?: LockManagerLike | undefined;
  waitMs?: number;
  attempts?: number;
}

function browserLocks(): LockManagerLike | undefined {
  return typeof navigator !== 'undefined' && 'locks' in navigator ? (navigator.locks as LockManagerLike) : undefined;
}

/**
 * Runs `work` while holding the renewal lock shared by every tab of the site, so two tabs never
 * spend the same rotating refresh token (docs/behaviour/sign-in.md#constants). Each attempt waits
 * `waitMs`; after `attempts` the renewal fails with `Timeout`.
 */
export async function withTokenLock<T>(work: () => Promise<T>, options: TokenLockOptions = {}): Promise<T> {
  const locks = 'locks' in options ? options.locks : browserLocks();
  if (!locks) return work();
  const { waitMs = TOKEN_LOCK_WAIT_MS, attempts = TOKEN_LOCK_ATTEMPTS } = options;
  for (let attempt = 0; attempt < attempts; attempt += 1) {
    let acquired = false;
    const wait = new AbortController();
    const timer = setTimeout(() => wait.abort(), waitMs);
    try {
      return await locks.request(TOKEN_LOCK_NAME, { signal: wait.signal }, () => {
        acquired = true;
        clearTimeout(timer);
        return work();
      });
    } catch (error) {
      // Only a wait that ran out is tried again; the work's own failures go to the caller.
      if (acquired) throw error;
    } finally {
      clearTimeout(timer);
    }
  }
  throw new IdentityTimeoutError();
}
