import { useState, type ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import type { CustomerDetail } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { toast } from '#web/components/ui/toast.tsx';
import { AdminCard, AdminPage } from '../components/admin-page';
import { EmailAddress } from '../components/email-address';
import { FactList, type Fact } from '../components/facts';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { useCustomer, useEraseCustomer, useExportCustomer } from './customers-api';
import { EraseCustomerDialog } from './erase-customer-dialog';

/** A fixed label column, so the two cards' values line up. */
const FACT_ROWS = 'grid grid-cols-[8.5rem_1fr] gap-2 text-sm';

const STATUS_LABELS = { completed: 'Completed', partially_refunded: 'Partly refunded', refunded: 'Refunded' } as const;

/** /admin/customers/:customerId: everything the store holds about one customer, their data export and erasure. */
export default function CustomerPage() {
  const customerId = Number(useParams().customerId);
  const customer = useCustomer(customerId);
  const exporting = useExportCustomer(customerId);
  const erase = useEraseCustomer(customerId);
  const [erasing, setErasing] = useState(false);

  if (customer.isPending) return <Skeleton className="h-96" />;
  if (customer.isError) {
    return (
      <AdminPage title="Customer">
        <Alert tone="error" title="This customer could not be loaded">
          {errorMessage(customer.error)}
        </Alert>
      </AdminPage>
    );
  }
  const data = customer.data;
  const { customer: person } = data;
  const erased = person.erasedAt !== null;
  const name = [person.firstName, person.lastName].filter(Boolean).join(' ');

  const exportData = () =>
    exporting.mutate(undefined, {
      onSuccess: () => toast({ tone: 'success', title: 'Data exported', description: `customer-${customerId}.json is in your downloads.` }),
      onError: (error) => toast({ tone: 'error', title: 'The export failed', description: errorMessage(error) }),
    });

  return (
    <AdminPage
      title={erased ? 'Erased customer' : name || person.email}
      description={
        erased ? (
          <>
            Personal data erased on <time dateTime={person.erasedAt!}>{formatDateTime(person.erasedAt!)}</time>. The orders stay for the accounts.
          </>
        ) : (
          <EmailAddress email={person.email} />
        )
      }
      actions={
        <>
          <Link to={paths.admin.customers.getHref()} className="self-center text-sm font-medium text-secondary underline-offset-2 hover:underline">
            All customers
          </Link>
          <Button variant="secondary" onClick={exportData} disabled={exporting.isPending}>
            {exporting.isPending ? 'Exporting…' : 'Export data (JSON)'}
          </Button>
        </>
      }
    >
      <div className="grid gap-6 lg:grid-cols-2">
        <AdminCard title="Details">
          <FactList
            className={FACT_ROWS}
            facts={[
              ['Email', erased ? <em>Erased</em> : <EmailAddress email={person.email} />],
              ['Name', name || '—'],
              ['Country', person.country ?? '—'],
              ['Address', [person.city, person.region, person.postalCode].filter(Boolean).join(', ') || '—'],
              ['Customer since', <time dateTime={person.createdAt}>{formatDateTime(person.createdAt)}</time>],
              [
                'Revenue',
                <>
                  {formatMoney(data.revenueMinor, data.currency)}
                  {data.refundedMinor > 0 && `, ${formatMoney(data.refundedMinor, data.currency)} refunded`}
                </>,
              ],
            ]}
          />
        </AdminCard>
        <AdminCard title="Sign-in and consent">
          <FactList
            className={FACT_ROWS}
            facts={[
              ...accountFacts(data.account),
              [
                'Release emails',
                <>
                  {data.marketing.releaseEmails ? 'Yes' : 'No'}
                  {data.marketing.since && (
                    <>
                      , since <time dateTime={data.marketing.since}>{formatDateTime(data.marketing.since)}</time>
                    </>
                  )}
                </>,
              ],
            ]}
          />
        </AdminCard>
      </div>

      <AdminCard title={`Orders (${data.orders.length})`}>
        {data.orders.length === 0 ? (
          <p className="text-sm text-secondary">No orders.</p>
        ) : (
          <ul className="divide-y divide-border/40 dark:divide-border/70">
            {data.orders.map((order) => (
              <li key={order.id} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:items-baseline sm:justify-between">
                <div className="min-w-0">
                  <Link to={paths.admin.order.getHref(order.id)} className="font-mono font-medium text-primary underline-offset-2 hover:underline">
                    {order.reference}
                  </Link>
                  <span className="ml-2 text-secondary">{order.products.join(', ')}</span>
                  {order.kind === 'complimentary' && <Badge>Complimentary</Badge>}
                  {order.status !== 'completed' && <Badge>{STATUS_LABELS[order.status]}</Badge>}
                </div>
                <div className="flex gap-3 text-secondary">
                  <span className="text-primary">{formatMoney(order.totalMinor, order.currency)}</span>
                  <time dateTime={order.completedAt}>{formatDateTime(order.completedAt)}</time>
                </div>
              </li>
            ))}
          </ul>
        )}
      </AdminCard>

      <AdminCard title={`Licences (${data.licences.length})`}>
        {data.licences.length === 0 ? (
          <p className="text-sm text-secondary">No licences.</p>
        ) : (
          <ul className="divide-y divide-border/40 dark:divide-border/70">
            {data.licences.map((licence) => {
              const active = licence.machines.filter((machine) => machine.releasedAt === null);
              return (
                <li key={licence.id} className="py-3 text-sm">
                  <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
                    <Link
                      to={paths.admin.licence.getHref(licence.id)}
                      className="font-mono font-medium break-all text-primary underline-offset-2 hover:underline"
                    >
                      {licence.key}
                    </Link>
                    <span className="text-secondary">{licence.productName}</span>
                    {licence.type !== 'perpetual' && <Badge>{licence.type === 'trial' ? 'Trial' : 'Not for resale'}</Badge>}
                    {licence.status === 'revoked' && <Badge>Revoked</Badge>}
                    <span className="text-secondary">
                      {active.length} of {licence.seats} {licence.seats === 1 ? 'computer' : 'computers'} in use
                    </span>
                  </div>
                  {active.length > 0 && (
                    <ul className="mt-1 pl-4 text-secondary">
                      {active.map((machine) => (
                        <li key={machine.id}>
                          {machine.name ?? 'Unnamed computer'}
                          {machine.platform && ` · ${machine.platform}`}
                          {machine.appVersion && ` · version ${machine.appVersion}`} · last seen{' '}
                          <time dateTime={machine.lastSeenAt}>{formatDateTime(machine.lastSeenAt)}</time>
                        </li>
                      ))}
                    </ul>
                  )}
                </li>
              );
            })}
          </ul>
        )}
      </AdminCard>

      <div className="grid gap-6 lg:grid-cols-2">
        <AdminCard title={`Downloads (${data.downloads.length})`}>
          {data.downloads.length === 0 ? (
            <p className="text-sm text-secondary">Nothing downloaded from the account area yet.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {data.downloads.map((download, index) => (
                <li key={index}>
                  <span className="text-primary">
                    {download.productName} {download.version}
                  </span>
                  <span className="text-secondary">
                    {download.filename && ` · ${download.filename}`}
                    {download.os && ` · ${download.os}`} · <time dateTime={download.at}>{formatDateTime(download.at)}</time>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>
        <AdminCard title={`Emails (${data.emails.length})`}>
          {data.emails.length === 0 ? (
            <p className="text-sm text-secondary">No emails sent.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {data.emails.map((email) => (
                <li key={email.id} className="flex flex-col">
                  {email.href ? (
                    <a href={email.href} target="_blank" rel="noreferrer" className="font-medium break-words text-primary underline-offset-2 hover:underline">
                      {email.subject}
                    </a>
                  ) : (
                    <span className="font-medium break-words text-primary">{email.subject}</span>
                  )}
                  <span className="text-secondary">
                    {email.kind} · {email.status} · <time dateTime={email.createdAt}>{formatDateTime(email.createdAt)}</time>
                    {email.lastError && ` · ${email.lastError}`}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>
      </div>

      {!erased && (
        <section aria-labelledby="danger-zone" className="rounded-xl border border-danger/60 p-4 sm:p-6">
          <h2 id="danger-zone" className="text-lg font-semibold text-primary">
            Danger zone
          </h2>
          <p className="mt-1 text-sm text-secondary">
            When a customer asks to be forgotten: their personal data is erased everywhere in the store; their orders’ amounts stay for the accounts and their
            licences keep working.
          </p>
          {data.administrator ? (
            <p className="mt-3 text-sm text-primary">This address is an administrator’s: remove their administrator role first, then erase their data.</p>
          ) : (
            <Button variant="danger" className="mt-3" onClick={() => setErasing(true)}>
              Erase personal data…
            </Button>
          )}
        </section>
      )}
      {erasing && (
        <EraseCustomerDialog
          email={person.email}
          onClose={() => setErasing(false)}
          onErase={async (confirmEmail) => {
            const result = await erase.mutateAsync(confirmEmail);
            setErasing(false);
            toast({ tone: 'success', title: 'Personal data erased', description: result.message });
            return result;
          }}
        />
      )}
    </AdminPage>
  );
}

function Badge({ children }: { children: ReactNode }) {
  return <span className="ml-2 inline-block rounded-full bg-tertiary px-2 py-0.5 text-xs font-medium text-primary">{children}</span>;
}

function accountFacts(account: CustomerDetail['account']): Fact[] {
  if (account.provider === 'external') return [['Sign-in account', 'Managed by the identity provider']];
  if (!account.account) return [['Sign-in account', 'None: they have not signed up']];
  const { emailVerified, createdAt, lastSignedInAt } = account.account;
  return [
    [
      'Sign-in account',
      <>
        {emailVerified ? 'Verified' : 'Not verified'}, created <time dateTime={createdAt}>{formatDateTime(createdAt)}</time>
      </>,
    ],
    ['Last sign-in', lastSignedInAt ? <time dateTime={lastSignedInAt}>{formatDateTime(lastSignedInAt)}</time> : 'Never'],
  ];
}
