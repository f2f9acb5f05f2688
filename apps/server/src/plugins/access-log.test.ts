import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { inProcessHeaders } from '#server/lib/in-process-request.ts';
import { accessLogPlugin } from './access-log';

describe('the access log', () => {
  it("writes one line per visitor's request, without its query, and none for the server's own requests", async () => {
    const lines: Array<Record<string, unknown>> = [];
    const stream = new Writable({
      write(chunk: Buffer, _encoding, done) {
        lines.push(JSON.parse(chunk.toString('utf8')) as Record<string, unknown>);
        done();
      },
    });
    const app = Fastify({ logger: { level: 'info', stream }, disableRequestLogging: true });
    await app.register(accessLogPlugin);
    app.get('/api/products/', async () => []);
    try {
      await app.inject({ url: '/api/products/?token=secret' });
      await app.inject({ url: '/api/products/', headers: inProcessHeaders() });
      const requests = lines.filter((line) => line.msg === 'request');
      expect(requests).toHaveLength(1);
      expect(requests[0]).toMatchObject({ method: 'GET', path: '/api/products/', status: 200 });
      expect(JSON.stringify(requests)).not.toContain('secret');
    } finally {
      await app.close();
    }
  });
});
