// Shared by the Redis tests and bench/rate-limit-store.mjs, so both skip for the same reason.
import { Redis } from 'ioredis';

/** The Redis the tests count rate limits in. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a Redis answers PING at `url` within a second. */
export async function redisAnswers(url) {
  const probe = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}
