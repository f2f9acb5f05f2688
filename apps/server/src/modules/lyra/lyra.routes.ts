import { PassThrough } from 'node:stream';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { lyraAnswerSchema, lyraChatAnswerSchema, lyraChatRequestSchema, lyraQueryRequestSchema, type LyraChatEventName } from '@store/contracts/lyra';
import { notFound } from '#server/lib/http-error.ts';
import { sharedRateLimit } from '#server/modules/rate-limits/shared-rate-limits.ts';
import { ChatInterruptedError, UnknownInfluencerError, type LyraService } from './lyra.service';

export interface LyraRoutesOptions {
  lyra: LyraService;
  /** Questions and chats one client may send per minute, counted by all processes together. */
  queriesPerMinute: number;
  /** How often a streamed answer sends a comment so proxies keep the connection open. */
  pingMs?: number;
}

const PING_MS = 15_000;
/** A search-mode answer is streamed in about this many pieces, so a client reads both modes alike. */
const SEARCH_CHUNKS = 4;
const STREAM_FAILED = 'Lyra could not finish this answer. Please ask again in a moment.';

/** Lyra's question and chat calls (docs/behaviour/lyra.md#answers, #chat-and-the-language-model). */
export async function lyraRoutes(fastify: FastifyInstance, { lyra, queriesPerMinute, pingMs = PING_MS }: LyraRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // One budget for both calls, shared by every process: a chat costs at least what a question does.
  const questionConfig = { input: 'question', rateLimit: sharedRateLimit('lyra-questions', queriesPerMinute) };

  app.post(
    '/api/lyra/query',
    { config: questionConfig, schema: { body: lyraQueryRequestSchema, response: { 200: lyraAnswerSchema } } },
    async (request, reply) => {
      const answer = await withPersona(() => lyra.query(request.body));
      reply.header('cache-control', 'no-store');
      return answer;
    },
  );

  app.post(
    '/api/lyra/chat',
    { config: questionConfig, schema: { body: lyraChatRequestSchema, response: { 200: lyraChatAnswerSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      if (!request.headers.accept?.includes('text/event-stream')) return withPersona(() => lyra.chat(request.body));

      // Checked before the stream starts, so an unknown persona is still a 404.
      await withPersona(() => lyra.checkPersona(request.body.influencer));
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
      void lyra
        .chat(request.body, { signal: controller.signal, onText: (text) => send('delta', { text }) })
        .then((answer) => {
          if (answer.mode === 'search') for (const text of chunks(answer.answer, SEARCH_CHUNKS)) send('delta', { text });
          send('citations', { citations: answer.citations });
          send('products', { products: answer.products });
          if (answer.sketch) send('sketch', { sketch: answer.sketch });
          send('done', { mode: answer.mode, answered: answer.answered });
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

  async function withPersona<T>(answer: () => T | Promise<T>): Promise<T> {
    try {
      return await answer();
    } catch (error) {
      if (error instanceof UnknownInfluencerError) throw notFound(error.message);
      throw error;
    }
  }
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
