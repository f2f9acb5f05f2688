import type { ColumnDef } from '@tanstack/react-table';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import type { AdminEmail, AdminLicence, AdminMachine, AdminOrderLine, AdminRefundRequest, AdminWebhookEvent, OrderDetail } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { Alert } from '#web/components/ui/alert.tsx';
import { Button } from '#web/components/ui/button.tsx';
import { CopyButton } from '#web/components/ui/copy-button.tsx';
import { Skeleton } from '#web/components/ui/skeleton.tsx';
import { AdminCard, AdminPage } from '../components/admin-page';
import { EmailAddress } from '../components/email-address';
import { DataTable } from '../components/data-table';
import { FactList, FactTiles } from '../components/facts';
import { errorMessage } from '../utils/error-message';
import { formatDateTime } from '../utils/format';
import { Badge, ComplimentaryBadge, lineRevenue, money, OrderStatusBadge, PLATFORM_LABELS, plural, PROVIDER_LABELS, type BadgeTone } from './order-display';
import { refundPending, useOrder, useResendConfirmation } from './orders-api';
import { RefundDialog } from './refund-dialog';

/** /admin/orders/:orderId: everything about one order, with its two actions (resend the confirmation, refund). */
export default function OrderPage() {
  const orderId = Number(useParams().orderId);
  const valid = Number.isSafeInteger(orderId) && orderId > 0;
  if (!valid) {
    return (
      <AdminPage title="Order not found">
        <Alert tone="error" title="This address names no order">
          <Link to={paths.admin.orders.getHref()}>Go to the orders</Link> and search for it.
        </Alert>
      </AdminPage>
    );
  }
  return <OrderDetailPage orderId={orderId} />;
}

function OrderDetailPage({ orderId }: { orderId: number }) {
  const order = useOrder(orderId);
  if (order.isPending) {
    return (
      <AdminPage title="Order">
        <Skeleton className="h-96" />
      </AdminPage>
    );
  }
  if (order.isError) {
    return (
      <AdminPage title="Order">
        <Alert tone="error" title="The order could not be loaded">
          {errorMessage(order.error)} <Link to={paths.admin.orders.getHref()}>Back to the orders</Link>.
        </Alert>
      </AdminPage>
    );
  }
  return <OrderView detail={order.data} />;
}

function OrderView({ detail }: { detail: OrderDetail }) {
  const { order, customer } = detail;
  const [refunding, setRefunding] = useState(false);
  const resend = useResendConfirmation(order.id);
  const provider = PROVIDER_LABELS[order.provider];

  return (
    <AdminPage
      title={`Order ${order.reference}`}
      description={
        <span className="flex flex-wrap items-center gap-2">
          <OrderStatusBadge status={order.status} />
          {order.kind === 'complimentary' && <ComplimentaryBadge />}
          {!order.live && <Badge tone="neutral">Test order</Badge>}
          <span>
            <time dateTime={order.completedAt}>{formatDateTime(order.completedAt)}</time> · {money(order.totalMinor, order.currency)}
          </span>
        </span>
      }
      actions={
        <>
          <Button variant="secondary" onClick={() => resend.mutate()} disabled={resend.isPending}>
            {resend.isPending ? 'Sending…' : 'Resend confirmation email'}
          </Button>
          {detail.refund.available && (
            <Button variant="danger" onClick={() => setRefunding(true)}>
              Refund…
            </Button>
          )}
        </>
      }
    >
      <p className="-mt-3 text-sm">
        <Link to={paths.admin.orders.getHref()} className="font-medium text-primary underline underline-offset-2">
          ← All orders
        </Link>
      </p>
      {!detail.refund.available && detail.refund.reason && (
        <Alert tone="info" title="No refund from here">
          {detail.refund.reason}
        </Alert>
      )}
      {refundPending(detail) && !refunding && (
        <Alert tone="info" title={`A refund is waiting for ${provider} to confirm`}>
          This page updates when it does; the licences and downloads are revoked then.
        </Alert>
      )}
      {resend.isSuccess && (
        <Alert tone="success" title={`Queued to ${resend.data.email.toAddress}`}>
          {resend.data.message}
        </Alert>
      )}
      {resend.isError && (
        <Alert tone="error" title="The confirmation email was not sent again">
          {errorMessage(resend.error)}
        </Alert>
      )}

      <div className="grid gap-6 xl:grid-cols-2">
        <AdminCard title="Summary">
          <FactList
            facts={[
              ['Subtotal', money(order.subtotalMinor, order.currency)],
              ['Discount', order.discountMinor > 0 ? `−${money(order.discountMinor, order.currency)}` : '—'],
              ['Tax', money(order.taxMinor, order.currency)],
              ['Total', <strong key="total">{money(order.totalMinor, order.currency)}</strong>],
              ['Refunded', order.refundedMinor > 0 ? money(order.refundedMinor, order.currency) : '—'],
              ['Coupons', order.couponCodes.length > 0 ? <span className="font-mono">{order.couponCodes.join(', ')}</span> : '—'],
              ['Paid through', provider],
              ['Provider order id', <span className="font-mono break-all">{order.providerOrderId}</span>],
            ]}
          />
        </AdminCard>
        <AdminCard title="Customer">
          {customer.erased && (
            <p className="mb-3">
              <Badge tone="neutral">Erased customer</Badge>
            </p>
          )}
          <FactList
            facts={[
              ['Email', <EmailAddress email={customer.email} />],
              ['Name', customer.name ?? '—'],
              ['Country', customer.country ?? '—'],
            ]}
          />
          <p className="mt-4 text-sm">
            <Link to={paths.admin.customer.getHref(customer.id)} className="font-medium text-primary underline underline-offset-2">
              Open the customer
            </Link>
          </p>
        </AdminCard>
      </div>

      <AdminCard title="Lines">
        <DataTable caption="Order lines" columns={lineColumns(order.currency)} data={detail.lines} rowKey={(line) => String(line.id)} empty="No lines." />
      </AdminCard>

      <AdminCard title="Licences" description={detail.licences.length > 0 ? undefined : 'This order issued no licence keys.'}>
        {detail.licences.length > 0 && (
          <ul className="flex flex-col gap-4">
            {detail.licences.map((licence) => (
              <LicenceItem key={licence.id} licence={licence} />
            ))}
          </ul>
        )}
      </AdminCard>

      <AdminCard title="Downloads">
        <DataTable
          caption="Downloads"
          columns={DOWNLOAD_COLUMNS}
          data={detail.downloads}
          rowKey={(download) => `${download.at}-${download.productName}-${download.filename ?? ''}`}
          empty="Nothing downloaded yet."
        />
      </AdminCard>

      <AdminCard title="Emails">
        <DataTable
          caption="Emails sent for this order"
          columns={EMAIL_COLUMNS}
          data={detail.emails}
          rowKey={(email) => String(email.id)}
          empty="No email yet."
        />
      </AdminCard>

      <AdminCard title="Payment-provider events">
        <DataTable
          caption="Payment-provider events"
          columns={EVENT_COLUMNS}
          data={detail.webhookEvents}
          rowKey={(event) => event.eventId}
          empty="No event received for this order."
        />
      </AdminCard>

      <AdminCard title="Refunds">
        <RefundsSection detail={detail} />
      </AdminCard>

      {refunding && <RefundDialog detail={detail} onClose={() => setRefunding(false)} />}
    </AdminPage>
  );
}

const dateCell = (iso: string | null) => (iso ? <time dateTime={iso}>{formatDateTime(iso)}</time> : '—');

function lineColumns(currency: string): ColumnDef<AdminOrderLine, unknown>[] {
  return [
    { header: 'Product', id: 'product', enableSorting: false, cell: ({ row }) => <span className="font-medium">{row.original.display}</span> },
    { header: 'Quantity', id: 'quantity', enableSorting: false, cell: ({ row }) => <span className="tabular-nums">{row.original.quantity}</span> },
    {
      header: 'Unit price',
      id: 'unit',
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{money(Math.round(row.original.subtotalMinor / row.original.quantity), currency)}</span>,
    },
    {
      header: 'Discount',
      id: 'discount',
      enableSorting: false,
      cell: ({ row }) => <span className="tabular-nums">{row.original.discountMinor > 0 ? `−${money(row.original.discountMinor, currency)}` : '—'}</span>,
    },
    {
      header: 'Line total',
      id: 'total',
      enableSorting: false,
      cell: ({ row }) => <span className="font-medium tabular-nums">{money(lineRevenue(row.original), currency)}</span>,
    },
    {
      header: 'Refunded',
      id: 'refunded',
      enableSorting: false,
      cell: ({ row }) =>
        row.original.refundedQuantity === 0 ? (
          '—'
        ) : (
          <Badge tone={row.original.refundedQuantity >= row.original.quantity ? 'neutral' : 'warn'}>
            {row.original.refundedQuantity} of {row.original.quantity} refunded
          </Badge>
        ),
    },
  ];
}

const LICENCE_TYPES: Record<AdminLicence['type'], string> = { perpetual: 'Perpetual', trial: 'Trial', nfr: 'Not for resale' };

function LicenceItem({ licence }: { licence: AdminLicence }) {
  return (
    <li className="rounded-lg border border-border/60 p-4">
      <div className="flex flex-wrap items-center gap-2">
        <code className="font-mono text-sm font-semibold break-all text-primary">{licence.key}</code>
        <CopyButton value={licence.key} label={`licence key ${licence.key}`} />
        <Badge tone={licence.status === 'active' ? 'good' : 'bad'}>{licence.status === 'active' ? 'Active' : 'Revoked'}</Badge>
      </div>
      <FactTiles
        className="mt-3 grid grid-cols-2 gap-x-4 gap-y-2 text-sm sm:grid-cols-4"
        facts={[
          ['Product', licence.productName],
          ['Type', LICENCE_TYPES[licence.type]],
          ['Seats', licence.seats, 'tabular-nums'],
          [
            licence.revokedAt ? 'Revoked on' : 'Expires',
            licence.revokedAt ? dateCell(licence.revokedAt) : licence.expiresAt ? dateCell(licence.expiresAt) : 'Never',
          ],
        ]}
      />
      <h3 className="mt-4 text-sm font-semibold text-primary">Computers</h3>
      {licence.machines.length === 0 ? (
        <p className="mt-1 text-sm text-secondary">Not activated on any computer.</p>
      ) : (
        <div className="mt-2">
          <DataTable
            caption={`Computers of ${licence.key}`}
            columns={MACHINE_COLUMNS}
            data={licence.machines}
            rowKey={(machine) => machine.id}
            empty="Not activated on any computer."
          />
        </div>
      )}
      <p className="mt-3 text-sm">
        <Link to={paths.admin.licence.getHref(licence.id)} className="font-medium text-primary underline underline-offset-2">
          Open in the licence desk
        </Link>
      </p>
    </li>
  );
}

const RELEASED_REASONS: Record<NonNullable<AdminMachine['releasedReason']>, string> = {
  deactivated: 'deactivated',
  stale: 'not seen for too long',
  revoked: 'licence revoked',
  freed: 'freed from the back office',
};

const MACHINE_COLUMNS: ColumnDef<AdminMachine, unknown>[] = [
  { header: 'Name', id: 'name', enableSorting: false, cell: ({ row }) => row.original.name ?? 'Unnamed' },
  { header: 'Platform', id: 'platform', enableSorting: false, cell: ({ row }) => (row.original.platform ? PLATFORM_LABELS[row.original.platform] : '—') },
  { header: 'App version', id: 'appVersion', enableSorting: false, cell: ({ row }) => row.original.appVersion ?? '—' },
  { header: 'Activated', id: 'activatedAt', enableSorting: false, cell: ({ row }) => dateCell(row.original.activatedAt) },
  { header: 'Last seen', id: 'lastSeenAt', enableSorting: false, cell: ({ row }) => dateCell(row.original.lastSeenAt) },
  {
    header: 'Released',
    id: 'released',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.releasedAt ? (
        <span>
          {dateCell(row.original.releasedAt)}
          {row.original.releasedReason ? ` (${RELEASED_REASONS[row.original.releasedReason]})` : ''}
        </span>
      ) : (
        'In use'
      ),
  },
];

const DOWNLOAD_COLUMNS: ColumnDef<OrderDetail['downloads'][number], unknown>[] = [
  { header: 'When', id: 'at', enableSorting: false, cell: ({ row }) => dateCell(row.original.at) },
  { header: 'Product', id: 'product', enableSorting: false, cell: ({ row }) => row.original.productName },
  { header: 'Version', id: 'version', enableSorting: false, cell: ({ row }) => row.original.version },
  {
    header: 'File',
    id: 'file',
    enableSorting: false,
    cell: ({ row }) => <span className="font-mono text-xs break-all">{row.original.filename ?? '—'}</span>,
  },
  { header: 'Platform', id: 'os', enableSorting: false, cell: ({ row }) => (row.original.os ? (PLATFORM_LABELS[row.original.os] ?? row.original.os) : '—') },
];

const EMAIL_STATUS: Record<AdminEmail['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Queued', tone: 'neutral' },
  sent: { label: 'Sent', tone: 'good' },
  // No mail server is configured: the message waits in the sandbox mailbox (and goes out once one is).
  held: { label: 'In the sandbox mailbox', tone: 'neutral' },
  failed: { label: 'Failed', tone: 'bad' },
};

const EMAIL_COLUMNS: ColumnDef<AdminEmail, unknown>[] = [
  {
    header: 'Email',
    id: 'subject',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-col items-end md:items-start">
        <span className="font-medium">{row.original.subject}</span>
        <span className="text-xs text-secondary">{row.original.kind}</span>
      </span>
    ),
  },
  { header: 'To', id: 'to', enableSorting: false, cell: ({ row }) => <EmailAddress email={row.original.toAddress} /> },
  {
    header: 'Status',
    id: 'status',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-col items-end gap-1 md:items-start">
        <Badge tone={EMAIL_STATUS[row.original.status].tone}>{EMAIL_STATUS[row.original.status].label}</Badge>
        {row.original.lastError && (
          <span className="text-xs text-secondary">
            {row.original.lastError} ({plural(row.original.attempts, 'attempt')})
          </span>
        )}
      </span>
    ),
  },
  {
    header: 'Sent',
    id: 'sentAt',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.sentAt ? (
        dateCell(row.original.sentAt)
      ) : (
        <span className="text-secondary">
          Not sent; queued <time dateTime={row.original.createdAt}>{formatDateTime(row.original.createdAt)}</time>
        </span>
      ),
  },
  {
    header: 'Message',
    id: 'href',
    enableSorting: false,
    cell: ({ row }) =>
      row.original.href ? (
        <a href={row.original.href} target="_blank" rel="noreferrer" className="font-medium text-primary underline underline-offset-2">
          Open message<span className="sr-only"> “{row.original.subject}” (opens in a new tab)</span>
        </a>
      ) : (
        '—'
      ),
  },
];

const eventTone = (outcome: string): BadgeTone =>
  /reject|fail|error/i.test(outcome) ? 'bad' : /ignored|refused|already|duplicate/i.test(outcome) ? 'neutral' : 'good';

const EVENT_COLUMNS: ColumnDef<AdminWebhookEvent, unknown>[] = [
  { header: 'Type', id: 'type', enableSorting: false, cell: ({ row }) => <span className="font-mono text-xs">{row.original.type}</span> },
  {
    header: 'Outcome',
    id: 'outcome',
    enableSorting: false,
    cell: ({ row }) => (
      <span className="flex flex-col items-end gap-1 md:items-start">
        <Badge tone={eventTone(row.original.outcome)}>{row.original.outcome}</Badge>
        {row.original.message && <span className="text-xs text-secondary">{row.original.message}</span>}
      </span>
    ),
  },
  { header: 'Received', id: 'receivedAt', enableSorting: false, cell: ({ row }) => dateCell(row.original.receivedAt) },
];

const REQUEST_STATUS: Record<AdminRefundRequest['status'], { label: string; tone: BadgeTone }> = {
  pending: { label: 'Waiting for the provider', tone: 'warn' },
  completed: { label: 'Completed', tone: 'good' },
  failed: { label: 'Failed', tone: 'bad' },
};

function RefundsSection({ detail }: { detail: OrderDetail }) {
  const { refunds, refundRequests, lines, order } = detail;
  if (refunds.length === 0 && refundRequests.length === 0) return <p className="text-sm text-secondary">No refund.</p>;
  const lineName = (orderItemId: number) => lines.find((line) => line.id === orderItemId)?.display ?? `Line ${orderItemId}`;
  return (
    <div className="flex flex-col gap-6">
      {refundRequests.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold text-primary">Asked for here</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {refundRequests.map((request) => (
              <li key={request.id} className="rounded-lg border border-border/60 p-3 text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <Badge tone={REQUEST_STATUS[request.status].tone}>{REQUEST_STATUS[request.status].label}</Badge>
                  <span className="text-secondary">
                    {dateCell(request.createdAt)} by {request.requestedBy}
                  </span>
                </div>
                <p className="mt-2">{request.lines.map((line) => `${line.quantity} × ${lineName(line.orderItemId)}`).join(', ')}</p>
                <p className="mt-1 text-secondary">
                  Reason: <q>{request.reason}</q>
                </p>
                {request.failure && <p className="mt-1 font-medium text-danger">{request.failure}</p>}
              </li>
            ))}
          </ul>
        </section>
      )}
      {refunds.length > 0 && (
        <section>
          <h3 className="text-sm font-semibold text-primary">Recorded from {PROVIDER_LABELS[order.provider]}</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {refunds.map((refund) => (
              <li key={refund.id} className="rounded-lg border border-border/60 p-3 text-sm">
                <p className="font-medium">
                  {refund.amountMinor === null ? 'Amount not given' : money(refund.amountMinor, order.currency)} · {dateCell(refund.createdAt)}
                </p>
                <p className="mt-1 text-secondary">
                  Return <span className="font-mono break-all">{refund.providerReturnId}</span>
                  {refund.reason ? (
                    <>
                      {' '}
                      · Reason: <q>{refund.reason}</q>
                    </>
                  ) : null}
                </p>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
