import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor, RateLimitOptions } from '@fastify/rate-limit';
import LocalStore from '@fastify/rate-limit/store/LocalStore.js';
import RedisStore, { type WindowedStore } from '@fastify/rate-limit/store/RedisStore.js';
import type { Redis } from 'ioredis';

/** A route's `config.rateLimit` counted in the budget named `shared`: routes with the same name share one budget. */
interface SharedRateLimitOptions extends RateLimitOptions {
  shared: string;
  max: number;
  timeWindow: number;
}

/**
 * The `config.rateLimit` of a route whose limit must hold across every store process on one
 * database: `max` requests per client in each window of `windowMs`, under the budget `name`.
 */
export function sharedRateLimit(name: string, max: number, windowMs = 60_000): RateLimitOptions {
  const options: SharedRateLimitOptions = { shared: name, max, timeWindow: windowMs };
  return options;
}

/** What the shared limits need from the rate_limit_hits repository. */
export interface RateLimitCounters {
  hit(key: string, windowMs: number): Promise<{ hits: number; msLeft: number }>;
  sweepExpired(): Promise<void>;
}

export interface SharedRateLimitsOptions {
  /**
   * Where shared budgets are counted. Without it they are counted in this process's memory, which
   * is exact when no other process can use the database (PGlite: one process holds DATA_DIR).
   */
  counters?: RateLimitCounters;
  /**
   * When given, every limit (the global one, each route's, each named budget) is counted in this
   * Redis instead, so all of them hold across processes (docs/decisions/0040-rate-limits-in-redis.md).
   */
  redis?: Redis;
  log: { warn(details: object, message: string): void };
  sweepEveryMs?: number;
  /** The clock of the once-a-minute failure warning (tests move it). */
  now?: () => number;
}

const SWEEP_EVERY_MS = 60_000;
/** Where the limits' keys live in a Redis that may also serve other programs. */
const REDIS_PREFIX = 'songwish:rate-limit:';
const WARN_EVERY_MS = 60_000;

/**
 * The store given to @fastify/rate-limit: the global limit and every route limit stay in memory
 * (the hot path, docs/decisions/0004-hot-path.md); a route limit made with `sharedRateLimit`
 * is counted in the database when `counters` are given (docs/decisions/0026-shared-rate-limits.md).
 * Either way, the routes naming one budget count in it together.
 */
export function createSharedRateLimits({ counters, redis, log, sweepEveryMs = SWEEP_EVERY_MS, now = Date.now }: SharedRateLimitsOptions) {
  let lastWarning = -Infinity;
  /** The reason only, at most once a minute: a failing database fails every request, and the key names the client. */
  const warn = (what: string, error: unknown) => {
    if (now() - lastWarning < WARN_EVERY_MS) return;
    lastWarning = now();
    log.warn({ reason: failureReason(error) }, what);
  };

  /** One named budget; a database failure lets the request through rather than failing it. */
  const databaseStore = (database: RateLimitCounters, name: string, windowMs: number): FastifyRateLimitStore => ({
    incr(key, callback) {
      database.hit(`${name}:${key}`, windowMs).then(
        ({ hits, msLeft }) => callback(null, { current: hits, ttl: msLeft }),
        (error: unknown) => {
          warn('shared rate limits could not be counted; requests are let through until the database answers', error);
          callback(null, { current: 0, ttl: windowMs });
        },
      );
    },
    child: () => {
      throw new Error('a shared rate limit has no child limits');
    },
  });

  /** A limit counted in Redis; a Redis failure lets the request through, as a database failure does. */
  const forgiving = (store: WindowedStore): WindowedStore => ({
    incr(key, callback, timeWindow, max) {
      store.incr(
        key,
        (error, result) => {
          if (!error && result) return callback(null, result);
          warn('rate limits could not be counted in Redis; requests are let through until it answers', error);
          callback(null, { current: 0, ttl: timeWindow ?? 0 });
        },
        timeWindow,
        max,
      );
    },
    child: (routeOptions) => forgiving(store.child(routeOptions)),
  });

  class Store implements FastifyRateLimitStore {
    private readonly local: FastifyRateLimitStore;
    private readonly budgets = new Map<string, FastifyRateLimitStore>();
    constructor(private readonly params: Pick<RateLimitOptions, 'continueExceeding' | 'exponentialBackoff'>) {
      this.local = redis
        ? forgiving(new RedisStore(params.continueExceeding, params.exponentialBackoff, redis, REDIS_PREFIX))
        : new LocalStore(params.continueExceeding, params.exponentialBackoff);
    }
    incr(...args: Parameters<FastifyRateLimitStore['incr']>) {
      this.local.incr(...args);
    }
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]) {
      const { shared, timeWindow } = routeOptions as Partial<SharedRateLimitOptions>;
      if (shared === undefined) return this.local.child(routeOptions);
      if (typeof timeWindow !== 'number') throw new Error(`the shared rate limit ${shared} needs a time window in milliseconds`);
      let budget = this.budgets.get(shared);
      if (!budget) {
        budget = this.budget(shared, timeWindow);
        this.budgets.set(shared, budget);
      }
      return budget;
    }
    /** Redis when configured, else the database when other processes share it, else this process's memory. */
    private budget(name: string, windowMs: number): FastifyRateLimitStore {
      if (redis) return forgiving(new RedisStore(this.params.continueExceeding, this.params.exponentialBackoff, redis, `${REDIS_PREFIX}${name}:`));
      return counters ? databaseStore(counters, name, windowMs) : new LocalStore();
    }
  }

  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  /** Every process sweeps; deleting rows that are already gone is harmless. */
  const sweep = () =>
    (running ??= (counters?.sweepExpired() ?? Promise.resolve())
      .catch((error: unknown) => warn('could not sweep expired shared rate-limit counts', error))
      .finally(() => {
        running = undefined;
      }));

  return {
    Store: Store as FastifyRateLimitStoreCtor,
    sweep,
    /** The Redis connection failed (it reconnects by itself): said at most once a minute, like a failed count. */
    redisFailed: (error: unknown) => warn('Redis for rate limits is unreachable; requests are let through uncounted until it answers', error),
    startSweeping() {
      if (!counters) return;
      void sweep();
      timer = setInterval(() => void sweep(), sweepEveryMs);
      timer.unref();
    },
    async stopSweeping() {
      clearInterval(timer);
      await running;
    },
  };
}

export type SharedRateLimits = ReturnType<typeof createSharedRateLimits>;

/** The driver's code (an SQLSTATE, ECONNREFUSED) or the error's type: never the query's values. */
function failureReason(error: unknown): string {
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string') return code;
  }
  return error instanceof Error ? error.constructor.name : typeof error;
}
