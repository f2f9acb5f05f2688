import { useInfiniteQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { auditPageSchema, type AuditEvent } from '@store/contracts/admin';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { useAdminApi } from '../api/admin-api-context';
import { AdminPage } from '../components/admin-page';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { changedFields } from './changed-fields';

/** /admin/audit: every back-office write, newest first, with what changed. */
export default function AuditPage() {
  const api = useAdminApi();
  const [subjectType, setSubjectType] = useState('');
  const events = useInfiniteQuery({
    queryKey: ['admin', 'audit', subjectType],
    initialPageParam: undefined as number | undefined,
    queryFn: async ({ pageParam, signal }) => {
      const query = new URLSearchParams();
      if (pageParam) query.set('before', String(pageParam));
      if (subjectType) query.set('subjectType', subjectType);
      return auditPageSchema.parse(await api.get(`/audit?${query}`, signal));
    },
    getNextPageParam: (page) => page.next ?? undefined,
  });
  const rows = events.data?.pages.flatMap((page) => page.events) ?? [];

  return (
    <AdminPage title="Audit log" description="Every change made in the back office: who made it, when, and the record before and after.">
      <FormField label="Show changes to" className="max-w-xs">
        {(control) => (
          <select {...control} className={inputClasses} value={subjectType} onChange={(event) => setSubjectType(event.target.value)}>
            <option value="">Everything</option>
            <option value="product">Products</option>
            <option value="version">Releases</option>
            <option value="coupon">Coupons</option>
            <option value="category">Categories</option>
            <option value="administrator">Administrators</option>
          </select>
        )}
      </FormField>
      {events.isPending && <Skeleton className="h-40" />}
      {events.isError && (
        <Alert tone="error" title="The log could not be loaded">
          {errorMessage(events.error)}
        </Alert>
      )}
      {events.data && rows.length === 0 && (
        <p className="rounded-xl border border-dashed border-border/60 p-8 text-center text-secondary">Nothing has been changed yet.</p>
      )}
      {rows.length > 0 && (
        <ol className="flex flex-col gap-3">
          {rows.map((event) => (
            <AuditEntry key={event.id} event={event} />
          ))}
        </ol>
      )}
      {events.hasNextPage && (
        <Button variant="secondary" className="self-start" onClick={() => void events.fetchNextPage()} disabled={events.isFetchingNextPage}>
          {events.isFetchingNextPage ? 'Loading…' : 'Show older changes'}
        </Button>
      )}
    </AdminPage>
  );
}

function AuditEntry({ event }: { event: AuditEvent }) {
  const changes = changedFields(event.before, event.after);
  return (
    <li className="rounded-xl border border-border/40 bg-background p-4 shadow-sm dark:border-border/70">
      <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between">
        <p className="font-medium text-primary">
          <span className="font-mono text-sm">{event.action}</span> · {event.subjectType} {event.subjectId}
        </p>
        <p className="text-sm text-secondary">
          <time dateTime={event.at}>{formatDateTime(event.at)}</time> by {event.actor}
        </p>
      </div>
      {changes.length > 0 && (
        <details className="mt-2">
          <summary className="cursor-pointer text-sm font-medium text-secondary hover:text-primary">
            {changes.length} {changes.length === 1 ? 'field' : 'fields'}: {changes.map((change) => change.field).join(', ')}
          </summary>
          <dl className="mt-2 grid gap-2 text-sm">
            {changes.map((change) => (
              <div key={change.field} className="grid gap-1 rounded-lg bg-tertiary/50 p-2 sm:grid-cols-[10rem_1fr_1fr]">
                <dt className="font-semibold text-primary">{change.field}</dt>
                <dd className="break-words text-secondary">
                  <span className="sr-only">Before: </span>
                  <del className="decoration-danger/60">{change.before}</del>
                </dd>
                <dd className="break-words text-primary">
                  <span className="sr-only">After: </span>
                  <ins className="no-underline">{change.after}</ins>
                </dd>
              </div>
            ))}
          </dl>
        </details>
      )}
    </li>
  );
}
