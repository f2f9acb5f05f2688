import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp, loggerOptions } from '../src/app';
import { loadConfig } from '../src/config/env';
import { loadSecrets } from '../src/config/secrets';
import { outboxMessages } from '../src/db/schema';
import { createTestDatabase, TEST_ENGINES, testWebApp, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';

const EMAIL = 'victim.person@example.com';

/** A store whose logger (the store's own options) writes into `lines`, on its own data folder. */
async function storeLoggingTo(engine: (typeof TEST_ENGINES)[number], lines: string[]) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-log-'));
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', DATA_DIR: dataDir });
  const database = await createTestDatabase(engine);
  const stream = new Writable({
    write(chunk, _encoding, done) {
      lines.push(String(chunk));
      done();
    },
  });
  const app = await buildApp({
    config,
    database,
    secrets: await loadSecrets(dataDir, {}),
    webApp: testWebApp(),
    logger: { ...(loggerOptions(config) as object), stream },
  });
  /** Stops the store, then deletes its database and data folder. */
  const stop = async () => {
    await app.close();
    await database.destroy();
    await rm(dataDir, { recursive: true, force: true });
  };
  return { app, database, stop };
}

describe.each(TEST_ENGINES)('failed queries in the log on %s', (engine) => {
  let stop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await stop?.();
    stop = undefined;
  });

  /** The store's own logger options, writing into `lines`; two routes whose queries fail on an email. */
  async function appLoggingTo(lines: string[]) {
    const store = await storeLoggingTo(engine, lines);
    stop = store.stop;
    const { database } = store;
    const message = { dedupeKey: `welcome:${EMAIL}`, kind: 'test', toAddress: EMAIL, subject: 'Hello', textBody: 'Hi', htmlBody: '<p>Hi</p>' };
    store.app.get('/test/duplicate-email', async () => {
      await database.db.insert(outboxMessages).values(message);
      await database.db.insert(outboxMessages).values(message);
    });
    store.app.get('/test/email-as-number', async () => database.db.execute(sql`select ${EMAIL}::int as n`));
    await store.app.ready();
    return store.app;
  }

  it('says which query failed without its parameters or the row it collided with', async () => {
    const lines: string[] = [];
    const store = await appLoggingTo(lines);
    expect((await store.inject('/test/duplicate-email')).statusCode).toBe(500);
    const logged = lines.join('');
    expect(logged).not.toContain('victim.person');
    expect(logged).not.toContain('example.com');
    expect(logged).toContain('request failed');
    expect(logged).toContain('Failed query: insert into \\"outbox_messages\\"');
    expect(logged).toContain('outbox_messages_dedupe_unique');
    expect(logged).toContain('23505');
  });

  it('drops the value PostgreSQL quotes in its own message', async () => {
    const lines: string[] = [];
    const store = await appLoggingTo(lines);
    expect((await store.inject('/test/email-as-number')).statusCode).toBe(500);
    const logged = lines.join('');
    expect(logged).not.toContain('victim.person');
    expect(logged).toContain('Failed query: select $1::int as n');
    expect(logged).toContain('invalid input syntax for type integer');
  });
});

describe.each(TEST_ENGINES)('declined Lyra questions in the log on %s', (engine) => {
  it('reports a failed recording without the question', async () => {
    const lines: string[] = [];
    const { app, database, stop } = await storeLoggingTo(engine, lines);
    try {
      await app.ready();
      await database.db.execute(sql`drop table lyra_unanswered_questions`);
      const question = `Where does ${EMAIL} live?`;
      const response = await app.inject({ method: 'POST', url: '/api/lyra/query', payload: { query: question } });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ answered: false });
    } finally {
      // Stopping writes the waiting questions: the failure is logged then.
      await stop();
    }
    const logged = lines.join('');
    expect(logged).toContain('recording or deleting unanswered Lyra questions or old memories failed');
    expect(logged).toContain('Failed query: insert into \\"lyra_unanswered_questions\\"');
    expect(logged).not.toContain('victim.person');
  });
});

describe.each(TEST_ENGINES)("a signed-in shopper's Lyra turn in the log on %s", (engine) => {
  it('reports a failed write without the question or the email, and still answers', async () => {
    const lines: string[] = [];
    const { app, database, stop } = await storeLoggingTo(engine, lines);
    const question = 'Where is the private-wish-marker kept?';
    try {
      await app.ready();
      const { tokens } = await signInThroughIdp({ app, database } as unknown as TestApp, { email: EMAIL, password: 'correct horse battery', signUp: true });
      await database.db.execute(sql`drop table lyra_conversation_messages`);
      const response = await app.inject({
        method: 'POST',
        url: '/api/lyra/chat',
        headers: { authorization: `Bearer ${tokens.access_token}` },
        payload: { messages: [{ role: 'user', content: question }] },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json().conversationId).toBeUndefined();
    } finally {
      await stop();
    }
    const logged = lines.join('');
    expect(logged).toContain('storing a Lyra conversation turn failed');
    expect(logged).toContain('Failed query: insert into \\"lyra_conversation_messages\\"');
    expect(logged).not.toContain('victim.person');
    expect(logged).not.toContain('private-wish-marker');
  });
});
