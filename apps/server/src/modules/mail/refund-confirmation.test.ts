import { describe, expect, it } from 'vitest';
import { renderRefundConfirmation } from './refund-confirmation';

const input = {
  storeName: 'SongWish',
  storeUrl: 'https://store.example',
  supportEmail: 'support@store.example',
  reference: 'SON261121-1234-56789',
  customerName: 'Ada <script>',
  amount: '$79.00',
  partial: true,
  items: [{ display: 'reMIDI 4 <b>', quantity: 2 }],
};

describe('the refund confirmation email', () => {
  it('names the order, the refunded lines, the amount and what stops working', () => {
    const { subject, text } = renderRefundConfirmation(input);
    expect(subject).toBe('Your SongWish refund for order SON261121-1234-56789');
    expect(text).toContain('We refunded part of your order SON261121-1234-56789.');
    expect(text).toContain('Amount refunded: $79.00');
    expect(text).toContain('reMIDI 4 <b> × 2');
    expect(text).toContain('no longer activate');
    expect(text).toContain('Everything else in the order stays yours.');
    expect(text).toContain('support@store.example');
  });

  it('escapes every value in the HTML part', () => {
    const { html } = renderRefundConfirmation(input);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('<b>');
    expect(html).toContain('Ada &lt;script&gt;');
  });

  it('says a whole refund without promising anything stays', () => {
    const { text, html } = renderRefundConfirmation({ ...input, partial: false, amount: null });
    expect(text).toContain('We refunded your order');
    expect(text).not.toContain('stays yours');
    expect(text).not.toContain('Amount refunded');
    expect(html).toContain('Your order was refunded');
  });
});
