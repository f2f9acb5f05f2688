import { describe, expect, it } from 'vitest';
import { parseLegacyCsv } from './legacy-import';

describe('a legacy licences CSV', () => {
  it('reads quoted fields, commas in quotes, CRLF, a byte-order mark and blank lines; keys trimmed and upper-cased', () => {
    const text = '\uFEFFkey,product,email,issued_at\r\n  r3-aaa-1 ,remidi-3,Ann@Example.com,2021-09-14\r\n\r\n"R2,QUOTED",remidi-2,,2019-05-01T10:00:00Z\r\n';
    expect(parseLegacyCsv(text)).toEqual({
      rows: [
        { line: 2, key: 'R3-AAA-1', product: 'remidi-3', email: 'ann@example.com', issuedAt: new Date('2021-09-14T00:00:00Z') },
        { line: 4, key: 'R2,QUOTED', product: 'remidi-2', email: null, issuedAt: new Date('2019-05-01T10:00:00Z') },
      ],
      problems: [],
    });
  });

  it('takes the columns in any order, email and issued_at optional', () => {
    expect(parseLegacyCsv('Product,KEY\nremidi-3,abc\n').rows).toEqual([{ line: 2, key: 'ABC', product: 'remidi-3', email: null, issuedAt: null }]);
  });

  it('reports every bad row by its line', () => {
    const text = [
      'key,product,email,issued_at',
      'GOOD-1,remidi-3,,',
      ',remidi-3,,',
      'HAS SPACE,remidi-3,,',
      'GOOD-2,,,',
      'GOOD-3,reMIDI 3,,',
      'GOOD-4,remidi-3,not-an-email,',
      'GOOD-5,remidi-3,,yesterday',
      'GOOD-6,remidi-3,,2019-02-30',
      'good-1,remidi-3,,',
      'GOOD-7,remidi-3',
      'x'.repeat(101) + ',remidi-3,,',
    ].join('\n');
    expect(parseLegacyCsv(text).problems).toEqual([
      { line: 3, problem: 'key is empty' },
      { line: 4, problem: 'key has spaces or characters a licence key cannot have, or more than 100 characters' },
      { line: 5, problem: 'product is empty' },
      { line: 6, problem: "product 'reMIDI 3' is not a product id like remidi-3 (lower-case words joined by hyphens)" },
      { line: 7, problem: 'email is not an email address' },
      { line: 8, problem: 'issued_at is not a date (write 2019-05-01 or 2019-05-01T10:00:00Z)' },
      { line: 9, problem: 'issued_at is not a date (write 2019-05-01 or 2019-05-01T10:00:00Z)' },
      { line: 10, problem: 'key GOOD-1 is also on line 2' },
      { line: 11, problem: 'it has 2 fields; the header names 4' },
      { line: 12, problem: 'key has spaces or characters a licence key cannot have, or more than 100 characters' },
    ]);
  });

  it('requires a header naming key and product, and known columns only', () => {
    expect(parseLegacyCsv('').problems).toEqual([{ line: 1, problem: 'the file is empty; its first line names the columns: key,product,email,issued_at' }]);
    expect(parseLegacyCsv('R3-1,remidi-3\n').problems[0]?.problem).toMatch(/^unknown column 'r3-1', 'remidi-3'/);
    expect(parseLegacyCsv('key,email\nA,a@example.com\n').problems).toEqual([
      { line: 1, problem: 'the header has no product column; the first line names the columns: key,product,email,issued_at' },
    ]);
    expect(parseLegacyCsv('key,product,key\n').problems).toEqual([{ line: 1, problem: "the column 'key' is named twice" }]);
    expect(parseLegacyCsv('key,product\n').problems).toEqual([{ line: 1, problem: 'the file has no licences below its header' }]);
  });

  it('reports a broken quote with its line', () => {
    expect(parseLegacyCsv('key,product\nA,remidi-3\n"B,remidi-3\n').problems).toEqual([
      { line: 3, problem: expect.stringMatching(/^not valid CSV \(Quote Not Closed/) },
    ]);
  });
});
