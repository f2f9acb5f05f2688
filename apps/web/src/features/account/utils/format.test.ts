import { describe, expect, it } from 'vitest';
import { failureMessage, formatOrderTotal, isSessionExpiredError, lineRefund, orderReference, orderStatusLabel, orderStatusTone, versionState } from './format';

describe('account formatting', () => {
  describe('reads an order total that is a number or a currency string (account spec §5)', () => {
    it.each([
      [79, 'USD', '$79.00'],
      ['$12.50', 'USD', '$12.50'],
      ['USD 12.50', 'USD', '$12.50'],
      ['$1,234.50', 'USD', '$1,234.50'],
      ['12,50 €', 'EUR', '€12.50'],
    ] as const)('%j in %s shows %s', (total, currency, shown) => {
      expect(formatOrderTotal(total, currency)).toBe(shown);
    });
    it.each([0, '$0.00', 'CA$ 0.00', 'n/a', ''])('%j shows Free: a total of 0, or no number at all', (total) => {
      expect(formatOrderTotal(total, 'USD')).toBe('Free');
    });
  });
  it('falls back to ORDER-{id}', () => expect(orderReference({ order_id: '42', order_reference: '' })).toBe('ORDER-42'));
  it('colours statuses', () => {
    expect(['successful', 'completed', 'pending', 'failed', 'refunded', 'partially_refunded'].map(orderStatusTone)).toEqual([
      'green',
      'green',
      'yellow',
      'red',
      'grey',
      'yellow',
    ]);
  });
  it('words refund statuses the way a shopper reads them', () => {
    expect(['completed', 'refunded', 'partially_refunded', '', 'pending'].map(orderStatusLabel)).toEqual([
      'Completed',
      'Refunded',
      'Partly refunded',
      'Completed',
      'Pending',
    ]);
    expect([0, 1, 2].map((refunded) => lineRefund({ quantity: 2, refunded_quantity: refunded }))).toEqual(['none', 'partial', 'full']);
  });
  it('works out the version state', () => {
    const base = { first_download: false, has_update: false, is_major_update: false, user_version: '0.0.0', current_version: '1.0.0' };
    expect(versionState({ ...base, first_download: true }).kind).toBe('first-download');
    expect(versionState({ ...base, has_update: true }).kind).toBe('update');
    expect(versionState({ ...base, has_update: true, is_major_update: true }).kind).toBe('major-update');
    expect(versionState(base).kind).toBe('none');
    expect(versionState({ ...base, user_version: '1.0.0' }).kind).toBe('up-to-date');
  });
  it("keeps a failure's message, else 'Unknown error' (account spec §8)", () => {
    expect(failureMessage(new Error('Failed to fetch orders: 500'))).toBe('Failed to fetch orders: 500');
    expect(failureMessage(new Error(''))).toBe('Unknown error');
    expect(failureMessage('a string')).toBe('Unknown error');
    expect(failureMessage(undefined)).toBe('Unknown error');
  });
  it('knows which errors mean the session expired', () => {
    for (const error of [
      { status: 401 },
      { code: 'missing_refresh_token' },
      { error: 'login_required' },
      { error: 'consent_required' },
      new Error('Invalid state'),
      new Error('Unauthorized'),
    ]) {
      expect(isSessionExpiredError(error)).toBe(true);
    }
    expect(isSessionExpiredError(new Error('HTTP 500'))).toBe(false);
  });
});
