import { CsvError, parse } from 'csv-parse/sync';
import { z } from 'zod';
import { PRODUCT_PATH_PATTERN } from '@store/contracts/paths';
import type { Database } from '#server/db/client.ts';
import { createLegacyLicencesRepository, type NewLegacyLicence } from './legacy-licences.repository';

/** The columns of a legacy licences file, in any order; `key` and `product` are required. */
export const LEGACY_CSV_COLUMNS = ['key', 'product', 'email', 'issued_at'] as const;
type Column = (typeof LEGACY_CSV_COLUMNS)[number];

/** A licence key as the plugin showed it: up to 100 visible characters, no spaces inside (the API's keys are at most 100). */
const KEY_PATTERN = /^[\x21-\x7e]{1,100}$/;
/** '2019-05-01', or a full ISO date-time with its offset. */
const DATE_PATTERN = /^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2}))?$/;
const emailSchema = z.email();

/** A row the file cannot be imported with: its line in the file (1 is the header) and why. */
export interface ImportProblem {
  line: number;
  problem: string;
}

/** Thrown when anything in the file is wrong: nothing was imported. */
export class LegacyImportError extends Error {
  constructor(readonly problems: ImportProblem[]) {
    super(problems.map(({ line, problem }) => `line ${line}: ${problem}`).join('\n'));
    this.name = 'LegacyImportError';
  }
}

export interface LegacyRow extends NewLegacyLicence {
  line: number;
}

/**
 * Reads a legacy licences CSV (RFC 4180: quoted fields, commas in quotes, CRLF or LF, an optional
 * byte-order mark) into rows, checking each. Keys are trimmed and upper-cased, as the store
 * compares them. Every problem is collected, so one run lists them all.
 */
export function parseLegacyCsv(text: string): { rows: LegacyRow[]; problems: ImportProblem[] } {
  let records: { record: string[]; info: { lines: number } }[];
  try {
    records = parse(text, { bom: true, info: true, skip_empty_lines: true, relax_column_count: true }) as unknown as typeof records;
  } catch (error) {
    if (error instanceof CsvError)
      return { rows: [], problems: [{ line: (error as CsvError & { lines?: number }).lines ?? 1, problem: `not valid CSV (${error.message})` }] };
    throw error;
  }
  const [header, ...data] = records;
  if (!header) return { rows: [], problems: [{ line: 1, problem: `the file is empty; its first line names the columns: ${LEGACY_CSV_COLUMNS.join(',')}` }] };
  const columns = readHeader(header.record);
  if ('problem' in columns) return { rows: [], problems: [{ line: header.info.lines, problem: columns.problem }] };

  const rows: LegacyRow[] = [];
  const problems: ImportProblem[] = [];
  const firstLineOfKey = new Map<string, number>();
  for (const { record, info } of data) {
    const line = info.lines;
    if (record.length !== columns.count) {
      problems.push({ line, problem: `it has ${record.length} fields; the header names ${columns.count}` });
      continue;
    }
    const result = readRow((column) => (columns.index[column] === undefined ? '' : (record[columns.index[column]] ?? '').trim()));
    if ('problem' in result) {
      problems.push({ line, problem: result.problem });
      continue;
    }
    const earlier = firstLineOfKey.get(result.key);
    if (earlier !== undefined) {
      problems.push({ line, problem: `key ${result.key} is also on line ${earlier}` });
      continue;
    }
    firstLineOfKey.set(result.key, line);
    rows.push({ ...result, line });
  }
  if (rows.length === 0 && problems.length === 0) problems.push({ line: header.info.lines, problem: 'the file has no licences below its header' });
  return { rows, problems };
}

function readHeader(record: string[]): { index: Partial<Record<Column, number>>; count: number } | { problem: string } {
  const names = record.map((name) => name.trim().toLowerCase());
  const unknown = names.filter((name) => !(LEGACY_CSV_COLUMNS as readonly string[]).includes(name));
  if (unknown.length > 0) {
    return { problem: `unknown column ${unknown.map((name) => `'${name}'`).join(', ')}; the first line names the columns: ${LEGACY_CSV_COLUMNS.join(',')}` };
  }
  const repeated = names.find((name, at) => names.indexOf(name) !== at);
  if (repeated) return { problem: `the column '${repeated}' is named twice` };
  const missing = (['key', 'product'] as const).filter((name) => !names.includes(name));
  if (missing.length > 0)
    return { problem: `the header has no ${missing.join(' or ')} column; the first line names the columns: ${LEGACY_CSV_COLUMNS.join(',')}` };
  const index: Partial<Record<Column, number>> = {};
  names.forEach((name, at) => (index[name as Column] = at));
  return { index, count: names.length };
}

function readRow(field: (column: Column) => string): NewLegacyLicence | { problem: string } {
  const key = field('key').toUpperCase();
  if (key === '') return { problem: 'key is empty' };
  if (!KEY_PATTERN.test(key)) return { problem: 'key has spaces or characters a licence key cannot have, or more than 100 characters' };
  const product = field('product');
  if (product === '') return { problem: 'product is empty' };
  if (!PRODUCT_PATH_PATTERN.test(product)) return { problem: `product '${product}' is not a product id like remidi-3 (lower-case words joined by hyphens)` };
  const email = field('email');
  if (email !== '' && !emailSchema.safeParse(email).success) return { problem: 'email is not an email address' };
  const issued = field('issued_at');
  const issuedAt = issued === '' ? null : new Date(issued.length === 10 ? `${issued}T00:00:00Z` : issued);
  // A day that does not exist (2019-02-30) would roll over into the next month: refused too.
  const realDay = issuedAt !== null && !Number.isNaN(issuedAt.getTime()) && (issued.length !== 10 || issuedAt.toISOString().startsWith(issued));
  if (issuedAt !== null && (!DATE_PATTERN.test(issued) || !realDay)) {
    return { problem: 'issued_at is not a date (write 2019-05-01 or 2019-05-01T10:00:00Z)' };
  }
  return { key, product, email: email === '' ? null : email.toLowerCase(), issuedAt };
}

export interface ImportSummary {
  imported: number;
  /** Keys already imported for the same product: left as they are (a file can be imported again). */
  skipped: string[];
  /** Licences imported by old product, e.g. { 'remidi-3': 120 }. */
  byProduct: Record<string, number>;
}

/**
 * Imports a legacy licences file all or nothing, in one transaction: any bad row, or a key
 * already imported for another product, imports nothing and throws every problem with its line.
 * A key already imported for the same product is skipped, so importing a file again is harmless.
 */
export async function importLegacyLicences(db: Database, text: string): Promise<ImportSummary> {
  const { rows, problems } = parseLegacyCsv(text);
  if (problems.length > 0) throw new LegacyImportError(problems);
  return db.transaction(async (tx) => {
    const repository = createLegacyLicencesRepository(tx);
    const existing = new Map((await repository.findExisting(rows.map((row) => row.key))).map((row) => [row.key, row.product]));
    const conflicts = rows.flatMap((row) => {
      const product = existing.get(row.key);
      return product !== undefined && product !== row.product ? [{ line: row.line, problem: `key ${row.key} was imported before for ${product}` }] : [];
    });
    if (conflicts.length > 0) throw new LegacyImportError(conflicts);
    const fresh = rows.filter((row) => !existing.has(row.key));
    const inserted = await repository.insertMissing(fresh.map(({ line: _line, ...row }) => row));
    // Another import added some of these keys since they were looked up: start again rather than guess.
    if (inserted.length !== fresh.length) throw new Error('another import added some of these keys at the same time; run this import again');
    const byProduct: Record<string, number> = {};
    for (const row of fresh) byProduct[row.product] = (byProduct[row.product] ?? 0) + 1;
    return { imported: inserted.length, skipped: rows.filter((row) => existing.has(row.key)).map((row) => row.key), byProduct };
  });
}
