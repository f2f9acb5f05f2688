import { generateKeyPairSync } from 'node:crypto';
import { count, eq } from 'drizzle-orm';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { lyraChatAnswerSchema } from '@store/contracts/lyra';
import {
  creativeLogPageSchema,
  lyraConversationListSchema,
  lyraConversationSchema,
  lyraGlobalStatsSchema,
  lyraShopperStateSchema,
  sketchGeneratedDataSchema,
  type CreativeLogEntry,
  type LyraGlobalStats,
} from '@store/contracts/lyra-memory';
import { creativeLogEntries, lyraConversations } from '#server/db/schema.ts';
import type { LyraMemoryService } from '#server/modules/lyra/lyra-memory.service.ts';
import { createLyraRepository } from '#server/modules/lyra/lyra.repository.ts';
import { PERSONAS } from '#server/modules/lyra/personas.ts';
import { loadOrCreateSigningKeys } from '../src/modules/identity/signing-keys';
import { buildSecondApp, createTestApp, createTestDatabase, TEST_ENGINES, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { parseLyraEvents } from './lyra-events';

const PASSWORD = 'correct horse battery';
const WISH = 'melancholic lo-fi in A minor at 80 bpm';
const SKETCH_TITLE = 'Melancholic lo-fi in A minor, 80 bpm';
const QUESTION = 'How many computers can I use reMIDI 4 on?';
const UNKNOWN = 'What is the capital of France?';
const FIRST_GREETING = PERSONAS[0]!.greetings.first;
/** A seed pack whose loops are all at 84 bpm in A minor. */
const REMIX_PACK = 'sw-select-sample-loops-vol-1';

type Method = 'GET' | 'POST' | 'DELETE';

describe.each(TEST_ENGINES)("Lyra's memory on %s", (engine) => {
  let t: TestApp;
  let memory: LyraMemoryService;
  let ada: string;
  let bob: string;

  const api = (method: Method, url: string, options: { token?: string; payload?: unknown; headers?: Record<string, string> } = {}) =>
    t.app.inject({
      method,
      url,
      headers: { ...(options.token ? { authorization: `Bearer ${options.token}` } : {}), ...options.headers },
      ...(options.payload === undefined ? {} : { payload: options.payload as object }),
    });
  const chat = (content: string, extra: Record<string, unknown> = {}, token?: string, headers?: Record<string, string>) =>
    api('POST', '/api/lyra/chat', { token, headers, payload: { messages: [{ role: 'user', content }], ...extra } });
  const token = async (email: string, verify = true) => (await signInThroughIdp(t, { email, password: PASSWORD, signUp: true, verify })).tokens.access_token;
  const rows = async (table: typeof lyraConversations | typeof creativeLogEntries) => (await t.database.db.select({ n: count() }).from(table))[0]!.n;
  const stats = async (): Promise<LyraGlobalStats> => {
    await memory.flushCounts();
    const response = await api('GET', '/api/lyra/global-stats');
    expect(response.statusCode).toBe(200);
    return lyraGlobalStatsSchema.parse(response.json());
  };

  beforeAll(async () => {
    t = await createTestApp(engine, {
      env: { LYRA_RATE_LIMIT_PER_MINUTE: '1000', RATE_LIMIT_MAX: '100000' },
      onLyraMemory: (service) => {
        memory = service;
      },
    });
    [ada, bob] = [await token('Ada@Example.com'), await token('bob@example.com')];
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('an anonymous shopper', () => {
    it('gets the same answers and stores nothing beyond the counts', async () => {
      const before = await stats();
      const [conversations, entries] = [await rows(lyraConversations), await rows(creativeLogEntries)];

      const answer = lyraChatAnswerSchema.parse((await chat(WISH)).json());
      expect(answer.sketch?.title).toBe(SKETCH_TITLE);
      expect(answer.conversationId).toBeUndefined();
      const streamed = parseLyraEvents((await chat(QUESTION, {}, undefined, { accept: 'text/event-stream' })).body);
      expect(streamed.at(-1)).toEqual({ name: 'done', data: { mode: 'search', answered: true } });
      const logged = await api('POST', '/api/creative/log', { payload: { type: 'sketch_played', data: { sketchId: answer.sketch!.id } } });
      expect(logged.statusCode).toBe(201);
      expect(logged.json()).toEqual({ id: null });

      expect([await rows(lyraConversations), await rows(creativeLogEntries)]).toEqual([conversations, entries]);
      const after = await stats();
      expect(after.questions.answered - before.questions.answered).toBe(2);
      expect(after.sketches.made - before.sketches.made).toBe(1);
      expect(after.sketches.played - before.sketches.played).toBe(1);
    });

    it('ignores a conversation id, as there is nothing of theirs to append to', async () => {
      const response = await chat(QUESTION, { conversationId: '0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21' });
      expect(response.statusCode).toBe(200);
      expect(response.json().conversationId).toBeUndefined();
    });
  });

  describe('a signed-in shopper', () => {
    let conversationId: string;

    it('has a chat remembered as a conversation, with the wish and the sketch in the creative log (JSON answer)', async () => {
      const response = await chat(WISH, {}, ada);
      expect(response.statusCode).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      expect(response.headers.vary).toMatch(/Authorization/i);
      const answer = lyraChatAnswerSchema.parse(response.json());
      expect(answer.conversationId).toMatch(/^[0-9a-f-]{36}$/);
      conversationId = answer.conversationId!;

      const list = lyraConversationListSchema.parse((await api('GET', '/api/lyra/conversations', { token: ada })).json());
      expect(list.conversations).toEqual([expect.objectContaining({ id: conversationId, influencer: 'lyra', title: WISH })]);
      const conversation = lyraConversationSchema.parse((await api('GET', `/api/lyra/conversations/${conversationId}`, { token: ada })).json());
      expect(conversation.messages.map(({ role, content }) => ({ role, content }))).toEqual([
        { role: 'user', content: WISH },
        { role: 'assistant', content: answer.answer },
      ]);
      expect(conversation.messages[1]!.sketch).toEqual(answer.sketch);

      const log = creativeLogPageSchema.parse((await api('GET', '/api/creative/log', { token: ada })).json());
      expect(log.entries.map((entry) => entry.type).sort()).toEqual(['sketch_generated', 'wish']);
      const made = log.entries.find((entry) => entry.type === 'sketch_generated')!;
      expect(sketchGeneratedDataSchema.parse(made.data)).toEqual({ sketch: answer.sketch, wish: WISH });
      expect(log.entries.find((entry) => entry.type === 'wish')!.data).toEqual({ text: WISH });
      // Keyed by the verified email in lower case.
      const [stored] = await t.database.db.select().from(lyraConversations).where(eq(lyraConversations.id, conversationId));
      expect(stored!.owner).toBe('ada@example.com');
    });

    it('appends a streamed turn to their conversation and ends it with the conversation id', async () => {
      const response = await chat(QUESTION, { conversationId }, ada, { accept: 'text/event-stream' });
      expect(response.statusCode).toBe(200);
      const events = parseLyraEvents(response.body);
      expect(events.at(-1)).toEqual({ name: 'done', data: { conversationId, mode: 'search', answered: true } });
      const conversation = lyraConversationSchema.parse((await api('GET', `/api/lyra/conversations/${conversationId}`, { token: ada })).json());
      expect(conversation.messages).toHaveLength(4);
      expect(conversation.messages[2]).toMatchObject({ role: 'user', content: QUESTION });
      expect(conversation.messages[3]!.citations!.length).toBeGreaterThan(0);
    });

    it('has a remix sketch made through chat kept in their sketches, in the pack’s key and tempo', async () => {
      const grace = await token('grace@example.com');
      // Streamed, as the panel asks it.
      const events = parseLyraEvents((await chat('rainy night', { remix: REMIX_PACK }, grace, { accept: 'text/event-stream' })).body);
      const sketch = events.find((event) => event.name === 'sketch')?.data.sketch;
      expect(sketch).toMatchObject({ key: 'A minor', bpm: 84 });
      const log = creativeLogPageSchema.parse((await api('GET', '/api/creative/log?type=sketch_generated', { token: grace })).json());
      expect(log.entries.map((entry) => sketchGeneratedDataSchema.parse(entry.data))).toEqual([{ sketch, wish: 'rainy night' }]);
    });

    it('starts a new conversation, titled from the question shortened, when none is given', async () => {
      const long = `${QUESTION} And what about the other plugins, the packs and the licences for a studio?`;
      const answer = lyraChatAnswerSchema.parse((await chat(long, {}, ada)).json());
      expect(answer.conversationId).not.toBe(conversationId);
      const list = lyraConversationListSchema.parse((await api('GET', '/api/lyra/conversations', { token: ada })).json());
      expect(list.conversations[0]!.id).toBe(answer.conversationId);
      expect(list.conversations[0]!.title.length).toBeLessThanOrEqual(61);
      expect(list.conversations[0]!.title).toMatch(/^How many computers.*…$/);
    });

    it("cannot read, append to or see another shopper's conversation and log", async () => {
      const conversations = await rows(lyraConversations);
      expect((await api('GET', `/api/lyra/conversations/${conversationId}`, { token: bob })).statusCode).toBe(404);
      const appended = await chat('Remember this secret', { conversationId }, bob);
      expect(appended.statusCode).toBe(404);
      expect(appended.json().message).toMatch(/^No such conversation/);
      const streamed = await chat('Remember this secret', { conversationId }, bob, { accept: 'text/event-stream' });
      expect(streamed.statusCode).toBe(404);
      expect(streamed.headers['content-type']).toMatch(/json/);
      expect(await rows(lyraConversations)).toBe(conversations);
      const conversation = lyraConversationSchema.parse((await api('GET', `/api/lyra/conversations/${conversationId}`, { token: ada })).json());
      expect(conversation.messages.map((message) => message.content)).not.toContain('Remember this secret');
      expect(lyraConversationListSchema.parse((await api('GET', '/api/lyra/conversations', { token: bob })).json()).conversations).toEqual([]);
      expect(creativeLogPageSchema.parse((await api('GET', '/api/creative/log', { token: bob })).json()).entries).toEqual([]);
    });

    it('gets 404 for an unknown conversation and 400 for a malformed id', async () => {
      expect((await api('GET', '/api/lyra/conversations/0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21', { token: ada })).statusCode).toBe(404);
      expect((await chat(QUESTION, { conversationId: '0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21' }, ada)).statusCode).toBe(404);
      const malformed = await api('GET', '/api/lyra/conversations/not-an-id', { token: ada });
      expect(malformed.statusCode).toBe(400);
      expect(malformed.json().message).toContain('id: not a conversation id');
    });
  });

  describe('signing in', () => {
    const signedIn: Array<[Method, string]> = [
      ['GET', '/api/creative/log'],
      ['GET', '/api/lyra/psychological_state/me'],
      ['GET', '/api/lyra/conversations'],
      ['GET', '/api/lyra/conversations/0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21'],
      ['DELETE', '/api/lyra/memory'],
    ];

    it('is needed for every call about the shopper: 401 without a token, with a malformed one, or a forged one', async () => {
      const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
      const keys = await loadOrCreateSigningKeys(t.dataDir);
      const now = Math.floor(Date.now() / 1000);
      const forged = await new SignJWT({
        sub: 'x',
        email: 'ada@example.com',
        email_verified: true,
        iss: 'http://localhost:8080/idp',
        aud: 'http://localhost:8080/api',
        iat: now,
        exp: now + 600,
      })
        .setProtectedHeader({ alg: 'RS256', kid: keys.privateJwks.keys[0]!.kid!, typ: 'at+jwt' })
        .sign(privateKey);
      for (const [method, url] of signedIn) {
        for (const bad of [undefined, 'abc.def.ghi', forged]) {
          const response = await api(method, url, { token: bad });
          expect(response.statusCode, `${method} ${url} ${bad ?? 'no token'}`).toBe(401);
          expect(response.headers['www-authenticate']).toMatch(/^Bearer/);
        }
      }
    });

    it('is optional for chat and the creative log, but a bad token there is refused rather than taken as anonymous', async () => {
      expect((await chat(QUESTION, {}, 'abc.def.ghi')).statusCode).toBe(401);
      expect((await api('POST', '/api/creative/log', { token: 'abc.def.ghi', payload: { type: 'sketch_played' } })).statusCode).toBe(401);
      expect(
        (await api('POST', '/api/creative/log', { headers: { authorization: 'Basic dXNlcjpwYXNz' }, payload: { type: 'sketch_played' } })).statusCode,
      ).toBe(401);
    });

    it('refuses an unconfirmed email with 403', async () => {
      const unconfirmed = await token('unconfirmed@example.com', false);
      expect((await chat(QUESTION, {}, unconfirmed)).statusCode).toBe(403);
      expect((await api('GET', '/api/lyra/conversations', { token: unconfirmed })).statusCode).toBe(403);
    });

    it('answers signed-in calls uncached and varying by Authorization', async () => {
      for (const [method, url] of signedIn.filter(([method]) => method === 'GET')) {
        const response = await api(method, url, { token: bob });
        expect(response.headers['cache-control'], url).toBe('no-store');
        expect(response.headers.vary, url).toMatch(/Authorization/i);
      }
    });
  });

  describe('the creative log', () => {
    let carol: string;
    beforeAll(async () => {
      carol = await token('carol@example.com');
    });

    it('stores a signed-in shopper’s event and answers 201 with its id', async () => {
      const response = await api('POST', '/api/creative/log', { token: carol, payload: { type: 'remix_started', data: { path: 'night-loops' } } });
      expect(response.statusCode).toBe(201);
      const { id } = response.json();
      expect(id).toMatch(/^[0-9a-f-]{36}$/);
      const page = creativeLogPageSchema.parse((await api('GET', '/api/creative/log', { token: carol })).json());
      expect(page.entries).toEqual([expect.objectContaining({ id, type: 'remix_started', influencer: 'lyra', data: { path: 'night-loops' } })]);
    });

    it.each([
      ['an unknown type', { type: 'hacked' }, 'type:'],
      ['no type', { data: {} }, 'type:'],
      ['data that is an array', { type: 'wish', data: [1, 2] }, 'data:'],
      ['data that is a string', { type: 'wish', data: 'text' }, 'data:'],
      ['data over 4 KB', { type: 'wish', data: { text: 'x'.repeat(4100) } }, 'data:'],
      ['a wrongly typed persona', { type: 'wish', influencer: 7 }, 'influencer:'],
    ])('refuses %s with a 400 naming the field', async (_name, payload, field) => {
      const response = await api('POST', '/api/creative/log', { token: carol, payload });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toContain(field);
    });

    it.each([
      ['no body', undefined, undefined],
      ['an empty JSON body', '', 'application/json'],
      ['a body that is not JSON', '{"type": ', 'application/json'],
      ['JSON null', 'null', 'application/json'],
      ['plain text', 'sketch_played', 'text/plain'],
    ])('refuses %s with a 400', async (_name, payload, contentType) => {
      const response = await t.app.inject({ method: 'POST', url: '/api/creative/log', payload, headers: contentType ? { 'content-type': contentType } : {} });
      expect(response.statusCode).toBe(400);
      expect(response.json().error).toBe('Bad Request');
    });

    it('pages newest first with an opaque cursor, filters by type, and refuses a foreign cursor', async () => {
      const dave = await token('dave@example.com');
      const ids: string[] = [];
      for (const [index, type] of ['sketch_played', 'sketch_downloaded', 'sketch_played', 'preview_played', 'sketch_played'].entries()) {
        ids.push((await api('POST', '/api/creative/log', { token: dave, payload: { type, data: { n: index } } })).json().id);
      }
      const seen: CreativeLogEntry[] = [];
      let cursor: string | null = null;
      const sizes: number[] = [];
      do {
        const url: string = `/api/creative/log?limit=2${cursor ? `&before=${cursor}` : ''}`;
        const page = creativeLogPageSchema.parse((await api('GET', url, { token: dave })).json());
        sizes.push(page.entries.length);
        seen.push(...page.entries);
        cursor = page.nextCursor;
      } while (cursor);
      expect(sizes).toEqual([2, 2, 1]);
      expect(new Set(seen.map((entry) => entry.id))).toEqual(new Set(ids));
      // Newest first; entries of the same millisecond by id, so none is skipped or repeated across pages.
      const newestFirst = [...seen].sort((a, b) => b.createdAt.localeCompare(a.createdAt) || (a.id < b.id ? 1 : -1));
      expect(seen).toEqual(newestFirst);

      const played = creativeLogPageSchema.parse((await api('GET', '/api/creative/log?type=sketch_played', { token: dave })).json());
      expect(played.entries.map((entry) => entry.data.n)).toEqual(newestFirst.filter((entry) => entry.type === 'sketch_played').map((entry) => entry.data.n));
      expect(played.entries).toHaveLength(3);
      expect(played.nextCursor).toBeNull();

      const foreign = await api('GET', '/api/creative/log?before=bm90LWEtY3Vyc29y', { token: dave });
      expect(foreign.statusCode).toBe(400);
      expect(foreign.json().message).toBe('before: not a cursor from this store');
      for (const query of ['limit=0', 'limit=51', 'limit=two', 'type=hacked']) {
        const response = await api('GET', `/api/creative/log?${query}`, { token: dave });
        expect(response.statusCode, query).toBe(400);
        expect(response.json().message, query).toContain(`${query.split('=')[0]}:`);
      }
    });
  });

  describe('global stats', () => {
    it('adds up answered and unanswered questions, sketches with their keys and moods, and logged events, for everyone', async () => {
      const before = await stats();
      await chat(UNKNOWN);
      await api('POST', '/api/lyra/query', { payload: { query: WISH } });
      await api('POST', '/api/lyra/query', { payload: { query: QUESTION } });
      await api('POST', '/api/creative/log', { payload: { type: 'sketch_downloaded' } });
      await api('POST', '/api/creative/log', { token: bob, payload: { type: 'remix_started' } });
      const after = await stats();
      expect(after.questions.answered - before.questions.answered).toBe(2);
      expect(after.questions.unanswered - before.questions.unanswered).toBe(1);
      expect(after.sketches.made - before.sketches.made).toBe(1);
      expect(after.sketches.downloaded - before.sketches.downloaded).toBe(1);
      expect(after.remixesStarted - before.remixesStarted).toBe(1);
      const count = (list: LyraGlobalStats['topKeys'], label: string) => list.find((item) => item.label === label)?.count ?? 0;
      expect(count(after.topKeys, 'A minor') - count(before.topKeys, 'A minor')).toBe(1);
      expect(count(after.topMoods, 'melancholic') - count(before.topMoods, 'melancholic')).toBe(1);
      expect(after.since).not.toBeNull();
      expect(after.topKeys.length).toBeLessThanOrEqual(5);
    });

    it('adds up the counts of two store processes on one database', async () => {
      let secondMemory: LyraMemoryService | undefined;
      const second = await buildSecondApp(t, { onLyraMemory: (service) => (secondMemory = service) });
      await second.ready();
      try {
        const before = await stats();
        await api('POST', '/api/creative/log', { payload: { type: 'preview_played' } });
        await second.inject({ method: 'POST', url: '/api/creative/log', payload: { type: 'sketch_played' } });
        await second.inject({ method: 'POST', url: '/api/creative/log', payload: { type: 'sketch_played' } });
        await secondMemory!.flushCounts();
        const after = await stats();
        expect(after.sketches.played - before.sketches.played).toBe(2);
      } finally {
        await second.close();
      }
    });
  });

  describe("Lyra's state toward a shopper", () => {
    it('needs signing in, greets a new shopper as usual and a returning one with their last sketch', async () => {
      expect((await api('GET', '/api/lyra/psychological_state/me')).statusCode).toBe(401);
      const erin = await token('erin@example.com');
      const fresh = lyraShopperStateSchema.parse((await api('GET', '/api/lyra/psychological_state/me?influencer=lyra', { token: erin })).json());
      expect(fresh).toMatchObject({ influencer: 'lyra', mood: 'curious', familiarity: 0, streakDays: 0, lastSeen: null, greeting: FIRST_GREETING });
      await chat(WISH, {}, erin);
      const back = lyraShopperStateSchema.parse((await api('GET', '/api/lyra/psychological_state/me', { token: erin })).json());
      expect(back.greeting).toBe(`Back for more A minor? Last time we made ‘${SKETCH_TITLE}’.`);
      expect(back).toMatchObject({ favouriteKeys: ['A minor'], favouriteMoods: ['melancholic'], streakDays: 1 });
      expect(back.familiarity).toBeGreaterThan(0);
    });
  });

  it.each([
    ['POST', '/api/lyra/query', { query: QUESTION, influencer: 'nobody' }, false],
    ['POST', '/api/lyra/chat', { messages: [{ role: 'user', content: QUESTION }], influencer: 'nobody' }, false],
    ['POST', '/api/lyra/chat', { messages: [{ role: 'user', content: QUESTION }], influencer: 'nobody' }, true],
    ['POST', '/api/creative/log', { type: 'wish', influencer: 'nobody' }, true],
    ['GET', '/api/lyra/global-stats?influencer=nobody', undefined, false],
    ['GET', '/api/lyra/psychological_state/me?influencer=nobody', undefined, true],
  ] as const)('%s %s answers 404 for an assistant that is not configured (signed in: %s)', async (method, url, payload, signed) => {
    const response = await api(method, url, { payload, token: signed ? ada : undefined });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe("No assistant named 'nobody'");
  });

  it('forgets a shopper on request: their conversations and creative log go, another shopper’s stay', async () => {
    const frank = await token('frank@example.com');
    await chat(WISH, {}, frank);
    const bobConversation = lyraChatAnswerSchema.parse((await chat(WISH, {}, bob)).json()).conversationId!;
    const forgotten = await api('DELETE', '/api/lyra/memory', { token: frank });
    expect(forgotten.statusCode).toBe(204);
    expect(forgotten.body).toBe('');
    expect(lyraConversationListSchema.parse((await api('GET', '/api/lyra/conversations', { token: frank })).json()).conversations).toEqual([]);
    expect(creativeLogPageSchema.parse((await api('GET', '/api/creative/log', { token: frank })).json()).entries).toEqual([]);
    expect(await t.database.db.select().from(creativeLogEntries).where(eq(creativeLogEntries.owner, 'frank@example.com'))).toEqual([]);
    expect((await api('GET', `/api/lyra/conversations/${bobConversation}`, { token: bob })).statusCode).toBe(200);
    const state = lyraShopperStateSchema.parse((await api('GET', '/api/lyra/psychological_state/me', { token: frank })).json());
    expect(state.greeting).toBe(FIRST_GREETING);
  });

  it('deletes conversations and creative entries older than the retention, and keeps newer ones', async () => {
    const repository = createLyraRepository(t.database.db);
    const old = new Date(Date.now() - 400 * 24 * 60 * 60_000);
    const recent = new Date();
    await repository.saveTurn({
      owner: 'old@example.com',
      influencer: 'lyra',
      title: 'old',
      question: 'old',
      answer: 'old',
      extras: {},
      events: [{ type: 'wish', data: {} }],
      at: old,
    });
    await repository.saveTurn({
      owner: 'old@example.com',
      influencer: 'lyra',
      title: 'new',
      question: 'new',
      answer: 'new',
      extras: {},
      events: [{ type: 'wish', data: {} }],
      at: recent,
    });
    expect(await repository.deleteMemoryBefore(new Date(Date.now() - 365 * 24 * 60 * 60_000))).toEqual({ conversations: 1, entries: 1 });
    expect((await repository.listConversations('old@example.com', 10)).map((row) => row.title)).toEqual(['new']);
    expect(await repository.listCreativeEntries({ owner: 'old@example.com', limit: 10 })).toHaveLength(1);
  });

  it("keeps each shopper's newest conversations and entries only, beyond the cap, without touching another shopper's", async () => {
    // A database of its own, so the counts are this test's alone.
    const database = await createTestDatabase(engine);
    onTestFinished(() => database.destroy());
    const repository = createLyraRepository(database.db);
    const turn = (owner: string, title: string, minutesAgo: number) =>
      repository.saveTurn({
        owner,
        influencer: 'lyra',
        title,
        question: title,
        answer: title,
        extras: {},
        events: [{ type: 'wish', data: { title } }],
        at: new Date(Date.now() - minutesAgo * 60_000),
      });
    for (const [title, minutesAgo] of [
      ['first', 30],
      ['second', 20],
      ['third', 10],
    ] as const)
      await turn('busy@example.com', title, minutesAgo);
    await turn('quiet@example.com', 'only', 40);
    expect(await repository.trimMemoryTo(2)).toEqual({ conversations: 1, entries: 1 });
    expect((await repository.listConversations('busy@example.com', 10)).map((row) => row.title)).toEqual(['third', 'second']);
    expect((await repository.listCreativeEntries({ owner: 'busy@example.com', limit: 10 })).map((row) => row.data)).toEqual([
      { title: 'third' },
      { title: 'second' },
    ]);
    expect(await repository.listConversations('quiet@example.com', 10)).toHaveLength(1);
  });
});
