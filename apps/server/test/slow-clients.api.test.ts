import { connect, type Socket } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config/env';
import { loadSecrets } from '../src/config/secrets';
import { createTestDatabase, testWebApp } from './helpers';

/** The real timeouts are tens of seconds; the same settings, made small, show what they do. */
const SMALL_TIMEOUTS = { headersMs: 600, requestMs: 1_000, idleMs: 5_000, checkMs: 100 };

/** Sends `chunks` one at a time, 100 ms apart, and reports how the connection ended. */
async function trickle(port: number, head: string, chunks: string[]): Promise<{ closedByServer: boolean; answer: string }> {
  const socket: Socket = connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  let answer = '';
  let closedByServer = false;
  socket.on('data', (data) => (answer += data.toString()));
  socket.on('error', () => undefined);
  socket.once('close', () => (closedByServer = true));
  socket.write(head);
  for (const chunk of chunks) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (closedByServer || socket.destroyed) break;
    socket.write(chunk);
  }
  const result = { closedByServer, answer };
  socket.destroy();
  return result;
}

describe('a client that sends its request slowly', () => {
  let app: FastifyInstance | undefined;
  let dataDir: string | undefined;
  afterEach(async () => {
    await app?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function listen() {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-slow-'));
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    app = await buildApp({
      config,
      database: await createTestDatabase('pglite'),
      secrets: await loadSecrets(dataDir, {}),
      webApp: testWebApp(),
      logger: false,
      serverTimeouts: SMALL_TIMEOUTS,
    });
    await app.listen({ host: '127.0.0.1', port: 0 });
    return (app.server.address() as { port: number }).port;
  }

  // 80 bytes at 100 ms each would take 8 s: far past the (small) request timeout.
  const body = Array.from({ length: 80 }, () => 'x');

  it('is cut off with 408 when its body arrives a byte at a time', async () => {
    const port = await listen();
    const head = `POST /api/orders/ HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`;
    const { closedByServer, answer } = await trickle(port, head, body);
    expect(closedByServer).toBe(true);
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it('is cut off when its headers arrive a byte at a time', async () => {
    const port = await listen();
    const headers = 'GET /status HTTP/1.1\r\nHost: localhost\r\nX-Padding: ' + 'y'.repeat(80);
    const { closedByServer } = await trickle(port, headers.slice(0, 5), [...headers.slice(5)]);
    expect(closedByServer).toBe(true);
  });
});
