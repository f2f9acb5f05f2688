import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import type { LyraAnswer } from '@store/contracts/lyra';
import { errorsPlugin } from '#server/plugins/errors.ts';
import type { AccessTokenVerifier } from '#server/modules/accounts/access-token.ts';
import { createLyraMemoryService } from './lyra-memory.service';
import type { LyraRepository } from './lyra.repository';
import { chunks, lyraRoutes } from './lyra.routes';
import type { ChatOptions, LyraService } from './lyra.service';

const answer: LyraAnswer = {
  influencer: 'lyra',
  mode: 'llm',
  answered: true,
  answer: 'Slow answer [1].',
  citations: [{ n: 1, title: 'Support', url: '/support' }],
  products: [],
};

describe('the streamed chat answer', () => {
  it('sends a ping comment while a slow answer is written, between its events', async () => {
    const slow = {
      persona: () => ({ id: 'lyra' }),
      chat: async (_request: unknown, { onText }: ChatOptions) => {
        onText?.('Slow ');
        await new Promise((resolve) => setTimeout(resolve, 120));
        onText?.('answer [1].');
        return answer;
      },
    } as unknown as LyraService;
    const app = Fastify({ logger: false });
    await app.register(errorsPlugin);
    const memory = createLyraMemoryService({ lyra: slow, repository: { addCounts: async () => undefined } as unknown as LyraRepository });
    const verifier: AccessTokenVerifier = { verify: async () => Promise.reject(new Error('no one signs in here')) };
    await app.register(lyraRoutes, { memory, verifier, queriesPerMinute: 10, pingMs: 25 });
    const response = await app.inject({
      method: 'POST',
      url: '/api/lyra/chat',
      headers: { accept: 'text/event-stream' },
      payload: { messages: [{ role: 'user', content: 'Is it slow?' }] },
    });
    await app.close();
    const blocks = response.body.split('\n\n').filter(Boolean);
    expect(blocks[0]).toBe('event: delta\ndata: {"text":"Slow "}');
    const pings = blocks.filter((block) => block === ': ping');
    expect(pings.length).toBeGreaterThanOrEqual(2);
    expect(blocks.indexOf(': ping')).toBeGreaterThan(0);
    expect(blocks.at(-1)).toBe('event: done\ndata: {"mode":"llm","answered":true}');
  });
});

describe('chunks', () => {
  it('cuts a text at spaces into about that many pieces that join back to it', () => {
    const text = 'Each plugin licence lets you use it on 3 computers at the same time [1].';
    const pieces = chunks(text, 4);
    expect(pieces.join('')).toBe(text);
    expect(pieces.length).toBeGreaterThanOrEqual(3);
    expect(pieces.length).toBeLessThanOrEqual(5);
    expect(chunks('', 4)).toEqual([]);
    expect(chunks('one', 4)).toEqual(['one']);
  });
});
