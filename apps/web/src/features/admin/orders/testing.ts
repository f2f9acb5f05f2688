import type { AdminLicence, AdminOrderRow, OrderDetail, OrderList } from '@store/contracts/admin';

export function orderRow(overrides: Partial<AdminOrderRow> = {}): AdminOrderRow {
  return {
    id: 7,
    reference: 'SW-1007',
    kind: 'sale',
    status: 'completed',
    email: 'ada@example.com',
    customerId: 3,
    customerName: 'Ada Lovelace',
    products: ['Pad Mapper', 'Loop Kit'],
    couponCodes: [],
    currency: 'USD',
    totalMinor: 7800,
    refundedMinor: 0,
    live: false,
    completedAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

export function orderList(overrides: Partial<OrderList> = {}): OrderList {
  return {
    orders: [orderRow()],
    next: null,
    totals: [{ currency: 'USD', orders: 1, totalMinor: 7800, refundedMinor: 0, netMinor: 7800 }],
    ...overrides,
  };
}

const AT = '2026-11-20T10:00:00.000Z';

/** An order of two lines: two seats of Pad Mapper (two keys) and one Loop Kit (one key). */
export function orderDetail(overrides: Partial<OrderDetail> = {}): OrderDetail {
  return {
    order: {
      id: 7,
      reference: 'SW-1007',
      provider: 'sandbox',
      providerOrderId: 'SBX-123',
      kind: 'sale',
      status: 'completed',
      live: false,
      currency: 'USD',
      subtotalMinor: 8800,
      discountMinor: 1000,
      taxMinor: 0,
      totalMinor: 7800,
      refundedMinor: 0,
      couponCodes: ['LOOPS-10'],
      completedAt: AT,
    },
    customer: { id: 3, email: 'ada@example.com', name: 'Ada Lovelace', country: 'GB', erased: false },
    lines: [
      { id: 11, productId: 1, productPath: 'pad-mapper', display: 'Pad Mapper', quantity: 2, refundedQuantity: 0, subtotalMinor: 5800, discountMinor: 0 },
      { id: 12, productId: 2, productPath: 'loop-kit', display: 'Loop Kit', quantity: 1, refundedQuantity: 0, subtotalMinor: 3000, discountMinor: 1000 },
    ],
    licences: [
      licence({ id: 21, key: 'PADM-AAAA-1111', orderItemId: 11, productId: 1, productName: 'Pad Mapper' }),
      licence({ id: 22, key: 'PADM-BBBB-2222', orderItemId: 11, productId: 1, productName: 'Pad Mapper' }),
      licence({
        id: 23,
        key: 'LOOP-CCCC-3333',
        orderItemId: 12,
        productId: 2,
        productName: 'Loop Kit',
        machines: [
          {
            id: 'm-1',
            name: 'Studio Mac',
            platform: 'macos',
            appVersion: '2.1.0',
            activatedAt: AT,
            lastSeenAt: AT,
            releasedAt: null,
            releasedReason: null,
          },
        ],
      }),
    ],
    downloads: [{ at: AT, productName: 'Loop Kit', version: '2.1.0', filename: 'loop-kit-2.1.0.dmg', os: 'macos' }],
    emails: [
      {
        id: 31,
        kind: 'order-confirmation',
        subject: 'Your order SW-1007',
        toAddress: 'ada@example.com',
        status: 'failed',
        attempts: 3,
        lastError: 'Mailbox unavailable',
        createdAt: AT,
        sentAt: null,
        href: '/sandbox/mailbox/31',
      },
    ],
    webhookEvents: [
      { eventId: 'ev-1', type: 'order.completed', outcome: 'order-created', message: null, receivedAt: AT },
      { eventId: 'ev-2', type: 'return.created', outcome: 'rejected', message: 'Bad signature', receivedAt: AT },
    ],
    refunds: [],
    refundRequests: [],
    refund: { available: true, reason: null },
    ...overrides,
  };
}

function licence(fields: Pick<AdminLicence, 'id' | 'key' | 'orderItemId' | 'productId' | 'productName'> & Partial<AdminLicence>): AdminLicence {
  return { type: 'perpetual', status: 'active', seats: 2, expiresAt: null, revokedAt: null, createdAt: AT, machines: [], ...fields };
}
