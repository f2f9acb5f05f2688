import { useCallback, type ReactNode } from 'react';
import { Link } from 'react-router';
import type { Dashboard } from '@store/contracts/admin';
import { formatMoney } from '@store/contracts/money';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { ADMIN_AREAS } from '../admin-areas';
import { AdminCard, AdminPage } from '../components/admin-page';
import { useDashboard } from '../reports/reports-api';
import { RevenueChart } from '../reports/revenue-chart';
import { errorMessage } from '../utils/error-message';

const linkClasses = 'font-semibold text-primary underline underline-offset-2 hover:no-underline';

/** /admin: today's and this month's sales, the last 30 days, what needs the maker, and every area one click away. */
export default function AdminHome() {
  const dashboard = useDashboard();
  return (
    <AdminPage title="Overview" description="How the store is doing today and this month, and anything that needs you.">
      {dashboard.isPending ? (
        <Skeleton className="h-64 w-full" />
      ) : dashboard.isError ? (
        <Alert tone="error" title="The figures could not be loaded">
          {errorMessage(dashboard.error)} Reload the page to try again.
        </Alert>
      ) : (
        <DashboardFigures dashboard={dashboard.data} />
      )}
      <nav aria-label="Back office areas">
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3">
          {ADMIN_AREAS.map((area) => (
            <li key={area.href}>
              <Link
                to={area.href}
                className="flex h-full flex-col gap-1 rounded-xl border border-border/40 bg-background p-4 shadow-sm transition-colors hover:border-primary/40 dark:border-border/70"
              >
                <span className="font-semibold text-primary">{area.label}</span>
                <span className="text-sm text-secondary">{area.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </AdminPage>
  );
}

function Figure({ label, value, detail, name }: { label: string; value: string; detail: string; name: string }) {
  return (
    <div className="rounded-xl border border-border/40 bg-background p-4 shadow-sm dark:border-border/70">
      <dt className="text-sm text-secondary">{label}</dt>
      <dd className="mt-1 text-2xl font-bold text-primary tabular-nums" data-figure={name}>
        {value}
      </dd>
      <dd className="text-sm text-secondary">{detail}</dd>
    </div>
  );
}

const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

function DashboardFigures({ dashboard }: { dashboard: Dashboard }) {
  const money = useCallback((minor: number) => formatMoney(minor, dashboard.currency), [dashboard.currency]);
  const { today, month, problems, lyra } = dashboard;
  const problemCount = problems.failedEmails.count + problems.webhookEvents.count + problems.missingFiles.count;
  const last30 = dashboard.series.reduce((sum, day) => sum + day.netMinor, 0);
  return (
    <>
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2 xl:grid-cols-4">
        <Figure
          name="today-revenue"
          label="Today"
          value={money(today.netMinor)}
          detail={`${plural(today.orders, 'order')}, ${money(today.revenueMinor)} before refunds`}
        />
        <Figure
          name="month-revenue"
          label="This month"
          value={money(month.netMinor)}
          detail={`${plural(month.orders, 'order')}, ${money(month.revenueMinor)} before refunds`}
        />
        <Figure
          name="month-refunds"
          label="Refunds this month"
          value={money(dashboard.refunds.amountMinor)}
          detail={plural(dashboard.refunds.count, 'refund')}
        />
        <Figure name="problems" label="Open problems" value={String(problemCount)} detail={problemCount === 0 ? 'Nothing needs you' : 'Listed below'} />
      </dl>
      <p className="-mt-3 text-sm text-secondary">
        Net of refunds, before tax, in {dashboard.currency}; days in {dashboard.timeZone} time.
        {dashboard.otherCurrencyOrders > 0 && ` ${plural(dashboard.otherCurrencyOrders, 'order')} in other currencies this month are not counted.`}{' '}
        <Link to={paths.admin.reports.getHref()} className={linkClasses}>
          Open the reports
        </Link>
      </p>

      <div className="grid gap-4 xl:grid-cols-3">
        <AdminCard title="The last 30 days" className="xl:col-span-2">
          <RevenueChart
            points={dashboard.series.map((day) => ({ label: day.day, value: day.netMinor }))}
            format={money}
            summary={`Net revenue per day for the last 30 days: ${money(last30)} in all.`}
          />
        </AdminCard>
        <AdminCard title="Top products this month">
          {dashboard.topProducts.length === 0 ? (
            <p className="text-secondary">No sales yet this month.</p>
          ) : (
            <ol className="flex flex-col gap-2">
              {dashboard.topProducts.map((product) => (
                <li key={product.productId} className="flex items-baseline justify-between gap-3">
                  <Link to={paths.admin.orders.getHref({ productId: String(product.productId) })} className={linkClasses}>
                    {product.name}
                  </Link>
                  <span className="shrink-0 text-sm text-secondary tabular-nums">
                    {plural(product.units, 'unit')} · {money(product.revenueMinor)}
                  </span>
                </li>
              ))}
            </ol>
          )}
        </AdminCard>
      </div>

      <div className="grid gap-4 lg:grid-cols-2">
        <AdminCard title="Open problems">
          {problemCount === 0 ? (
            <p className="text-secondary">
              Nothing needs you: every email went out, every payment event was accepted and every file is in storage.
              {problems.missingFiles.checkedAt === null && ' (Stored files are being checked.)'}
            </p>
          ) : (
            <div className="flex flex-col gap-5">
              {problems.failedEmails.count > 0 && (
                <ProblemList title={`${plural(problems.failedEmails.count, 'email')} not delivered`} fix="Open the order to send the email again.">
                  {problems.failedEmails.latest.map((email) => (
                    <li key={email.id}>
                      {email.href ? (
                        <Link to={email.href} className={linkClasses}>
                          {email.subject}
                        </Link>
                      ) : (
                        <span className="font-semibold text-primary">{email.subject}</span>
                      )}{' '}
                      <span className="text-secondary">
                        ({email.kind}){email.lastError && `: ${email.lastError}`}
                      </span>
                    </li>
                  ))}
                </ProblemList>
              )}
              {problems.webhookEvents.count > 0 && (
                <ProblemList
                  title={`${plural(problems.webhookEvents.count, 'payment event')} refused in the last 30 days`}
                  fix="Open the order (or search for it) and check it against the payment provider."
                >
                  {problems.webhookEvents.latest.map((event) => (
                    <li key={event.eventId}>
                      {event.href ? (
                        <Link to={event.href} className={linkClasses}>
                          {event.type}
                        </Link>
                      ) : (
                        <span className="font-semibold text-primary">{event.type}</span>
                      )}{' '}
                      <span className="text-secondary">
                        {event.outcome}
                        {event.message && `: ${event.message}`}
                      </span>
                    </li>
                  ))}
                </ProblemList>
              )}
              {problems.missingFiles.count > 0 && (
                <ProblemList
                  title={`${plural(problems.missingFiles.count, 'file')} missing from storage`}
                  fix={`Upload the file again on the product's releases page. Checked ${problems.missingFiles.checkedAt ? new Date(problems.missingFiles.checkedAt).toLocaleString() : 'just now'}.`}
                >
                  {problems.missingFiles.files.map((file) => (
                    <li key={`${file.href}-${file.version}-${file.filename}`}>
                      <Link to={file.href} className={linkClasses}>
                        {file.productName} {file.version}
                      </Link>{' '}
                      <span className="text-secondary">{file.filename}</span>
                    </li>
                  ))}
                </ProblemList>
              )}
            </div>
          )}
        </AdminCard>
        <AdminCard
          title="Questions Lyra could not answer"
          description={`${plural(lyra.count, 'question')} in the last 30 days. Answer them in the store's pages so Lyra can next time.`}
        >
          {lyra.latest.length === 0 ? (
            <p className="text-secondary">Lyra answered every question.</p>
          ) : (
            <ul className="flex flex-col gap-2">
              {lyra.latest.map((question) => (
                <li key={question.id} className="text-primary">
                  “{question.question}” <span className="text-sm text-secondary">{new Date(question.createdAt).toLocaleDateString()}</span>
                </li>
              ))}
            </ul>
          )}
        </AdminCard>
      </div>
    </>
  );
}

function ProblemList({ title, fix, children }: { title: string; fix: string; children: ReactNode }) {
  return (
    <section>
      <h3 className="font-semibold text-danger">{title}</h3>
      <p className="text-sm text-secondary">{fix}</p>
      <ul className="mt-2 flex flex-col gap-1 break-words">{children}</ul>
    </section>
  );
}
