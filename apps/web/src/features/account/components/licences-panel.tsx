import type { AccountData } from '@store/contracts/account';
import type { LicensingMachine } from '@store/contracts/licensing';
import { useState } from 'react';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { ConfirmDialog } from '#web/components/ui/confirm-dialog.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { useDeactivateMachine } from '../api/deactivate-machine';
import { useAccountLicences, type AccountLicenceWithMachines } from '../api/get-account-licences';
import { activationsLabel, deactivationsLeftText, formatLongDate, freedMessage, platformLabel, relativeTime, trialLabel } from '../utils/computers';
import { formatDate, licenceStatusTone } from '../utils/format';
import { Badge, Panel } from './badge';

type AccountLicence = AccountData['licensespring_licenses'][number];

/** Where the panel reads each licence's computers from: the signed-in shopper's token. */
export interface LicenceComputersSource {
  subject: string;
  getAccessToken: () => Promise<string>;
}

export const UNNAMED_COMPUTER = 'Unnamed computer';

/**
 * The Licenses panel (docs/behaviour/account.md#licences): each key with its status and, when the
 * shopper's token is at hand, the computers it is active on with a Deactivate button for each
 * (docs/behaviour/account.md#computers).
 */
export function LicencesPanel({ licences, computers }: { licences: AccountLicence[]; computers?: LicenceComputersSource }) {
  return (
    <Panel title="Licenses" id="licenses-heading">
      {licences.length === 0 ? (
        <p className="text-secondary">No licence keys yet. Products sold with a licence come with a key for up to 3 computers.</p>
      ) : computers ? (
        <LicencesWithComputers licences={licences} source={computers} />
      ) : (
        <LicenceList licences={licences} />
      )}
    </Panel>
  );
}

function LicenceList({ licences, details }: { licences: AccountLicence[]; details?: (licence: AccountLicence) => React.ReactNode }) {
  return (
    <ul className="divide-y divide-border/40 dark:divide-border/70">
      {licences.map((licence) => {
        // Without the licence's computers (none asked for, or not in the answer) the account's summary line stands.
        const extra = details?.(licence);
        return (
          <li key={licence.license_key} className="py-4 first:pt-0 last:pb-0" aria-label={`${licence.product_name} licence`}>
            <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
              <div className="min-w-0 flex-1">
                <div className="flex flex-wrap items-center gap-2">
                  <p className="font-semibold">{licence.product_name}</p>
                  <Badge tone={licenceStatusTone(licence.status)}>{licence.status}</Badge>
                </div>
                <p className="mt-1 font-mono text-sm break-all text-primary" aria-label={`Licence key for ${licence.product_name}`}>
                  {licence.license_key}
                </p>
                {!extra && (
                  <p className="mt-1 text-xs text-secondary">
                    {licence.expiration ? `Expires ${formatDate(licence.expiration)}` : 'Perpetual'} · Activate on up to 3 computers
                    {licence.activations_used !== null ? ` · ${licence.activations_used} used` : ''}
                  </p>
                )}
              </div>
              <CopyButton value={licence.license_key} label={`licence key for ${licence.product_name}`} />
            </div>
            {extra}
          </li>
        );
      })}
    </ul>
  );
}

function LicencesWithComputers({ licences, source }: { licences: AccountLicence[]; source: LicenceComputersSource }) {
  const query = useAccountLicences({ ...source, enabled: true });
  const byKey = new Map((query.data?.licenses ?? []).map((licence) => [licence.licenseKey, licence]));
  return (
    <>
      {query.isError && (
        <div className="mb-4">
          <Alert tone="error" title="Your computers could not be loaded">
            <p>{errorText(query.error, 'Check your connection and try again.')}</p>
            <Button variant="secondary" size="sm" className="mt-3" onClick={() => void query.refetch()}>
              Try again
            </Button>
          </Alert>
        </div>
      )}
      <LicenceList
        licences={licences}
        details={(licence) => {
          const detail = byKey.get(licence.license_key);
          if (detail) return <LicenceComputers licence={detail} source={source} />;
          if (query.isPending) return <p className="mt-2 text-sm text-secondary">Loading computers…</p>;
          return null;
        }}
      />
    </>
  );
}

function LicenceComputers({ licence, source }: { licence: AccountLicenceWithMachines; source: LicenceComputersSource }) {
  const now = new Date();
  const [confirming, setConfirming] = useState<LicensingMachine | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const deactivate = useDeactivateMachine(source);
  const revoked = licence.status === 'revoked';
  const trial = trialLabel(licence, now);
  const nameOf = (machine: LicensingMachine) => machine.name ?? UNNAMED_COMPUTER;

  const confirm = (machine: LicensingMachine) => {
    setConfirming(null);
    setRefusal(null);
    deactivate.mutate(
      { licenseKey: licence.licenseKey, machineId: machine.id },
      {
        onSuccess: () => toast({ tone: 'success', title: freedMessage(nameOf(machine), Math.max(0, licence.deactivationsLeft - 1)) }),
        onError: (error) => setRefusal(errorText(error, `“${nameOf(machine)}” was not deactivated. Check your connection and try again.`)),
      },
    );
  };

  return (
    <div className="mt-3">
      <p className="text-sm text-secondary">
        {[
          trial ?? (licence.expiresAt ? `Expires ${formatLongDate(licence.expiresAt)}` : 'Perpetual'),
          activationsLabel(licence.activationsUsed, licence.maxMachines),
        ]
          .concat(licence.upgradedFrom ? [`Upgraded from ${licence.upgradedFrom}`] : [])
          .join(' · ')}
      </p>
      {refusal && (
        <div className="mt-3">
          <Alert tone="error" title="Not deactivated">
            <p>{refusal}</p>
          </Alert>
        </div>
      )}
      {licence.machines.length === 0 ? (
        !revoked && (
          <div className="mt-3 rounded-lg border border-dashed border-border px-4 py-3 text-sm">
            <p className="font-semibold">Not activated on any computer yet</p>
            <p className="mt-1 text-secondary">To activate, open the plugin on your computer and enter this licence key when it asks for one.</p>
          </div>
        )
      ) : (
        <ul className="mt-3 space-y-2" aria-label={`Computers using the ${licence.productName} licence`}>
          {licence.machines.map((machine) => {
            const platform = platformLabel(machine.platform);
            const pending = deactivate.isPending && deactivate.variables?.machineId === machine.id;
            return (
              <li
                key={machine.id}
                className="flex flex-col gap-3 rounded-lg border border-border/40 bg-background p-3 sm:flex-row sm:items-center dark:border-border/70"
              >
                <div className="min-w-0 flex-1 text-sm">
                  <p className="font-semibold break-words">
                    {nameOf(machine)}
                    {platform && <span className="font-normal text-secondary"> · {platform}</span>}
                  </p>
                  <p className="text-secondary">
                    Activated {formatLongDate(machine.activatedAt)} · Last seen {relativeTime(machine.lastSeenAt, now)} ({formatLongDate(machine.lastSeenAt)})
                  </p>
                </div>
                {!revoked && (
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={deactivate.isPending}
                    aria-label={`Deactivate ${nameOf(machine)}`}
                    onClick={() => setConfirming(machine)}
                  >
                    {pending ? 'Deactivating…' : 'Deactivate'}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      {!revoked && licence.deactivationsLeft === 0 && licence.nextDeactivationAt && (
        <p className="mt-2 text-sm text-secondary">No deactivations left until {formatLongDate(licence.nextDeactivationAt)}.</p>
      )}
      {confirming && (
        <ConfirmDialog
          title={`Deactivate “${nameOf(confirming)}”?`}
          confirmLabel="Deactivate"
          onConfirm={() => confirm(confirming)}
          onCancel={() => setConfirming(null)}
        >
          <p>
            {licence.productName} stops working on this computer until you enter the key there again, and the seat is free for another computer.{' '}
            {deactivationsLeftText(licence.deactivationsLeft)}
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}

/** The server's own message (it says what to do, e.g. the date the next deactivation is possible), else `fallback`. */
function errorText(error: unknown, fallback: string): string {
  return error instanceof ApiError && error.serverMessage ? error.serverMessage : fallback;
}
