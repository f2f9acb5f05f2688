import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { errorMessage } from '../utils/error-message';

interface ListQuery {
  isPending: boolean;
  isError: boolean;
  error: unknown;
}

/**
 * What stands in for a list that is not there yet: a placeholder while it loads, or why it failed.
 * `enabled` is false while the query cannot run (its filters are invalid): it stays pending then, with nothing to wait for.
 */
export function ListStatus({
  query,
  skeletonClassName,
  errorTitle,
  errorHint,
  enabled = true,
}: {
  query: ListQuery;
  skeletonClassName: string;
  errorTitle: string;
  /** Said after the error: what the admin can do about it. */
  errorHint?: string;
  enabled?: boolean;
}) {
  return (
    <>
      {enabled && query.isPending && <Skeleton className={skeletonClassName} />}
      {query.isError && (
        <Alert tone="error" title={errorTitle}>
          {errorMessage(query.error)}
          {errorHint && ` ${errorHint}`}
        </Alert>
      )}
    </>
  );
}

interface PagedQuery {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

/** The next page of an infinite list, shown while there is one. */
export function LoadMoreButton({
  query,
  label,
  loadingLabel = 'Loading…',
  align = 'start',
}: {
  query: PagedQuery;
  label: string;
  loadingLabel?: string;
  align?: 'start' | 'center';
}) {
  if (!query.hasNextPage) return null;
  const button = (
    <Button
      variant="secondary"
      className={align === 'start' ? 'self-start' : undefined}
      onClick={() => void query.fetchNextPage()}
      disabled={query.isFetchingNextPage}
    >
      {query.isFetchingNextPage ? loadingLabel : label}
    </Button>
  );
  return align === 'start' ? button : <div className="flex justify-center">{button}</div>;
}
