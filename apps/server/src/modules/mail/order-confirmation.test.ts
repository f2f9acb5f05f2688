import { describe, expect, it } from 'vitest';
import { renderOrderConfirmation } from './order-confirmation';

const input = {
  storeName: 'SongWish',
  storeUrl: 'https://store.example',
  supportEmail: 'support@store.example',
  reference: 'SON261121-1234-56789',
  completedAt: new Date(Date.UTC(2026, 10, 21)),
  customerName: 'Ada <script>',
  total: '$79.00',
  linkValidDays: 30,
  items: [
    {
      display: 'reMIDI 4',
      quantity: 2,
      licenceKeys: ['ABCD-EFGH-JKMN-PQRS', 'TVWX-YZ01-2345-6789'],
      licenceSeats: 3,
      version: '4.2.1',
      downloads: [{ label: 'reMIDI-4.dmg for macOS', url: 'https://store.example/api/downloads/1?a=1&b=2', size: '12 MB' }],
    },
  ],
};

describe('order confirmation email', () => {
  it('lists products, every licence key and the download links in both parts', () => {
    const email = renderOrderConfirmation(input);
    expect(email.subject).toBe('Your SongWish order SON261121-1234-56789');
    for (const part of [email.text, email.html]) {
      expect(part).toContain('reMIDI 4');
      expect(part).toContain('ABCD-EFGH-JKMN-PQRS');
      expect(part).toContain('TVWX-YZ01-2345-6789');
      expect(part).toContain('$79.00');
      expect(part).toContain('30 days');
    }
    expect(email.text).toContain('https://store.example/api/downloads/1?a=1&b=2');
    expect(email.html).toContain('href="https://store.example/api/downloads/1?a=1&amp;b=2"');
    expect(email.text).toContain('up to 3 computers');
  });

  it('escapes what customers typed', () => {
    const email = renderOrderConfirmation(input);
    expect(email.html).not.toContain('<script>');
    expect(email.html).toContain('Ada &lt;script&gt;');
  });
});
