import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdminRefundRequest, OrderDetail } from '@store/contracts/admin';
import { renderAdminPage, type FakeAnswer, type SentRequest } from '../products/testing';
import OrderPage from './order-page';
import { orderDetail } from './testing';

afterEach(() => vi.unstubAllGlobals());

function renderOrder(answer: (request: SentRequest) => FakeAnswer) {
  const user = userEvent.setup();
  const view = renderAdminPage(OrderPage, { url: '/admin/orders/7', pattern: '/admin/orders/:orderId', answer });
  return { user, ...view };
}

const posts = (sent: SentRequest[]) => sent.filter((request) => request.method === 'POST');

const pendingRequest: AdminRefundRequest = {
  id: 41,
  status: 'pending',
  reason: 'Bought twice by mistake',
  requestedBy: 'maker@example.com',
  lines: [{ orderItemId: 12, quantity: 1 }],
  failure: null,
  createdAt: '2026-11-21T10:00:00.000Z',
  completedAt: null,
};

// Generous: the machine running the suite may be busy, and the refund test waits for a poll.
describe('the order page', { timeout: 20_000 }, () => {
  it('shows every section: summary, customer, lines, licences with computers, downloads, emails, events, refunds', async () => {
    renderOrder(() => ({ body: orderDetail() }));
    expect(await screen.findByRole('heading', { name: 'Order SW-1007', level: 1 })).toBeInTheDocument();
    for (const title of ['Summary', 'Customer', 'Lines', 'Licences', 'Downloads', 'Emails', 'Payment-provider events', 'Refunds']) {
      expect(screen.getByRole('heading', { name: title, level: 2 })).toBeInTheDocument();
    }
    expect(screen.getByText('LOOPS-10')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open the customer' })).toHaveAttribute('href', '/admin/customers/3');

    const lines = screen.getByRole('table', { name: 'Order lines' });
    const loopKit = within(lines).getByText('Loop Kit').closest('tr')!;
    expect(within(loopKit).getByText('−$10.00')).toBeInTheDocument();
    expect(within(loopKit).getByText('$20.00')).toBeInTheDocument();
    const padMapper = within(lines).getByText('Pad Mapper').closest('tr')!;
    expect(within(padMapper).getByText('$29.00')).toBeInTheDocument();

    expect(screen.getByText('PADM-AAAA-1111')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Copy licence key LOOP-CCCC-3333' })).toBeInTheDocument();
    const computers = screen.getByRole('table', { name: 'Computers of LOOP-CCCC-3333' });
    expect(within(computers).getByText('Studio Mac')).toBeInTheDocument();
    expect(within(computers).getByText('macOS')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: 'Open in the licence desk' })[0]).toHaveAttribute('href', '/admin/licences/21');

    expect(within(screen.getByRole('table', { name: 'Downloads' })).getByText('loop-kit-2.1.0.dmg')).toBeInTheDocument();
    const emails = screen.getByRole('table', { name: 'Emails sent for this order' });
    expect(within(emails).getByText('Failed')).toBeInTheDocument();
    expect(within(emails).getByText('Mailbox unavailable (3 attempts)')).toBeInTheDocument();
    expect(within(emails).getByRole('link', { name: /Open message/ })).toHaveAttribute('href', '/sandbox/mailbox/31');
    const events = screen.getByRole('table', { name: 'Payment-provider events' });
    expect(within(events).getByText('rejected')).toBeInTheDocument();
    expect(within(events).getByText('Bad signature')).toBeInTheDocument();
    expect(screen.getByText('No refund.')).toBeInTheDocument();
  });

  it('shows why there is no refund button when none can be asked for, and an erased customer', async () => {
    const detail = orderDetail({
      refund: { available: false, reason: 'This order is free: there is nothing to refund.' },
      customer: { id: 3, email: 'erased-3@invalid', name: null, country: null, erased: true },
    });
    renderOrder(() => ({ body: detail }));
    expect(await screen.findByText('This order is free: there is nothing to refund.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Refund…' })).not.toBeInTheDocument();
    expect(screen.getByText('Erased customer')).toBeInTheDocument();
  });

  it('resends the confirmation email and says where it went; a 409 says why not', async () => {
    let refuse = false;
    const { user } = renderOrder((request) => {
      if (request.method === 'POST') {
        return refuse
          ? { status: 409, body: { error: 'Conflict', message: 'The confirmation was sent a minute ago: wait 5 minutes before sending it again.' } }
          : { body: { email: orderDetail().emails[0], message: 'The confirmation is queued.' } };
      }
      return { body: orderDetail() };
    });
    await user.click(await screen.findByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('Queued to ada@example.com')).toBeInTheDocument();
    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Resend confirmation email' }));
    expect(await screen.findByText('The confirmation was sent a minute ago: wait 5 minutes before sending it again.')).toBeInTheDocument();
  });

  it('refunds one line after a confirmation naming the keys it revokes, sends once, then waits for the provider', async () => {
    let detail: OrderDetail = orderDetail();
    let polls = 0;
    const { user, sent } = renderOrder((request) => {
      if (request.method === 'POST') {
        detail = { ...detail, refundRequests: [pendingRequest] };
        return { status: 202, body: { request: pendingRequest, message: 'Refund requested.' } };
      }
      if (detail.refundRequests.length > 0 && ++polls >= 2) {
        // The provider's return event arrived: the line is refunded and its key revoked.
        detail = {
          ...detail,
          order: { ...detail.order, status: 'partially_refunded', refundedMinor: 2000 },
          lines: detail.lines.map((line) => (line.id === 12 ? { ...line, refundedQuantity: 1 } : line)),
          licences: detail.licences.map((licence) => (licence.orderItemId === 12 ? { ...licence, status: 'revoked', revokedAt: licence.createdAt } : licence)),
          refundRequests: [{ ...pendingRequest, status: 'completed', completedAt: '2026-11-21T10:00:03.000Z' }],
          refund: { available: true, reason: null },
        };
      }
      return { body: detail };
    });
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog', { name: 'Refund order SW-1007' });

    // Everything left is chosen at first; keep only the Loop Kit line.
    await user.click(within(dialog).getByRole('checkbox', { name: /Pad Mapper/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(dialog).getByRole('alert')).toHaveTextContent('Say why the order is refunded');
    await user.type(within(dialog).getByLabelText('Reason'), 'Bought twice by mistake');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    const confirm = screen.getByRole('dialog', { name: 'Refund $20.00?' });
    expect(confirm).toHaveTextContent('$20.00 goes back to ada@example.com through Sandbox');
    expect(confirm).toHaveTextContent('1 licence key will be revoked: LOOP-CCCC-3333');
    expect(confirm).not.toHaveTextContent('PADM-');
    expect(confirm).toHaveTextContent('Downloads of Loop Kit stop.');
    expect(confirm).not.toHaveTextContent('Downloads of Pad Mapper');
    expect(confirm).toHaveTextContent('The customer is emailed.');
    expect(posts(sent)).toHaveLength(0);

    await user.dblClick(within(confirm).getByRole('button', { name: 'Refund $20.00' }));
    expect(await within(confirm).findByText(/Waiting for Sandbox to confirm/)).toBeInTheDocument();
    expect(posts(sent)).toEqual([
      { method: 'POST', path: '/orders/7/refunds', body: { lines: [{ orderItemId: 12, quantity: 1 }], reason: 'Bought twice by mistake' } },
    ]);
    expect(await screen.findByRole('heading', { name: 'Refunded' }, { timeout: 5_000 })).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toHaveTextContent('1 licence key revoked');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getAllByText('Revoked').length).toBeGreaterThan(0);
    expect(screen.getByText('1 of 1 refunded')).toBeInTheDocument();
  });

  it('names the newest keys of a line refunded in part, and keeps its downloads', async () => {
    const { user } = renderOrder(() => ({ body: orderDetail() }));
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    const dialog = screen.getByRole('dialog');
    await user.click(within(dialog).getByRole('checkbox', { name: /Loop Kit/ }));
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Units' }), '1');
    await user.type(within(dialog).getByLabelText('Reason'), 'One seat too many');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    const confirm = screen.getByRole('dialog', { name: 'Refund $29.00?' });
    expect(confirm).toHaveTextContent('1 licence key will be revoked: PADM-BBBB-2222');
    expect(confirm).not.toHaveTextContent('Downloads of');
  });

  it('shows the store’s 409 in the dialog with what to do, and sends nothing more', async () => {
    const { user, sent } = renderOrder((request) =>
      request.method === 'POST'
        ? { status: 409, body: { error: 'Conflict', message: 'Another refund of this order is in progress: wait for it to complete.' } }
        : { body: orderDetail() },
    );
    await user.click(await screen.findByRole('button', { name: 'Refund…' }));
    await user.type(within(screen.getByRole('dialog')).getByLabelText('Reason'), 'Customer asked');
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Continue' }));
    const confirm = screen.getByRole('dialog', { name: 'Refund $78.00?' });
    expect(confirm).toHaveTextContent('3 licence keys will be revoked');
    await user.click(within(confirm).getByRole('button', { name: 'Refund $78.00' }));
    const alert = await within(confirm).findByRole('alert');
    expect(alert).toHaveTextContent('Another refund of this order is in progress: wait for it to complete.');
    expect(alert).toHaveTextContent('Nothing more was refunded');
    // Sending again cannot help: the dialog offers to close instead.
    expect(within(confirm).queryByRole('button', { name: 'Refund $78.00' })).not.toBeInTheDocument();
    expect(posts(sent)).toHaveLength(1);
    await user.click(within(confirm).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });
});
