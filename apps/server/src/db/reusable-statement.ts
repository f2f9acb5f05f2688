import { createHash } from 'node:crypto';
import { getTableColumns, sql, type Query, type SQL } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Database } from './client';

const MAX_SHAPES = 200;

/** What Drizzle's builders and `sql` templates give: the statement's text and its parameters. */
interface Buildable {
  toSQL?(): Query;
}

/**
 * The `$1, $2 …` text of a builder, or of a `sql` template run through the handle's dialect (Drizzle
 * keeps it on the handle without typing it; it carries the handle's casing).
 */
function queryOf(db: Database, built: Buildable | SQL): Query {
  if ('toSQL' in built && typeof built.toSQL === 'function') return built.toSQL();
  return (db as unknown as { dialect: { sqlToQuery(sql: unknown): Query } }).dialect.sqlToQuery(built);
}

/**
 * The PostgreSQL pools, and the connections they opened, on which a reusable statement is prepared
 * by name: PostgreSQL then parses, analyses and plans it once per connection instead of at every
 * run, about a third of its CPU in the checkout pipeline (docs/decisions/0039). A pool is added
 * unless the store is told its pooler cannot keep named statements (`DATABASE_PREPARED_STATEMENTS`).
 */
const namingClients = new WeakSet<object>();

/** Reusable statements run on `client` (a pg pool or one of its connections) are prepared by name. */
export function prepareStatementsByName(client: object): void {
  namingClients.add(client);
}

/** The driver's client under a Drizzle handle: the pool for the database, a connection for a transaction. */
const clientOf = (db: Database) => (db._.session as unknown as { client?: object }).client;

/**
 * A statement's name on the server, the same in every process for the same text (a pooler that
 * keeps named statements shares them between clients by name and text).
 */
const statementName = (text: string) => `sw_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;

/**
 * Statements of one fixed shape per `shape` key, whose text Drizzle builds once per shape (with
 * `sql.placeholder(name)` for every value) and which then run on whichever handle is given: the
 * pool or a transaction. Drizzle otherwise builds a statement's text on every call, which was the
 * largest single share of the store's CPU in the checkout pipeline (docs/decisions/0039). On a
 * pool marked by `prepareStatementsByName` the statement is prepared by name. Rows come back as
 * the driver gives them: keyed by column name, timestamps as text.
 */
export function reusableStatements<Row>(build: (db: Database, shape: string) => Buildable | SQL) {
  const built = new Map<string, Query & { name?: string }>();
  return async (db: Database, shape: string, values: Record<string, unknown>): Promise<Row[]> => {
    let query = built.get(shape);
    if (!query) {
      query = queryOf(db, build(db, shape));
      // Shapes are few (fields given, rows of an order); past this many, the rare ones are built each
      // time and left unnamed, so that a connection holds a bounded number of prepared statements.
      if (built.size < MAX_SHAPES) built.set(shape, (query = { ...query, name: statementName(query.sql) }));
    }
    const client = clientOf(db);
    const name = client && namingClients.has(client) ? query.name : undefined;
    const result = await db._.session.prepareQuery(query, undefined, name, false).execute(values);
    return (result as { rows: Row[] }).rows;
  };
}

/** One statement of a fixed shape: `reusableStatements` with a single shape. */
export function reusableStatement<Row>(build: (db: Database) => Buildable | SQL) {
  const run = reusableStatements<Row>((db) => build(db));
  return (db: Database, values: Record<string, unknown>) => run(db, 'one', values);
}

/**
 * The keys of `record` whose values are not undefined, in the record's own order: an insert's shape
 * (records made by one piece of code list their fields in one order; another order is another shape).
 */
function definedKeys<T extends object>(record: T): Array<keyof T & string> {
  return (Object.keys(record) as Array<keyof T & string>).filter((key) => record[key] !== undefined);
}

/**
 * An insert's values for the columns `keys`, each a placeholder named `prefix.key` taken as given:
 * `columnValues` encodes them as their columns do.
 */
function columnPlaceholders(prefix: string, keys: string[]): Record<string, SQL> {
  return Object.fromEntries(keys.map((key) => [key, sql`${sql.placeholder(`${prefix}.${key}`)}`]));
}

/** The defined fields of `record`, named `prefix.key`, each as its column of `table` sends it to the driver (null stays null). */
export function columnValues(table: PgTable, prefix: string, record: object): Record<string, unknown> {
  const columns = getTableColumns(table);
  const values: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) {
    if (value === undefined) continue;
    const column = columns[key];
    if (!column) throw new Error(`${key} is not a column of the table`);
    values[`${prefix}.${key}`] = value === null ? null : column.mapToDriverValue(value);
  }
  return values;
}

/**
 * A single-row insert's shape (the record's defined fields, 'a,b,c'), its placeholders and its
 * values, each named `prefix.key`; an absent field takes its column's default.
 */
export const insertRow = {
  shape: (record: object) => definedKeys(record).join(','),
  placeholders: (prefix: string, shape: string) => columnPlaceholders(prefix, shape.split(',')),
  values: (table: PgTable, prefix: string, record: object) => columnValues(table, prefix, record),
};

/**
 * A multi-row insert's shape, placeholders and values: each row's own fields (an absent one takes
 * its column's default), named `row0.key`, `row1.key` …
 */
export const insertRows = {
  shape: (rows: object[]) => rows.map((row) => definedKeys(row).join(',')).join(';'),
  placeholders: (shape: string) => shape.split(';').map((keys, index) => columnPlaceholders(`row${index}`, keys.split(','))),
  values: (table: PgTable, rows: object[]): Record<string, unknown> => Object.assign({}, ...rows.map((row, index) => columnValues(table, `row${index}`, row))),
};

/** A row of `table` as the driver gave it (keyed by column name), read as Drizzle reads it: each column decoded, null kept. */
export function rowOf<T extends PgTable>(table: T, raw: Record<string, unknown>): T['$inferSelect'] {
  const row: Record<string, unknown> = {};
  for (const [key, column] of Object.entries(getTableColumns(table))) {
    const value = raw[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T['$inferSelect'];
}
