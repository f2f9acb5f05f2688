import type { AccountData, AccountOrder, AccountProduct } from '@store/contracts/account';
import { useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ORDERS_PER_PAGE } from '../constants';
import { downloadLabel, formatDate, formatOrderTotal, lineRefund, orderReference, orderStatusLabel, orderStatusTone, versionState } from '../utils/format';
import { Badge, Panel } from './badge';
import { LicencesPanel, type LicenceComputersSource } from './licences-panel';

export interface OrdersTabProps {
  data: AccountData | null;
  /** Called when a download link is clicked (tracking is decided by the caller). */
  onDownload: (order: AccountOrder, product: AccountProduct) => void;
  /** A panel shown instead of the order list (loading, error, no customer, no orders, unverified email). */
  notice?: React.ReactNode;
  /** The signed-in shopper's token: the Licenses panel then lists each licence's computers. */
  computers?: LicenceComputersSource;
}

export function OrdersTab({ data, onDownload, notice, computers }: OrdersTabProps) {
  return (
    <div className="space-y-6">
      <LicencesPanel licences={data?.licensespring_licenses ?? []} computers={computers} />
      <Panel title="Order History" id="order-history-heading">
        {notice ?? <OrderHistory orders={data?.orders ?? []} onDownload={onDownload} />}
      </Panel>
    </div>
  );
}

function OrderHistory({ orders, onDownload }: { orders: AccountOrder[]; onDownload: OrdersTabProps['onDownload'] }) {
  const [page, setPage] = useState(0);
  const pages = Math.max(1, Math.ceil(orders.length / ORDERS_PER_PAGE));
  const current = Math.min(page, pages - 1);
  const visible = orders.slice(current * ORDERS_PER_PAGE, (current + 1) * ORDERS_PER_PAGE);
  return (
    <>
      <ol className="space-y-4" aria-label="Orders">
        {visible.map((order) => (
          <OrderCard key={order.order_id} order={order} onDownload={onDownload} />
        ))}
      </ol>
      {pages > 1 && (
        <nav aria-label="Order pages" className="mt-6 flex items-center justify-between gap-3">
          <Button variant="secondary" size="sm" disabled={current === 0} onClick={() => setPage(current - 1)}>
            Previous
          </Button>
          <p className="text-sm text-secondary" aria-live="polite">
            Page {current + 1} of {pages}
          </p>
          <Button variant="secondary" size="sm" disabled={current >= pages - 1} onClick={() => setPage(current + 1)}>
            Next
          </Button>
        </nav>
      )}
    </>
  );
}

function OrderCard({ order, onDownload }: { order: AccountOrder; onDownload: OrdersTabProps['onDownload'] }) {
  const reference = orderReference(order);
  const status = order.status || 'completed';
  const label = orderStatusLabel(status);
  return (
    <li className="rounded-xl border border-border/40 bg-background p-4 dark:border-border/70" aria-label={`Order ${reference}`}>
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-2">
        <div className="min-w-0">
          <p className="font-mono font-semibold break-all">{reference}</p>
          <p className="text-sm text-secondary">{formatDate(order.date)}</p>
        </div>
        <div className="flex items-center gap-3">
          <Badge tone={orderStatusTone(status)}>{label}</Badge>
          <p className="font-semibold">{order.kind === 'complimentary' ? 'Complimentary' : formatOrderTotal(order.total, order.currency || 'USD')}</p>
        </div>
      </div>
      <ul className="mt-4 space-y-3">
        {order.products.map((product) => (
          <ProductRow key={`${product.product_id}-${product.sku}`} order={order} product={product} onDownload={onDownload} />
        ))}
      </ul>
      {order.files.length > 1 && (
        <details className="mt-3 text-sm">
          <summary className="cursor-pointer font-semibold text-secondary hover:text-primary">All files ({order.files.length})</summary>
          <ul className="mt-2 space-y-1">
            {order.files.map((file) => (
              <li key={file.file_url}>
                <a className="underline underline-offset-2 hover:text-primary" href={file.file_url} download={file.filename}>
                  {file.display}
                </a>{' '}
                <span className="text-secondary">({file.size})</span>
              </li>
            ))}
          </ul>
        </details>
      )}
    </li>
  );
}

function ProductRow({ order, product, onDownload }: { order: AccountOrder; product: AccountProduct; onDownload: OrdersTabProps['onDownload'] }) {
  const label = downloadLabel(product);
  const refund = lineRefund(product);
  return (
    <li className="flex flex-col gap-3 border-t border-border/40 pt-3 sm:flex-row sm:items-center dark:border-border/70">
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 font-semibold">
          <span>
            {product.display}
            {product.quantity > 1 && <span className="text-secondary"> × {product.quantity}</span>}
          </span>
          {refund === 'full' && <Badge tone="grey">Refunded</Badge>}
          {refund === 'partial' && (
            <Badge tone="yellow">
              {product.refunded_quantity} of {product.quantity} refunded
            </Badge>
          )}
        </p>
        <p className="text-sm text-secondary">
          {product.subtotal_display}
          {product.coupon && product.coupon !== 'N/A' ? ` · Coupon ${product.coupon}` : ''}
        </p>
        {refund !== 'full' && <VersionDisplay product={product} />}
        {product.previous_versions.length > 0 && <PreviousVersions product={product} />}
      </div>
      {product.download_url ? (
        <a
          href={product.download_url}
          download
          onClick={() => onDownload(order, product)}
          aria-label={`${label} ${product.display}`}
          className="inline-flex min-h-11 shrink-0 items-center justify-center gap-2 rounded-lg bg-accent px-4 font-semibold text-black transition-colors hover:bg-accent-strong focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent"
        >
          {label}
        </a>
      ) : (
        <p className="shrink-0 text-sm text-secondary">{refund === 'full' ? 'Refunded: no downloads' : 'Download not available'}</p>
      )}
    </li>
  );
}

/** Older published versions stay downloadable: a disclosure with each one's files. */
function PreviousVersions({ product }: { product: AccountProduct }) {
  return (
    <details className="mt-2 text-sm">
      <summary className="cursor-pointer font-semibold text-secondary hover:text-primary">Previous versions ({product.previous_versions.length})</summary>
      <ul className="mt-2 space-y-2">
        {product.previous_versions.map((version) => (
          <li key={version.version}>
            <p className="font-semibold">
              {version.version} <span className="font-normal text-secondary">· {formatDate(version.released_at)}</span>
            </p>
            <ul className="mt-1 space-y-1">
              {version.files.map((file) => (
                <li key={file.file_url}>
                  <a className="underline underline-offset-2 hover:text-primary" href={file.file_url} download={file.filename}>
                    {file.display}
                  </a>{' '}
                  <span className="text-secondary">({file.size})</span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </details>
  );
}

export function VersionDisplay({
  product,
}: {
  product: Pick<AccountProduct, 'first_download' | 'has_update' | 'is_major_update' | 'user_version' | 'current_version'>;
}) {
  const state = versionState(product);
  switch (state.kind) {
    case 'first-download':
      return (
        <p className="mt-1 text-xs text-secondary">
          {state.current ? `Latest version ${state.current}. ` : ''}Version tracking starts after your first download.
        </p>
      );
    case 'major-update':
      return (
        <p className="mt-1.5">
          <Badge tone="red" pulse>
            Major Update: {state.user || '?'} → {state.current}
          </Badge>
        </p>
      );
    case 'update':
      return (
        <p className="mt-1.5">
          <Badge tone="yellow">
            Update available: {state.user || '?'} → {state.current}
          </Badge>
        </p>
      );
    case 'up-to-date':
      return (
        <p className="mt-1.5">
          <Badge tone="green">Up to date ({state.user})</Badge>
        </p>
      );
    case 'none':
      return null;
  }
}
