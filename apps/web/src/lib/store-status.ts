import { useEffect, useState } from 'react';
import { ApiError, apiGet } from './api-client';

/**
 * After a call to the store fails, `GET /status` tells why, in words the shopper can act on
 * (docs/behaviour/catalogue.md#when-the-products-do-not-load):
 * - trouble: the store answered its status, so it is up but this call failed;
 * - down: the status answered not OK (503 while the database is unreachable);
 * - offline: no answer at all (network error or no answer within the timeout).
 */
export type FailureKind = 'trouble' | 'down' | 'offline';

/** How long the status check may take before the store counts as unreachable (our own limit). */
export const STATUS_CHECK_TIMEOUT_MS = 3_000;
export const STORE_DOWN_MESSAGE = 'The store is down for a moment. Try again in a minute.';
export const OFFLINE_MESSAGE = 'Check your internet connection and try again.';

export async function checkStoreStatus({
  signal,
  timeoutMs = STATUS_CHECK_TIMEOUT_MS,
}: { signal?: AbortSignal; timeoutMs?: number } = {}): Promise<FailureKind> {
  const controller = new AbortController();
  const abort = () => controller.abort();
  signal?.addEventListener('abort', abort, { once: true });
  const timer = setTimeout(abort, timeoutMs);
  try {
    await apiGet('/status', controller.signal);
    return 'trouble';
  } catch (error) {
    if (error instanceof ApiError) return 'down';
    // An answer that is not JSON still came from somewhere: the network is fine.
    if (error instanceof SyntaxError) return 'trouble';
    return 'offline';
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', abort);
  }
}

/**
 * The kind of the failure identified by `failureKey` (the error object, say): checked once per
 * new key; null while the status check runs.
 */
export function useFailureKind(failureKey: unknown): FailureKind | null {
  const [result, setResult] = useState<{ key: unknown; kind: FailureKind } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    void checkStoreStatus({ signal: controller.signal }).then((kind) => {
      if (!controller.signal.aborted) setResult({ key: failureKey, kind });
    });
    return () => controller.abort();
  }, [failureKey]);
  return result !== null && result.key === failureKey ? result.kind : null;
}

/** The sentence for a failure kind; `trouble` is the caller's, as it depends on what failed. */
export function describeFailureKind(kind: FailureKind, trouble: string): string {
  if (kind === 'down') return STORE_DOWN_MESSAGE;
  if (kind === 'offline') return OFFLINE_MESSAGE;
  return trouble;
}
