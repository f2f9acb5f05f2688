// @fastify/rate-limit's in-memory store, which its package does not type; the shared store keeps it for every other limit.
declare module '@fastify/rate-limit/store/LocalStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';

  const LocalStore: new (continueExceeding?: boolean, exponentialBackoff?: boolean, cache?: number) => FastifyRateLimitStore;
  export default LocalStore;
}

// Its Redis store, untyped as well: the same INCR-and-PEXPIRE script for every limit when REDIS_URL is set.
declare module '@fastify/rate-limit/store/RedisStore.js' {
  import type { FastifyRateLimitStore } from '@fastify/rate-limit';
  import type { Redis } from 'ioredis';

  /** The plugin also passes the limit's window and maximum, which the Redis script needs. */
  export interface WindowedStore extends FastifyRateLimitStore {
    incr(key: string, callback: Parameters<FastifyRateLimitStore['incr']>[1], timeWindow?: number, max?: number): void;
    child(routeOptions: Parameters<FastifyRateLimitStore['child']>[0]): WindowedStore;
  }
  const RedisStore: new (continueExceeding: boolean | undefined, exponentialBackoff: boolean | undefined, redis: Redis, key?: string) => WindowedStore;
  export default RedisStore;
}
