import type { AccountData } from '@store/contracts/account';
import type { ReactNode } from 'react';
import type { AccountUser } from '../types';
import { Badge, Panel } from './badge';
import { ReleaseEmailsChoice } from './release-emails-choice';

export function ProfileTab({
  user,
  data,
  avatar,
  getAccessToken,
}: {
  user: AccountUser;
  data: AccountData | null;
  avatar: ReactNode;
  getAccessToken: () => Promise<string>;
}) {
  const info = data?.customer_info;
  const fields: Array<[string, string]> = [
    ['Display name', user.name || info?.full_name || '—'],
    ['First name', info?.first_name || user.givenName || '—'],
    ['Last name', info?.last_name || user.familyName || '—'],
  ];
  const totals: Array<[string, number]> = [
    ['Orders', data?.total_orders ?? 0],
    ['Products', data?.total_products ?? 0],
    ['Files', data?.total_files ?? 0],
    ['Licenses', data?.total_licenses ?? 0],
  ];
  return (
    <div className="space-y-6">
      <Panel title="Profile" id="profile-heading">
        <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
          <div className="shrink-0">{avatar}</div>
          <dl className="grid min-w-0 flex-1 gap-x-6 gap-y-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              <dt className="text-sm text-secondary">Email</dt>
              <dd className="mt-0.5 flex flex-wrap items-center gap-2 font-semibold break-all">
                {user.email}
                {user.emailVerified ? <Badge tone="green">Verified</Badge> : <Badge tone="grey">Not verified</Badge>}
              </dd>
            </div>
            {fields.map(([label, value]) => (
              <div key={label}>
                <dt className="text-sm text-secondary">{label}</dt>
                <dd className="mt-0.5 font-semibold break-words">{value}</dd>
              </div>
            ))}
          </dl>
        </div>
      </Panel>
      <Panel title="Emails" id="emails-heading">
        <ReleaseEmailsChoice subject={user.sub} getAccessToken={getAccessToken} />
      </Panel>
      <Panel title="Purchase Summary" id="purchase-summary-heading">
        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
          {totals.map(([label, value]) => (
            <div key={label} className="rounded-xl border border-border/40 bg-background p-4 dark:border-border/70">
              <dt className="text-sm text-secondary">{label}</dt>
              <dd className="mt-1 text-2xl font-bold">{value}</dd>
            </div>
          ))}
        </dl>
      </Panel>
    </div>
  );
}
