import { describe, expect, it } from 'vitest';
import { checkCard, passesLuhn, TEST_CARDS } from './cards';

const NOW = new Date('2026-03-10T12:00:00Z');
const valid = { expiry: '12/30', cvc: '123' };

describe('checkCard', () => {
  it('knows the three test cards, with or without spaces', () => {
    expect(checkCard({ cardNumber: '4242 4242 4242 4242', ...valid }, NOW)).toEqual({ ok: true, outcome: 'success' });
    expect(checkCard({ cardNumber: '4000000000000002', ...valid }, NOW)).toEqual({ ok: true, outcome: 'declined' });
    expect(checkCard({ cardNumber: '4000-0000-0000-9995', ...valid }, NOW)).toEqual({ ok: true, outcome: 'insufficient_funds' });
  });

  it('every test card passes the Luhn check', () => {
    for (const card of TEST_CARDS) expect(passesLuhn(card.number)).toBe(true);
  });

  it.each([
    ['', 'Enter your card number'],
    ['4242', 'Enter a card number of 12 to 19 digits'],
    ['4242 4242 4242 4241', 'This card number is not valid. Check it and try again.'],
    ['abcd efgh ijkl mnop', 'Enter a card number of 12 to 19 digits'],
  ])('refuses the number %j', (cardNumber, message) => {
    expect(checkCard({ cardNumber, ...valid }, NOW)).toEqual({ ok: false, fields: { cardNumber: message } });
  });

  it('refuses a real-looking card: the sandbox takes test cards only', () => {
    const result = checkCard({ cardNumber: '5555 5555 5555 4444', ...valid }, NOW);
    expect(result).toMatchObject({ ok: false, fields: { cardNumber: expect.stringContaining('test cards') } });
  });

  it.each([
    ['', 'Enter the expiry date'],
    ['13/30', 'Enter the expiry date as MM/YY'],
    ['00/30', 'Enter the expiry date as MM/YY'],
    ['1230', 'Enter the expiry date as MM/YY'],
    ['02/26', 'This card has expired'],
  ])('refuses the expiry %j', (expiry, message) => {
    expect(checkCard({ cardNumber: '4242424242424242', expiry, cvc: '123' }, NOW)).toEqual({ ok: false, fields: { expiry: message } });
  });

  it('accepts a card until the end of its expiry month', () => {
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '03/26', cvc: '123' }, NOW).ok).toBe(true);
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '3/26', cvc: '1234' }, new Date('2026-03-31T23:59:59Z')).ok).toBe(true);
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '03/26', cvc: '123' }, new Date('2026-04-01T00:00:00Z')).ok).toBe(false);
  });

  it.each(['', '12', '12345', 'abc'])('refuses the security code %j', (cvc) => {
    expect(checkCard({ cardNumber: '4242424242424242', expiry: '12/30', cvc }, NOW)).toMatchObject({ ok: false, fields: { cvc: expect.any(String) } });
  });

  it('reports every bad field at once', () => {
    const result = checkCard({ cardNumber: '1', expiry: 'x', cvc: '' }, NOW);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(Object.keys(result.fields).sort()).toEqual(['cardNumber', 'cvc', 'expiry']);
  });
});
