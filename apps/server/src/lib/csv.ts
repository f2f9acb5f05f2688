import { stringify } from 'csv-stringify/sync';

/**
 * A cell a spreadsheet would run as a formula (`=`, `+`, `-`, `@`, tab, carriage return at the
 * start): prefixed with an apostrophe, so a customer's name cannot become a formula in the
 * accountant's spreadsheet (CSV injection). Numbers are left as numbers.
 */
function neutralised(cell: unknown): unknown {
  if (typeof cell !== 'string') return cell;
  return /^[=+\-@\t\r]/.test(cell) ? `'${cell}` : cell;
}

/** A CSV file (RFC 4180, CRLF line ends, a header row) of `rows` under `columns`, safe to open in a spreadsheet. */
export function toCsv<Row extends Record<string, unknown>>(columns: Array<{ key: keyof Row & string; header: string }>, rows: Row[]): string {
  return stringify(
    rows.map((row) => columns.map((column) => neutralised(row[column.key]))),
    { header: true, columns: columns.map((column) => column.header), record_delimiter: 'windows', cast: { boolean: (value) => (value ? 'yes' : 'no') } },
  );
}

/** The `content-disposition` of a CSV download named `name` (ASCII letters, digits, dots and hyphens only). */
export function csvAttachment(name: string): string {
  return `attachment; filename="${name.replace(/[^A-Za-z0-9.-]+/g, '-')}"`;
}
