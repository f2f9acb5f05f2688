import { describeFailureKind, useFailureKind } from '#web/lib/store-status.ts';

/**
 * What the shopper can do about a failed call, from the store's status
 * (docs/behaviour/catalogue.md#when-the-products-do-not-load): try again in a minute, check the
 * connection, or — when the store itself is up — the caller's `trouble` sentence.
 */
export function FailureHint({ failureKey, trouble }: { failureKey: unknown; trouble: string }) {
  const kind = useFailureKind(failureKey);
  return <p>{kind === null ? 'Checking whether the store can be reached...' : describeFailureKind(kind, trouble)}</p>;
}
