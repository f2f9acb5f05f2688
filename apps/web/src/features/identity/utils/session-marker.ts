import { SESSION_MARKER_KEY, SESSION_MAX_AGE_MS } from '../constants';

/**
 * When this browser last signed in or renewed its tokens, in localStorage so every tab sees it
 * (docs/behaviour/sign-in.md#constants). A session older than a day is not checked on page load.
 * Storage errors are swallowed: without storage there is no session to keep either.
 */
export function markSession(storage: Storage, now = Date.now()): void {
  try {
    storage.setItem(SESSION_MARKER_KEY, String(now));
  } catch {
    // storage disabled
  }
}

export function clearSessionMark(storage: Storage): void {
  try {
    storage.removeItem(SESSION_MARKER_KEY);
  } catch {
    // storage disabled
  }
}

export function hasSessionMark(storage: Storage): boolean {
  try {
    return storage.getItem(SESSION_MARKER_KEY) !== null;
  } catch {
    return false;
  }
}

/** True when the last sign-in or renewal is less than a day old. */
export function sessionIsCurrent(storage: Storage, now = Date.now()): boolean {
  try {
    const markedAt = Number(storage.getItem(SESSION_MARKER_KEY));
    return Number.isFinite(markedAt) && markedAt > 0 && now - markedAt < SESSION_MAX_AGE_MS;
  } catch {
    return false;
  }
}
