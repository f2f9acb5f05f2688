import { describe, expect, it, vi } from 'vitest';
import type { LyraAnswer, LyraSketch } from '@store/contracts/lyra';
import type { VerifiedCaller } from '#server/modules/accounts/accounts.service.ts';
import { createLyraMemoryService, titleOf } from './lyra-memory.service';
import type { LyraRepository } from './lyra.repository';
import type { LyraService } from './lyra.service';
import { PERSONAS } from './personas';

const sketch: LyraSketch = {
  id: 's1',
  title: 'Rainy night',
  key: 'A minor',
  bpm: 84,
  chords: ['Am7'],
  seed: 1,
  style: 'lo-fi',
  mood: 'melancholic',
  midiUrl: '/api/lyra/sketches/s1.mid',
};
const wishAnswer: LyraAnswer = { influencer: 'lyra', mode: 'search', answered: true, answer: 'Here is a sketch', citations: [], products: [], sketch };
const shopper = { email: 'Ada@Example.com', emailVerified: true } as VerifiedCaller;
const request = { messages: [{ role: 'user' as const, content: '  rainy night  ' }] };

function setup(repositoryOverrides: Partial<Record<keyof LyraRepository, unknown>> = {}) {
  const repository = {
    addCounts: vi.fn(async () => undefined),
    saveTurn: vi.fn(async () => '0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21'),
    findConversation: vi.fn(async () => undefined),
    ...repositoryOverrides,
  } as unknown as LyraRepository;
  const lyra = { persona: () => PERSONAS[0], query: async () => wishAnswer, chat: async () => wishAnswer } as unknown as LyraService;
  const onTurnError = vi.fn();
  const onCountsError = vi.fn();
  const memory = createLyraMemoryService({ lyra, repository, onTurnError, onCountsError, now: () => Date.UTC(2026, 10, 24) });
  return { memory, repository, onTurnError, onCountsError };
}

describe("Lyra's memory service", () => {
  it('stores a signed-in shopper’s turn under their lower-cased email, with the wish and the sketch', async () => {
    const { memory, repository } = setup();
    const answer = await (await memory.openChat(shopper, request)).answer();
    expect(answer.conversationId).toBe('0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21');
    expect(repository.saveTurn).toHaveBeenCalledWith({
      owner: 'ada@example.com',
      influencer: 'lyra',
      conversationId: undefined,
      title: 'rainy night',
      question: 'rainy night',
      answer: 'Here is a sketch',
      extras: { citations: [], products: [], sketch },
      events: [
        { type: 'wish', data: { text: 'rainy night' } },
        { type: 'sketch_generated', data: { sketch, wish: 'rainy night' } },
      ],
      at: new Date(Date.UTC(2026, 10, 24)),
    });
  });

  it('still answers, without a conversation id, when the turn cannot be stored, and reports it', async () => {
    const failure = new Error('database down');
    const { memory, onTurnError } = setup({ saveTurn: vi.fn(async () => Promise.reject(failure)) });
    const answer = await (await memory.openChat(shopper, request)).answer();
    expect(answer).toEqual(wishAnswer);
    expect(onTurnError).toHaveBeenCalledWith(failure);
  });

  it('stores nothing for an anonymous shopper, and adds up the counts in one upsert per counter', async () => {
    const { memory, repository } = setup();
    await (await memory.openChat(null, request)).answer();
    await memory.query({ query: 'rainy night' });
    expect(repository.saveTurn).not.toHaveBeenCalled();
    expect(repository.addCounts).not.toHaveBeenCalled();
    await memory.flushCounts();
    expect(repository.addCounts).toHaveBeenCalledTimes(1);
    expect(repository.addCounts).toHaveBeenCalledWith(
      expect.arrayContaining([
        { influencer: 'lyra', metric: 'question_answered', label: '', count: 2 },
        { influencer: 'lyra', metric: 'sketch_generated', label: '', count: 2 },
        { influencer: 'lyra', metric: 'wish', label: '', count: 2 },
        { influencer: 'lyra', metric: 'key', label: 'A minor', count: 2 },
        { influencer: 'lyra', metric: 'mood', label: 'melancholic', count: 2 },
      ]),
    );
  });

  it('reports a failed write of the counts without failing anything, and writes what waits when stopped', async () => {
    const failure = new Error('database down');
    const { memory, onCountsError } = setup({ addCounts: vi.fn(async () => Promise.reject(failure)) });
    expect((await memory.logEvent(null, { type: 'sketch_played' })).id).toBeNull();
    await memory.stop();
    expect(onCountsError).toHaveBeenCalledWith(failure);
  });
});

describe('a conversation title', () => {
  it('is the question, cut at a word near 60 characters', () => {
    expect(titleOf('  short\n question ')).toBe('short question');
    const title = titleOf('How many computers can I use reMIDI 4 on, and what about the studio licence?');
    expect(title).toBe('How many computers can I use reMIDI 4 on, and what about the…');
    expect(titleOf('x'.repeat(100))).toBe(`${'x'.repeat(60)}…`);
  });
});
