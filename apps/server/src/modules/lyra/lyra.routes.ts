import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { lyraAnswerSchema, lyraChatAnswerSchema, lyraChatRequestSchema, lyraQueryRequestSchema, type LyraChatEventName } from '@store/contracts/lyra';
import {
  creativeLogCreatedSchema,
  creativeLogPageSchema,
  creativeLogQuerySchema,
  creativeLogRequestSchema,
  influencerQuerySchema,
  lyraConversationListSchema,
  lyraConversationParamsSchema,
  lyraConversationSchema,
  lyraGlobalStatsSchema,
  lyraShopperStateSchema,
} from '@store/contracts/lyra-memory';
import { HttpError, notFound } from '#server/lib/http-error.ts';
import { sharedRateLimit } from '#server/modules/rate-limits/shared-rate-limits.ts';
import type { AccessTokenVerifier } from '#server/modules/accounts/access-token.ts';
import { optionalCaller, signedInCaller, signedInIfPresent, signedInOnly } from '#server/modules/accounts/signed-in.ts';
import { NoSuchConversationError, NotACursorError, type LyraMemoryService } from './lyra-memory.service';
import { ChatInterruptedError, UnknownInfluencerError } from './lyra.service';

export interface LyraRoutesOptions {
  memory: LyraMemoryService;
  /** Checks the access tokens of signed-in shoppers. */
  verifier: AccessTokenVerifier;
  /** Questions and chats one client may send per minute, counted by all processes together. */
  queriesPerMinute: number;
  /** Creative events one client may log per minute. */
  creativeLogPerMinute?: number;
  /** How often a streamed answer sends a comment so proxies keep the connection open. */
  pingMs?: number;
}

const PING_MS = 15_000;
const CREATIVE_LOG_PER_MINUTE = 120;
/** A search-mode answer is streamed in about this many pieces, so a client reads both modes alike. */
const SEARCH_CHUNKS = 4;
const STREAM_FAILED = 'Lyra could not finish this answer. Please ask again in a moment.';

/**
 * Lyra's calls (docs/behaviour/lyra.md), in three scopes by who may call them:
 * - public: `POST /api/lyra/query`, `GET /api/lyra/global-stats`
 * - signed in or not (the answer is the same; only a signed-in shopper's is remembered):
 *   `POST /api/lyra/chat`, `POST /api/creative/log`
 * - signed in only: `GET /api/creative/log`, `GET /api/lyra/psychological_state/me`,
 *   `GET /api/lyra/conversations`, `GET /api/lyra/conversations/{id}`, `DELETE /api/lyra/memory`
 */
export async function lyraRoutes(fastify: FastifyInstance, options: LyraRoutesOptions) {
  // The memory's refusals become HTTP answers here, for every route below; the store's error handler renders them.
  fastify.setErrorHandler((error) => {
    throw httpErrorOf(error);
  });
  await fastify.register(async (scope) => {
    // Public, but about the moment: never cached.
    scope.addHook('onRequest', async (_request, reply) => {
      reply.header('cache-control', 'no-store');
    });
    await scope.register(publicRoutes, options);
  });
  await fastify.register(async (scope) => {
    // The answer depends on who asks: never cached, and never shared between callers.
    scope.addHook('onRequest', privateAnswer);
    await scope.register(signedInIfPresent, { verifier: options.verifier });
    await scope.register(anyShopperRoutes, options);
  });
  await fastify.register(async (scope) => {
    scope.addHook('onRequest', privateAnswer);
    await scope.register(signedInOnly, { verifier: options.verifier });
    await scope.register(signedInRoutes, options);
  });
}

async function privateAnswer(_request: FastifyRequest, reply: FastifyReply) {
  reply.header('cache-control', 'no-store').header('vary', 'Authorization');
}

/** One budget for the question and chat calls, shared by every process: a chat costs at least what a question does. */
const questionConfig = (queriesPerMinute: number) => ({ input: 'question', rateLimit: sharedRateLimit('lyra-questions', queriesPerMinute) });

async function publicRoutes(fastify: FastifyInstance, { memory, queriesPerMinute }: LyraRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/lyra/query',
    { config: questionConfig(queriesPerMinute), schema: { body: lyraQueryRequestSchema, response: { 200: lyraAnswerSchema } } },
    async (request) => memory.query(request.body),
  );

  app.get(
    '/api/lyra/global-stats',
    { config: { input: 'persona' }, schema: { querystring: influencerQuerySchema, response: { 200: lyraGlobalStatsSchema } } },
    async (request) => memory.globalStats(request.query.influencer),
  );
}

async function anyShopperRoutes(
  fastify: FastifyInstance,
  { memory, queriesPerMinute, creativeLogPerMinute = CREATIVE_LOG_PER_MINUTE, pingMs = PING_MS }: LyraRoutesOptions,
) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.post(
    '/api/lyra/chat',
    { config: questionConfig(queriesPerMinute), schema: { body: lyraChatRequestSchema, response: { 200: lyraChatAnswerSchema } } },
    async (request, reply) => {
      // Checked before any answer goes out, so an unknown persona or conversation is still a 404.
      const turn = await memory.openChat(optionalCaller(request), request.body);
      if (!request.headers.accept?.includes('text/event-stream')) return turn.answer();

      const controller = new AbortController();
      const stream = new PassThrough();
      // The shopper went away (or the answer ended): the language model's call stops with it.
      reply.raw.on('close', () => controller.abort());
      // Nothing is written once the shopper has gone (the stream is then destroyed).
      const write = (text: string) => {
        if (stream.writable) stream.write(text);
      };
      const send = (event: LyraChatEventName, data: unknown) => write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
      const ping = setInterval(() => write(': ping\n\n'), pingMs);
      void turn
        .answer({ signal: controller.signal, onText: (text) => send('delta', { text }) })
        .then((answer) => {
          if (answer.mode === 'search') for (const text of chunks(answer.answer, SEARCH_CHUNKS)) send('delta', { text });
          send('citations', { citations: answer.citations });
          send('products', { products: answer.products });
          if (answer.sketch) send('sketch', { sketch: answer.sketch });
          send('done', { ...(answer.conversationId ? { conversationId: answer.conversationId } : {}), mode: answer.mode, answered: answer.answered });
        })
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          if (!(error instanceof ChatInterruptedError)) request.log.error({ err: error, reqId: request.id }, 'streaming a Lyra answer failed');
          send('error', { message: error instanceof ChatInterruptedError ? error.message : STREAM_FAILED });
        })
        .finally(() => {
          clearInterval(ping);
          stream.end();
        });
      // A stream is sent as it is: the 200 schema describes the JSON answer, not the events.
      const untyped = reply as unknown as FastifyReply;
      return untyped.header('content-type', 'text/event-stream; charset=utf-8').header('x-accel-buffering', 'no').send(stream);
    },
  );

  app.post(
    '/api/creative/log',
    {
      config: { input: 'creative event', rateLimit: sharedRateLimit('creative-log', creativeLogPerMinute) },
      schema: { body: creativeLogRequestSchema, response: { 201: creativeLogCreatedSchema } },
    },
    async (request, reply) => {
      const created = await memory.logEvent(optionalCaller(request), request.body);
      return reply.code(201).send(created);
    },
  );
}

async function signedInRoutes(fastify: FastifyInstance, { memory }: LyraRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/creative/log',
    { config: { input: 'creative log page' }, schema: { querystring: creativeLogQuerySchema, response: { 200: creativeLogPageSchema } } },
    async (request) => memory.log(signedInCaller(request), request.query),
  );

  app.get(
    '/api/lyra/psychological_state/me',
    { config: { input: 'persona' }, schema: { querystring: influencerQuerySchema, response: { 200: lyraShopperStateSchema } } },
    async (request) => memory.state(signedInCaller(request), request.query.influencer),
  );

  app.get('/api/lyra/conversations', { schema: { response: { 200: lyraConversationListSchema } } }, async (request) =>
    memory.conversations(signedInCaller(request)),
  );

  app.get(
    '/api/lyra/conversations/:id',
    { config: { input: 'conversation id' }, schema: { params: lyraConversationParamsSchema, response: { 200: lyraConversationSchema } } },
    async (request) => memory.conversation(signedInCaller(request), request.params.id),
  );

  app.delete('/api/lyra/memory', { schema: { response: { 204: z.null() } } }, async (request, reply) => {
    await memory.forget(signedInCaller(request));
    return reply.code(204).send(null);
  });
}

/** The memory's refusals as HTTP errors: an unknown persona or conversation is a 404, a foreign cursor a 400; other errors as they are. */
function httpErrorOf(error: unknown): unknown {
  if (error instanceof UnknownInfluencerError || error instanceof NoSuchConversationError) return notFound(error.message);
  if (error instanceof NotACursorError) return new HttpError(400, error.message);
  return error;
}

/** The text cut at spaces into about `count` pieces that join back to it. */
export function chunks(text: string, count: number): string[] {
  const size = Math.max(1, Math.ceil(text.length / count));
  const pieces: string[] = [];
  let start = 0;
  while (start < text.length) {
    const space = text.indexOf(' ', start + size);
    const end = space === -1 ? text.length : space;
    pieces.push(text.slice(start, end));
    start = end;
  }
  return pieces;
}
