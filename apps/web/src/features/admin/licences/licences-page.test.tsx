import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminLicenceRow, LicenceDetail, LicenceList } from '@store/contracts/admin';
import { paths } from '@store/contracts/paths';
import { listItem, renderAdminPage, type SentRequest } from '../products/testing';
import ComplimentaryLicencePage from './complimentary-licence-page';
import LicencePage from './licence-page';
import LicencesPage from './licences-page';

const row: AdminLicenceRow = {
  id: 7,
  key: 'ABCD-EFGH-JKMN-PQRS',
  productId: 1,
  productName: 'Loop Synth',
  customerId: 3,
  email: 'ann@example.com',
  type: 'perpetual',
  status: 'active',
  seats: 3,
  activeMachines: 1,
  expiresAt: null,
  createdAt: '2026-01-02T10:00:00.000Z',
};

const detail: LicenceDetail = {
  licence: {
    id: 7,
    key: row.key,
    orderItemId: 11,
    productId: 1,
    productName: 'Loop Synth',
    type: 'perpetual',
    status: 'active',
    seats: 3,
    expiresAt: null,
    revokedAt: null,
    createdAt: row.createdAt,
    machines: [
      {
        id: '00000000-0000-4000-8000-000000000001',
        name: 'Studio Mac',
        platform: 'macos',
        appVersion: '1.2.0',
        activatedAt: '2026-01-03T10:00:00.000Z',
        lastSeenAt: '2026-01-04T10:00:00.000Z',
        releasedAt: null,
        releasedReason: null,
      },
    ],
  },
  status: 'active',
  customer: { id: 3, email: 'ann@example.com', erased: false },
  order: { id: 5, reference: 'SW-1001', kind: 'sale' },
  restoreBlocked: null,
  history: [
    { at: '2026-01-03T10:00:00.000Z', event: 'activated', summary: 'Activated on “Studio Mac”', actor: null },
    { at: '2026-01-02T10:00:00.000Z', event: 'issued', summary: 'Issued with order SW-1001', actor: null },
  ],
};

afterEach(() => vi.unstubAllGlobals());

describe('the licence desk', () => {
  it('searches by key or email through the URL and lists each licence with its computers and status', async () => {
    const list: LicenceList = { licences: [row], next: null };
    const products = { products: [listItem(), listItem({ id: 2, path: 'loop-kit', displayName: 'Loop Kit' })], currency: 'USD' };
    const { sent } = renderAdminPage(LicencesPage, {
      url: '/admin/licences',
      pattern: paths.admin.licences.path,
      answer: (request) => ({ body: request.path.startsWith('/products') ? products : list }),
    });
    const licenceRequests = () => sent.filter((request) => request.path.startsWith('/licences'));
    const table = await screen.findByRole('table');
    const cells = within(table).getByRole('link', { name: row.key }).closest('tr')!;
    expect(within(cells).getByText('1 of 3')).toBeInTheDocument();
    expect(within(cells).getByText('Active')).toBeInTheDocument();
    expect(within(cells).getByText('Never')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Issue complimentary licence' })).toHaveAttribute('href', paths.admin.newComplimentaryLicence.getHref());

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Licence key or email'), ' abcd efgh ');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(licenceRequests().at(-1)?.path).toBe('/licences?q=abcd+efgh'));
    await user.selectOptions(screen.getByLabelText('Status'), 'revoked');
    await waitFor(() => expect(licenceRequests().at(-1)?.path).toBe('/licences?q=abcd+efgh&status=revoked'));
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Product' }), 'Loop Kit');
    await waitFor(() => expect(licenceRequests().at(-1)?.path).toBe('/licences?q=abcd+efgh&productId=2&status=revoked'));
  });

  it('says when nothing matches', async () => {
    renderAdminPage(LicencesPage, {
      url: '/admin/licences?q=nobody',
      pattern: paths.admin.licences.path,
      answer: () => ({ body: { licences: [], next: null } }),
    });
    expect(await screen.findByText(/No licence matches/)).toBeInTheDocument();
  });
});

describe('a licence’s page', () => {
  const open = (answer: (request: SentRequest) => { status?: number; body?: unknown }) =>
    renderAdminPage(LicencePage, { url: paths.admin.licence.getHref(7), pattern: paths.admin.licence.path, answer });

  it('shows the key, the customer and order links, the computers and the history', async () => {
    open(() => ({ body: detail }));
    expect(await screen.findByRole('heading', { name: `Licence ${row.key}` })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'ann@example.com' })).toHaveAttribute('href', paths.admin.customer.getHref(3));
    expect(screen.getByRole('link', { name: 'SW-1001' })).toHaveAttribute('href', paths.admin.order.getHref(5));
    expect(screen.getByRole('heading', { name: 'Computers (1 of 3)' })).toBeInTheDocument();
    const history = screen.getByRole('list', { name: 'Licence history, newest first' });
    expect(
      within(history)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([expect.stringContaining('Activated on “Studio Mac”'), expect.stringContaining('Issued with order SW-1001')]);
  });

  it('frees a computer after a confirmation', async () => {
    const freed: LicenceDetail = {
      ...detail,
      licence: { ...detail.licence, machines: [{ ...detail.licence.machines[0]!, releasedAt: '2026-01-05T00:00:00.000Z', releasedReason: 'freed' }] },
    };
    const { sent } = open((request) => ({ body: request.method === 'POST' ? freed : detail }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Free Studio Mac' }));
    const dialog = screen.getByRole('dialog', { name: 'Free Studio Mac?' });
    expect(dialog).toHaveTextContent('does not count against their own deactivations');
    await user.click(within(dialog).getByRole('button', { name: 'Free this computer' }));
    await waitFor(() =>
      expect(sent.some((request) => request.method === 'POST' && request.path === `/licences/7/machines/${detail.licence.machines[0]!.id}/free`)).toBe(true),
    );
    expect(await screen.findByText('No computer is active on this licence.')).toBeInTheDocument();
  });

  it('revokes only with a reason, saying what stops; then offers to restore', async () => {
    const revoked: LicenceDetail = { ...detail, status: 'revoked', licence: { ...detail.licence, status: 'revoked', revokedAt: '2026-01-05T00:00:00.000Z' } };
    const { sent } = open((request) => ({ body: request.method === 'POST' ? revoked : detail }));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Revoke licence' }));
    const dialog = screen.getByRole('dialog', { name: `Revoke ${row.key}?` });
    expect(dialog).toHaveTextContent('stops working on every computer at its next check');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke licence' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why');
    await user.type(within(dialog).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(dialog).getByRole('button', { name: 'Revoke licence' }));
    await waitFor(() =>
      expect(sent.find((request) => request.method === 'POST')).toEqual({ method: 'POST', path: '/licences/7/revoke', body: { reason: 'Chargeback' } }),
    );
    expect(await screen.findByRole('button', { name: 'Restore licence' })).toBeInTheDocument();
  });

  it('explains why a refunded licence cannot be restored, and shows a refused action’s message', async () => {
    const blocked: LicenceDetail = {
      ...detail,
      status: 'revoked',
      licence: { ...detail.licence, status: 'revoked', revokedAt: '2026-01-05T00:00:00.000Z', machines: [] },
      restoreBlocked: "This licence's purchase was refunded; restoring it would give away the product. Issue a complimentary licence instead.",
    };
    open(() => ({ body: blocked }));
    expect(await screen.findByText(/purchase was refunded/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Restore licence' })).not.toBeInTheDocument();
  });

  it('extends a trial by days and reports a refusal', async () => {
    const trial: LicenceDetail = { ...detail, licence: { ...detail.licence, type: 'trial', expiresAt: '2026-02-01T00:00:00.000Z' } };
    const { sent } = open((request) =>
      request.method === 'POST' ? { status: 422, body: { error: 'Unprocessable Entity', message: 'Licence X is not a trial.' } } : { body: trial },
    );
    const user = userEvent.setup();
    const days = await screen.findByLabelText('Extend the trial by (days)');
    await user.clear(days);
    await user.type(days, '30');
    await user.click(screen.getByRole('button', { name: 'Extend trial' }));
    await waitFor(() => expect(sent.find((request) => request.method === 'POST')?.body).toEqual({ days: 30 }));
    expect(await screen.findByText('Licence X is not a trial.')).toBeInTheDocument();
  });
});

describe('the complimentary licence form', () => {
  const products = { products: [{ id: 1, displayName: 'Loop Synth', seats: 3, live: true }] };

  it('checks the email before sending, shows the server’s field message, and then the created key with its links', async () => {
    let fail = true;
    const { sent } = renderAdminPage(ComplimentaryLicencePage, {
      url: paths.admin.newComplimentaryLicence.getHref(),
      pattern: paths.admin.newComplimentaryLicence.path,
      answer: (request) => {
        if (request.method === 'GET') return { body: products };
        if (fail) {
          fail = false;
          return { status: 422, body: { error: 'Unprocessable Entity', message: 'No.', fields: { productId: 'Loop Synth is free.' } } };
        }
        return {
          status: 201,
          body: { orderId: 9, reference: 'COMP-260101-ABCDE', licenceId: 12, key: 'WXYZ-WXYZ-WXYZ-WXYZ', message: 'Issued to press@example.com.' },
        };
      },
    });
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Email'), 'not-an-email');
    await user.click(screen.getByRole('button', { name: 'Issue licence' }));
    expect(await screen.findByText('Enter a valid email address, like name@example.com.')).toBeInTheDocument();
    expect(screen.getByText('Choose a product.')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST')).toEqual([]);

    await user.clear(screen.getByLabelText('Email'));
    await user.type(screen.getByLabelText('Email'), 'press@example.com');
    await user.selectOptions(screen.getByLabelText('Product'), '1');
    await user.selectOptions(screen.getByLabelText('Purpose'), 'press');
    await user.type(screen.getByLabelText('Note (optional)'), 'Synth Weekly');
    await user.click(screen.getByRole('button', { name: 'Issue licence' }));
    expect(await screen.findByText('Loop Synth is free.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Issue licence' }));
    expect(await screen.findByText('WXYZ-WXYZ-WXYZ-WXYZ')).toBeInTheDocument();
    expect(sent.filter((request) => request.method === 'POST').at(-1)?.body).toEqual({
      email: 'press@example.com',
      productId: 1,
      purpose: 'press',
      note: 'Synth Weekly',
    });
    expect(screen.getByRole('link', { name: 'Open the licence' })).toHaveAttribute('href', paths.admin.licence.getHref(12));
    expect(screen.getByRole('link', { name: 'Open order COMP-260101-ABCDE' })).toHaveAttribute('href', paths.admin.order.getHref(9));
  });
});
