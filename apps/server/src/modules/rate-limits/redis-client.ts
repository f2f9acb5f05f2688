/** How long the store waits at start for Redis before serving anyway (requests are then let through uncounted). */
const READY_WAIT_MS = 2_000;

/**
 * The connection every rate limit is counted on when REDIS_URL is set. A command fails at once
 * while Redis is unreachable (no offline queue, a short timeout) so a request is never held up
 * by it; ioredis keeps reconnecting in the background.
 */
export async function createRateLimitRedis(url: string, onError: (error: unknown) => void) {
  // Loaded only when REDIS_URL is set: its forty-odd modules are not every start's cost.
  const { Redis } = await import('ioredis');
  const redis = new Redis(url, {
    enableOfflineQueue: false,
    maxRetriesPerRequest: 0,
    commandTimeout: 1_000,
    connectTimeout: 2_000,
    // Reconnect quickly at first, then every 2 s: Redis coming back is noticed soon enough.
    retryStrategy: (attempt) => Math.min(attempt * 100, 2_000),
  });
  // Without a listener ioredis prints every failed reconnection to stderr.
  redis.on('error', onError);
  return {
    redis,
    /** Resolves when connected, or after a short wait: a missing Redis must not stop the store starting. */
    ready: () =>
      new Promise<void>((resolve) => {
        if (redis.status === 'ready') return resolve();
        const timer = setTimeout(done, READY_WAIT_MS);
        function done() {
          clearTimeout(timer);
          redis.off('ready', done);
          resolve();
        }
        redis.once('ready', done);
      }),
    close: async () => {
      // quit() waits for a reply that never comes from an unreachable Redis.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    },
  };
}

export type RateLimitRedis = ReturnType<typeof createRateLimitRedis>;
