import { sql } from 'drizzle-orm';
import type pg from 'pg';
import type { Database, DatabaseHandle } from './client';

const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;
/** Names the listening connection in pg_stat_activity (operators and tests find it by it). */
export const CHANGES_APPLICATION_NAME = 'songwish-changes';
const CHANNEL_NAME = /^[a-z_][a-z0-9_]*$/;

/**
 * What a process's cache is told: `subject` is what changed (e.g. a licence key), or undefined
 * when anything may have (a write naming no subject, or notifications missed while not listening).
 */
export type OnChange = (subject: string | undefined) => void;

export interface DatabaseChangesOptions {
  database: DatabaseHandle;
  onListenerError?: (error: unknown) => void;
}

/**
 * Tells every store process on the same database that some cached data changed, so each drops
 * what it cached within a second of a write instead of serving it until it expires. One
 * mechanism for every cache (catalogue, licences), one named channel each.
 *
 * PostgreSQL: `announce(tx)` NOTIFYs inside the write's transaction (delivered only when it
 * commits), and one dedicated connection per process LISTENs on every channel, reconnecting with
 * backoff when it drops; while it is down `listening()` is false (a cache that must not serve
 * stale answers bypasses itself), and once back every channel is told that anything may have
 * changed. PGlite has one process: `afterCommit` invalidates locally, which also spares the
 * writing process the notification's round trip on PostgreSQL.
 */
export function createDatabaseChanges({ database, onListenerError }: DatabaseChangesOptions) {
  const url = database.engine === 'postgresql' ? database.connectionString : undefined;
  const channels = new Map<string, OnChange>();
  let client: pg.Client | undefined;
  let listening = false;
  let stopped = true;
  let retryMs = FIRST_RETRY_MS;
  let retryTimer: NodeJS.Timeout | undefined;

  const everything = () => {
    for (const onChange of channels.values()) onChange(undefined);
  };

  async function listen() {
    if (!url || stopped) return;
    // Loaded here, as the store's own pool loads it: only a PostgreSQL store needs pg (db/client.ts).
    const { default: pgDriver } = await import('pg');
    if (stopped) return;
    const next = new pgDriver.Client({ connectionString: url, connectionTimeoutMillis: 5_000, application_name: CHANGES_APPLICATION_NAME });
    next.on('notification', (message) => channels.get(message.channel)?.(message.payload || undefined));
    next.on('error', (error) => lost(next, error));
    next.on('end', () => lost(next, undefined));
    client = next;
    try {
      await next.connect();
      for (const name of channels.keys()) await next.query(`LISTEN ${name}`);
      retryMs = FIRST_RETRY_MS;
      listening = client === next;
      // Writes made while nobody listened were not heard: whatever is cached may be older than them.
      everything();
    } catch (error) {
      lost(next, error);
    }
  }

  function lost(which: pg.Client, error: unknown) {
    if (client !== which || stopped) return;
    client = undefined;
    listening = false;
    if (error) onListenerError?.(error);
    which.end().catch(() => undefined);
    retryTimer = setTimeout(() => void listen(), retryMs).unref();
    retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
  }

  /** One statement however many subjects: one notification each, or one naming none (everything). */
  const notify = async (db: Pick<Database, 'execute'>, name: string, subjects: string[]) => {
    if (subjects.length === 0) await db.execute(sql`select pg_notify(${name}, '')`);
    else await db.execute(sql`select pg_notify(${name}, subject) from unnest(array[${sql.join(subjects, sql`, `)}]::text[]) as subject`);
  };
  const tell = (onChange: OnChange, subjects: string[]) => {
    if (subjects.length === 0) onChange(undefined);
    for (const subject of subjects) onChange(subject);
  };

  return {
    /**
     * A named channel: its writers announce changes on it, `onChange` drops what this process
     * cached. Declare every channel before `start()`.
     */
    channel(name: string, onChange: OnChange) {
      if (!CHANNEL_NAME.test(name)) throw new Error(`${name} is not a valid channel name`);
      if (channels.has(name)) throw new Error(`the channel ${name} is declared twice`);
      if (!stopped) throw new Error(`the channel ${name} is declared after listening started`);
      channels.set(name, onChange);
      return {
        /** A step of a write's transaction: the other processes hear of it when (and only if) it commits. No subject: everything. */
        async announce(tx: Pick<Database, 'execute'>, ...subjects: string[]) {
          if (url) await notify(tx, name, subjects);
        },

        /** After a write committed: this process drops what it cached at once. */
        afterCommit(...subjects: string[]) {
          tell(onChange, subjects);
        },

        /**
         * For writers that cannot announce inside their transaction: after it committed, tells the
         * other processes (PostgreSQL) and drops this process's cache. A failed notification is
         * reported; the others then catch up when their cache expires or their listener reconnects.
         */
        async committed(db: Pick<Database, 'execute'>, ...subjects: string[]) {
          tell(onChange, subjects);
          if (url) await notify(db, name, subjects);
        },

        /** Whether other processes' writes reach this process now (always on PGlite). */
        listening: () => !url || listening,
      };
    },

    /** Starts listening (PostgreSQL only); resolves once the first attempt has finished. */
    async start() {
      if (!url || !stopped) return;
      stopped = false;
      await listen();
    },

    async stop() {
      stopped = true;
      listening = false;
      clearTimeout(retryTimer);
      const current = client;
      client = undefined;
      await current?.end().catch(() => undefined);
    },
  };
}

export type DatabaseChanges = ReturnType<typeof createDatabaseChanges>;
export type ChangeChannel = ReturnType<DatabaseChanges['channel']>;
