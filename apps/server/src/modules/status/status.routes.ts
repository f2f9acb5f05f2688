import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { statusResponseSchema, type StatusResponse } from '@store/contracts';
import type { DatabaseHandle } from '#server/db/client.ts';

const PING_TIMEOUT_MS = 2_000;

export async function statusRoutes(fastify: FastifyInstance, { database, version }: { database: DatabaseHandle; version: string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const startedAt = Date.now();
  // A monitor reads the same body whether the store is healthy (200) or not (503).
  const schema = { response: { 200: statusResponseSchema, 503: statusResponseSchema } };
  app.get('/status', { schema }, async (_request, reply) => {
    const healthy = await withTimeout(database.ping(), PING_TIMEOUT_MS).then(
      () => true,
      () => false,
    );
    const body: StatusResponse = {
      status: healthy ? 'ok' : 'unavailable',
      version,
      database: database.engine,
      uptimeSeconds: Math.floor((Date.now() - startedAt) / 1000),
    };
    return reply
      .code(healthy ? 200 : 503)
      .header('cache-control', 'no-store')
      .send(body);
  });
}

function withTimeout(promise: Promise<unknown>, ms: number) {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise((_, reject) => {
    timer = setTimeout(() => reject(new Error('timed out')), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}
