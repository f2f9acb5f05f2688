import { AsyncLocalStorage } from 'node:async_hooks';
import type { PGlite } from '@electric-sql/pglite';

/**
 * PGlite is one connection: while a transaction runs, every query made on the client itself
 * (not on the transaction) waits for that transaction to end. Code inside a transaction that
 * awaits such a query therefore waits forever, and with it every later request that needs the
 * database, while the process looks healthy. PostgreSQL hides the mistake (the pool hands out a
 * second connection), so tests on it never show it.
 *
 * The guard marks the work a transaction's callback starts, and a query on the client from
 * inside that work fails at once instead of hanging the store. A transaction that holds the
 * connection too long for another reason (it awaits something slow) is reported with the place
 * it was started from, and a query PGlite has not answered for as long with its SQL, since
 * nothing else would show why the store stopped answering.
 */
export class QueryOutsideTransactionError extends Error {
  constructor(kind: string) {
    super(
      `A ${kind} on the database itself was made from inside a transaction; on PGlite it would wait for that transaction forever. Use the transaction's handle (tx) for every query inside it.`,
    );
    this.name = 'QueryOutsideTransactionError';
  }
}

export interface StalledDatabase {
  heldForMs: number;
  /** A transaction holds the connection: where it was started (code locations, no data). */
  startedFrom?: string;
  /** Else the oldest query still waiting for an answer: its SQL (values are sent apart from it). */
  statement?: string;
}

export interface TransactionGuardOptions {
  /** Called once per transaction or query that has waited `stalledAfterMs` (checked every quarter of it). */
  onStalled?: (stalled: StalledDatabase) => void;
  stalledAfterMs?: number;
}

const DEFAULT_STALLED_AFTER_MS = 10_000;
const STATEMENT_CHARACTERS = 200;

/**
 * Work started inside a transaction carries it; timers it set that fire after it ended find it
 * closed. On Node 20 an enabled AsyncLocalStorage runs async hooks for every promise and tick in
 * the process (the catalogue's answers cost 6% more with it on), so it is enabled only while a
 * transaction is open: work outside one needs no mark.
 */
const insideTransaction = new AsyncLocalStorage<{ open: boolean }>();
/** Transactions open on every guarded client of the process (a test may hold several databases). */
let transactionsOpen = 0;

export interface GuardedClient {
  client: PGlite;
  /** Stops watching for stalls (the client is being closed). */
  stop(): void;
}

interface Waiting {
  startedAt: number;
  reported: boolean;
}

export function guardTransactions(client: PGlite, options: TransactionGuardOptions = {}): GuardedClient {
  const stalledAfterMs = options.stalledAfterMs ?? DEFAULT_STALLED_AFTER_MS;
  let openTransaction: (Waiting & { origin: Error }) | undefined;
  // In the order they were made: the first is the oldest.
  const queries = new Map<number, Waiting & { statement: string }>();
  let nextQueryId = 0;

  const refuseInsideTransaction = (kind: string) => {
    if (insideTransaction.getStore()?.open) throw new QueryOutsideTransactionError(kind);
  };
  const tracked = async <T>(statement: string, run: () => Promise<T>): Promise<T> => {
    const id = nextQueryId++;
    queries.set(id, { startedAt: Date.now(), reported: false, statement });
    try {
      return await run();
    } finally {
      queries.delete(id);
    }
  };
  const query = client.query.bind(client);
  const exec = client.exec.bind(client);
  const transaction = client.transaction.bind(client);
  client.query = (async (...args: Parameters<PGlite['query']>) => {
    refuseInsideTransaction('query');
    return tracked(args[0], () => query(...args));
  }) as PGlite['query'];
  client.exec = (async (...args: Parameters<PGlite['exec']>) => {
    refuseInsideTransaction('statement');
    return tracked(args[0], () => exec(...args));
  }) as PGlite['exec'];
  client.transaction = (async (callback: Parameters<PGlite['transaction']>[0]) => {
    refuseInsideTransaction('transaction');
    const origin = stackHere();
    return transaction(async (tx) => {
      // PGlite runs one transaction at a time: this one holds the connection from here.
      const current = { startedAt: Date.now(), origin, reported: false };
      const context = { open: true };
      openTransaction = current;
      transactionsOpen += 1;
      try {
        return await insideTransaction.run(context, () => callback(tx));
      } finally {
        context.open = false;
        if (openTransaction === current) openTransaction = undefined;
        transactionsOpen -= 1;
        // The next transaction's run enables it again; until then nothing pays for its hooks.
        if (transactionsOpen === 0) insideTransaction.disable();
      }
    });
  }) as PGlite['transaction'];

  const stalled = (waiting: Waiting | undefined) => waiting && !waiting.reported && Date.now() - waiting.startedAt >= stalledAfterMs;
  const watch = setInterval(
    () => {
      // A stalled transaction is why the queries behind it wait: it alone is reported.
      const transactionNow = openTransaction;
      if (transactionNow) {
        if (!stalled(transactionNow)) return;
        transactionNow.reported = true;
        options.onStalled?.({ heldForMs: Date.now() - transactionNow.startedAt, startedFrom: stackOf(transactionNow.origin) });
        return;
      }
      const oldest = queries.values().next().value;
      if (!oldest || !stalled(oldest)) return;
      oldest.reported = true;
      options.onStalled?.({ heldForMs: Date.now() - oldest.startedAt, statement: oldest.statement.slice(0, STATEMENT_CHARACTERS) });
    },
    Math.max(10, Math.floor(stalledAfterMs / 4)),
  );
  watch.unref();
  return { client, stop: () => clearInterval(watch) };
}

/** Deep enough to reach past Drizzle's frames to the store's code that began the transaction. */
const ORIGIN_STACK_FRAMES = 25;

function stackHere(): Error {
  const limit = Error.stackTraceLimit;
  Error.stackTraceLimit = ORIGIN_STACK_FRAMES;
  const origin = new Error('transaction started');
  Error.stackTraceLimit = limit;
  return origin;
}

/** The stack's code locations, without the error's own line. */
const stackOf = (error: Error) => (error.stack ?? '').split('\n').slice(1).join('\n');
