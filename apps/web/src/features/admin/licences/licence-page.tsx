import { useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { MAX_TRIAL_EXTENSION_DAYS, type AdminMachine, type LicenceDetail } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminCard, AdminPage } from '../components/admin-page';
import { FactTiles } from '../components/facts';
import { FormField, inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { expiryLabel, LicenceStatusBadge, TYPE_LABELS } from './licence-display';
import { useLicence, useLicenceAction, type LicenceAction } from './licences-api';

const PLATFORMS: Record<string, string> = { macos: 'macOS', windows: 'Windows', linux: 'Linux' };
const machineLabel = (machine: AdminMachine) => machine.name ?? (machine.platform ? `${PLATFORMS[machine.platform]} computer` : 'Unnamed computer');

/** /admin/licences/:licenceId: one licence, its computers and history, and what can be done to it. */
export default function LicencePage() {
  const licenceId = Number(useParams().licenceId);
  const licence = useLicence(licenceId);
  if (licence.isPending) return <Skeleton className="h-64" />;
  if (licence.isError)
    return (
      <AdminPage title="Licence">
        <Alert tone="error" title="This licence could not be loaded">
          {errorMessage(licence.error)}
        </Alert>
      </AdminPage>
    );
  return <LicenceView detail={licence.data} />;
}

type Dialog = { kind: 'free'; machine: AdminMachine } | { kind: 'revoke' } | null;

function LicenceView({ detail }: { detail: LicenceDetail }) {
  const { licence, customer, order, status } = detail;
  const action = useLicenceAction(licence.id);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [days, setDays] = useState('14');
  const daysId = useId();
  const active = licence.machines.filter((machine) => machine.releasedAt === null);

  const run = (next: LicenceAction, done: string, failed: string) =>
    action.mutate(next, {
      onSuccess: () => {
        toast({ tone: 'success', title: done });
        setDialog(null);
        setReason('');
      },
      onError: (error) => {
        toast({ tone: 'error', title: failed, description: errorMessage(error) });
        setDialog(null);
      },
    });

  const pending = (kind: LicenceAction['kind']) => action.isPending && action.variables?.kind === kind;

  return (
    <AdminPage
      title={`Licence ${licence.key}`}
      description={
        <>
          {licence.productName} · {TYPE_LABELS[licence.type]} · {licence.seats} computer{licence.seats === 1 ? '' : 's'}
        </>
      }
    >
      <AdminCard>
        <FactTiles
          className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3"
          labelClassName="text-sm text-secondary"
          valueClassName="mt-1"
          facts={[
            [
              'Key',
              <>
                <span className="font-mono text-lg font-semibold break-all">{licence.key}</span>
                <CopyButton value={licence.key} label="the licence key" />
              </>,
              'flex flex-wrap items-center gap-2',
            ],
            [
              'Status',
              <>
                <LicenceStatusBadge status={status} />
                {licence.revokedAt && <span className="ml-2 text-sm text-secondary">since {formatDateTime(licence.revokedAt)}</span>}
              </>,
            ],
            ['Ends', expiryLabel(licence.expiresAt)],
            [
              'Customer',
              <Link to={paths.admin.customer.getHref(customer.id)} className="text-primary underline underline-offset-2">
                {customer.erased ? 'Erased customer' : customer.email}
              </Link>,
              'break-all',
            ],
            [
              'Order',
              <>
                <Link to={paths.admin.order.getHref(order.id)} className="font-mono text-primary underline underline-offset-2">
                  {order.reference}
                </Link>
                {order.kind === 'complimentary' && <span className="ml-2 text-sm text-secondary">Complimentary</span>}
              </>,
            ],
            ['Issued', formatDateTime(licence.createdAt)],
          ]}
        />
      </AdminCard>

      <AdminCard title="Actions">
        <div className="flex flex-col gap-4">
          {licence.status === 'active' ? (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-secondary">Revoking stops the plugin on every computer at its next check.</p>
              <Button variant="danger" onClick={() => setDialog({ kind: 'revoke' })} disabled={action.isPending}>
                {pending('revoke') ? 'Revoking…' : 'Revoke licence'}
              </Button>
            </div>
          ) : detail.restoreBlocked ? (
            <Alert tone="warning" title="This licence cannot be restored">
              {detail.restoreBlocked}
            </Alert>
          ) : (
            <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
              <p className="text-sm text-secondary">Restoring makes the key work again; the customer activates their computers again.</p>
              <Button onClick={() => run({ kind: 'restore' }, 'The licence is active again', 'The licence was not restored')} disabled={action.isPending}>
                {pending('restore') ? 'Restoring…' : 'Restore licence'}
              </Button>
            </div>
          )}
          {licence.type === 'trial' && (
            <form
              className="flex flex-col gap-2 sm:flex-row sm:items-end"
              onSubmit={(event) => {
                event.preventDefault();
                run({ kind: 'extend-trial', body: { days: Number(days) } }, 'The trial was extended', 'The trial was not extended');
              }}
            >
              <div className="flex flex-col gap-1.5">
                <label htmlFor={daysId} className="text-sm font-semibold text-primary">
                  Extend the trial by (days)
                </label>
                <input
                  id={daysId}
                  type="number"
                  min={1}
                  max={MAX_TRIAL_EXTENSION_DAYS}
                  required
                  className={`${inputClasses} sm:w-32`}
                  value={days}
                  onChange={(event) => setDays(event.target.value)}
                />
              </div>
              <Button type="submit" variant="secondary" disabled={action.isPending}>
                {pending('extend-trial') ? 'Extending…' : 'Extend trial'}
              </Button>
            </form>
          )}
        </div>
      </AdminCard>

      <AdminCard
        title={`Computers (${active.length} of ${licence.seats})`}
        description="Freeing a computer gives its seat back without counting against the customer’s own deactivations."
      >
        {active.length === 0 ? (
          <p className="text-secondary">No computer is active on this licence.</p>
        ) : (
          <ul className="divide-y divide-border/40 dark:divide-border/70">
            {active.map((machine) => (
              <li key={machine.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-primary">{machineLabel(machine)}</p>
                  <p className="text-sm text-secondary">
                    {machine.platform ? `${PLATFORMS[machine.platform]} · ` : ''}
                    {machine.appVersion ? `version ${machine.appVersion} · ` : ''}activated {formatDateTime(machine.activatedAt)} · last seen{' '}
                    {formatDateTime(machine.lastSeenAt)}
                  </p>
                </div>
                <Button
                  variant="secondary"
                  size="sm"
                  onClick={() => setDialog({ kind: 'free', machine })}
                  disabled={action.isPending}
                  aria-label={`Free ${machineLabel(machine)}`}
                >
                  {pending('free') && action.variables?.kind === 'free' && action.variables.machineId === machine.id ? 'Freeing…' : 'Free this computer'}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>

      <AdminCard title="History">
        <ol className="flex flex-col gap-3" aria-label="Licence history, newest first">
          {detail.history.map((entry, index) => (
            <li key={`${entry.at}-${index}`} className="border-l-2 border-border/60 pl-3">
              <p className="text-primary">{entry.summary}</p>
              <p className="text-sm text-secondary">
                <time dateTime={entry.at}>{formatDateTime(entry.at)}</time>
                {entry.actor && <> · by {entry.actor}</>}
              </p>
            </li>
          ))}
        </ol>
      </AdminCard>

      {dialog?.kind === 'free' && (
        <ConfirmDialog
          title={`Free ${machineLabel(dialog.machine)}?`}
          confirmLabel={action.isPending ? 'Freeing…' : 'Free this computer'}
          onConfirm={() => run({ kind: 'free', machineId: dialog.machine.id }, `${machineLabel(dialog.machine)} was freed`, 'The computer was not freed')}
          onCancel={() => setDialog(null)}
        >
          <p>
            Its seat is given back at once. The plugin on that computer stops working at its next check; the customer can activate it (or another computer)
            again. This does not count against their own deactivations.
          </p>
        </ConfirmDialog>
      )}
      {dialog?.kind === 'revoke' && (
        <ConfirmDialog
          title={`Revoke ${licence.key}?`}
          confirmLabel={action.isPending ? 'Revoking…' : 'Revoke licence'}
          onConfirm={() => {
            if (!reason.trim()) {
              setReasonError('Say why the licence is revoked: it is kept in its history.');
              return;
            }
            run({ kind: 'revoke', reason: reason.trim() }, 'The licence was revoked', 'The licence was not revoked');
          }}
          onCancel={() => {
            setDialog(null);
            setReasonError(null);
          }}
        >
          <p>
            The plugin stops working on every computer at its next check, and its {active.length} active computer{active.length === 1 ? ' is' : 's are'}{' '}
            released. You can restore it later unless its purchase is refunded.
          </p>
          <FormField label="Reason" className="mt-4" error={reasonError ?? undefined}>
            {(control) => (
              <textarea
                {...control}
                className={inputClasses}
                rows={2}
                maxLength={500}
                value={reason}
                onChange={(event) => {
                  setReason(event.target.value);
                  setReasonError(null);
                }}
              />
            )}
          </FormField>
        </ConfirmDialog>
      )}
    </AdminPage>
  );
}
