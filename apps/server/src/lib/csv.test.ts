import { describe, expect, it } from 'vitest';
import { csvAttachment, toCsv } from './csv';

describe('toCsv', () => {
  it('writes a header row and one quoted row per record, CRLF-separated', () => {
    const csv = toCsv(
      [
        { key: 'reference', header: 'Order' },
        { key: 'name', header: 'Customer' },
        { key: 'total', header: 'Total' },
      ],
      [{ reference: 'SW-1', name: 'Ann, "the" Producer', total: 12.5 }],
    );
    expect(csv).toBe('Order,Customer,Total\r\nSW-1,"Ann, ""the"" Producer",12.5\r\n');
  });

  it('keeps a cell that starts like a formula from running in a spreadsheet', () => {
    const csv = toCsv([{ key: 'name', header: 'Name' }], [{ name: '=HYPERLINK("http://evil")' }, { name: '-1+2' }, { name: '@SUM(A1)' }]);
    expect(csv.split('\r\n').slice(1, 4)).toEqual([`"'=HYPERLINK(""http://evil"")"`, "'-1+2", "'@SUM(A1)"]);
  });

  it('quotes a cell with a line break, writes yes/no for a boolean and nothing for a missing value', () => {
    const csv = toCsv(
      [
        { key: 'note', header: 'Note' },
        { key: 'paid', header: 'Paid' },
        { key: 'coupon', header: 'Coupon' },
      ],
      [
        { note: 'two\nlines', paid: true, coupon: null },
        { note: 'carriage\rreturn', paid: false, coupon: undefined },
      ],
    );
    expect(csv).toBe('Note,Paid,Coupon\r\n"two\nlines",yes,\r\n"carriage\rreturn",no,\r\n');
  });

  it('writes the header row alone when there are no rows', () => {
    expect(toCsv([{ key: 'amount', header: 'Amount' }], [])).toBe('Amount\r\n');
  });

  it('leaves negative numbers as numbers', () => {
    expect(toCsv([{ key: 'amount', header: 'Amount' }], [{ amount: -5 }])).toBe('Amount\r\n-5\r\n');
  });
});

describe('csvAttachment', () => {
  it('names the file with safe characters only', () => {
    expect(csvAttachment('orders 2026-11/"x".csv')).toBe('attachment; filename="orders-2026-11-x-.csv"');
  });
});
