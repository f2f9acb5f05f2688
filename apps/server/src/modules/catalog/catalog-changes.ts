import { sql } from 'drizzle-orm';
import pg from 'pg';
import type { Database, DatabaseHandle } from '#server/db/client.ts';

/** The PostgreSQL channel every store process listens on for catalogue writes. */
export const CATALOG_CHANGED_CHANNEL = 'catalog_changed';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

export interface CatalogChangesOptions {
  database: DatabaseHandle;
  /** Drops this process's cached catalogue answers. */
  invalidate: () => void;
  onListenerError?: (error: unknown) => void;
}

/**
 * Tells every store process on the same database that the catalogue changed, so each drops its
 * cached answers within a second of a write instead of serving them until they expire.
 *
 * PostgreSQL: `announce(tx)` NOTIFYs inside the write's transaction (delivered only when it
 * commits), and one dedicated connection per process LISTENs, reconnecting with backoff when it
 * drops. PGlite has one process: `afterCommit` invalidates locally, which also spares the writing
 * process the notification's round trip on PostgreSQL.
 */
export function createCatalogChanges({ database, invalidate, onListenerError }: CatalogChangesOptions) {
  const url = database.engine === 'postgresql' ? database.connectionString : undefined;
  let client: pg.Client | undefined;
  let stopped = true;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  async function listen() {
    if (!url || stopped) return;
    const next = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
    next.on('notification', (message) => {
      if (message.channel === CATALOG_CHANGED_CHANNEL) invalidate();
    });
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, undefined));
    client = next;
    try {
      await next.connect();
      await next.query(`LISTEN ${CATALOG_CHANGED_CHANNEL}`);
      retryMs = FIRST_RETRY_MS;
      // Writes made while nobody listened were not heard: whatever is cached may be older than them.
      invalidate();
    } catch (error) {
      lost(next, error);
    }
  }

  function lost(which: pg.Client, error: unknown) {
    if (client !== which || stopped) return;
    client = undefined;
    if (error) onListenerError?.(error);
    which.end().catch(() => undefined);
    retryTimer = setTimeout(() => void listen(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  return {
    /** Starts listening (PostgreSQL only); resolves once the first attempt has finished. */
    async start() {
      if (!url || !stopped) return;
      stopped = false;
      await listen();
    },

    async stop() {
      stopped = true;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },

    /** A step of a catalogue write's transaction: the other processes hear of it when (and only if) it commits. */
    async announce(tx: Pick<Database, 'execute'>) {
      if (database.engine === 'postgresql') await tx.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, '')`);
    },

    /** After a catalogue write committed: this process drops its cache at once. */
    afterCommit() {
      invalidate();
    },

    /**
     * For writers that cannot announce inside their transaction: after it committed, tells the
     * other processes (PostgreSQL) and drops this process's cache. A failed notification is
     * reported; the others then catch up when their cache expires.
     */
    async committed(db: Pick<Database, 'execute'>) {
      invalidate();
      if (database.engine === 'postgresql') await db.execute(sql`select pg_notify(${CATALOG_CHANGED_CHANNEL}, '')`);
    },
  };
}

export type CatalogChanges = ReturnType<typeof createCatalogChanges>;
