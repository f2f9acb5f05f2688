import type { AccountData, AccountFile, AccountProduct } from '@store/contracts/account';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { OrdersTab } from './orders-tab';

const file = (version: string, os: string): AccountFile => ({
  display: `Pad Mapper ${version} for ${os}`,
  file_url: `/api/downloads/${version}-${os}?signature=x`,
  product: 'Pad Mapper',
  product_id: 'pad-mapper',
  size: '2.0 MB',
  size_mb: 2,
  filename: `pad-mapper-${version}-${os}.zip`,
  version,
  download_source: 'local',
  type: os,
});

const line = (extra: Partial<AccountProduct> = {}): AccountProduct => ({
  product_id: 'pad-mapper',
  sku: 'PM',
  display: 'Pad Mapper',
  quantity: 1,
  subtotal_display: '$20.00',
  coupon: 'N/A',
  has_update: true,
  is_major_update: true,
  user_version: '1.4.0',
  current_version: '2.0.0',
  first_download: false,
  download_url: '/api/downloads/2?signature=x',
  download_expires: null,
  refunded_quantity: 0,
  previous_versions: [],
  ...extra,
});

const data = (product: AccountProduct): AccountData => ({
  customer_info: { full_name: 'Sam Loop', first_name: 'Sam', last_name: 'Loop', email: 'sam@example.com' },
  total_orders: 1,
  total_products: 1,
  total_files: 1,
  total_licenses: 0,
  licensespring_licenses: [],
  orders: [
    {
      order_id: 'o1',
      order_reference: 'REF-1',
      date: '2026-01-02T00:00:00Z',
      total: 20,
      currency: 'USD',
      status: 'completed',
      products: [product],
      files: [],
      licenses: [],
    },
  ],
});

const renderTab = (product: AccountProduct) =>
  render(
    <MemoryRouter>
      <OrdersTab data={data(product)} onDownload={vi.fn()} />
    </MemoryRouter>,
  );

afterEach(cleanup);

describe('OrdersTab versions', () => {
  it("labels a major update 'Major Update' and offers 'Download Update'", () => {
    renderTab(line());
    expect(screen.getByText('Major Update: 1.4.0 → 2.0.0').closest('[data-tone]')).toHaveAttribute('data-tone', 'red');
    expect(screen.getByRole('link', { name: 'Download Update Pad Mapper' })).toBeInTheDocument();
  });

  it('keeps earlier versions downloadable behind a Previous versions disclosure', async () => {
    renderTab(
      line({
        previous_versions: [
          { version: '1.4.0', released_at: '2026-03-01T10:00:00Z', files: [file('1.4.0', 'macOS'), file('1.4.0', 'Windows')] },
          { version: '1.0.0', released_at: '2025-11-01T10:00:00Z', files: [file('1.0.0', 'macOS')] },
        ],
      }),
    );
    const summary = screen.getByText('Previous versions (2)');
    const disclosure = summary.closest('details')!;
    expect(disclosure).not.toHaveAttribute('open');
    await userEvent.click(summary);
    expect(disclosure).toHaveAttribute('open');
    const link = within(disclosure).getByRole('link', { name: 'Pad Mapper 1.4.0 for Windows' });
    expect(link).toHaveAttribute('href', '/api/downloads/1.4.0-Windows?signature=x');
    expect(within(disclosure).getAllByRole('link')).toHaveLength(3);
  });

  it('has no disclosure when there are no earlier versions', () => {
    renderTab(line({ has_update: false, is_major_update: false, user_version: '2.0.0' }));
    expect(screen.queryByText(/Previous versions/)).not.toBeInTheDocument();
  });
});
