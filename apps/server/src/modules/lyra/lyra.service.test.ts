import { describe, expect, it, vi } from 'vitest';
import type { LyraSketch } from '@store/contracts/lyra';
import type { ProductFacts } from '#server/modules/catalog/catalog.service.ts';
import type { LlmClient } from './llm-client';
import type { LyraRepository } from './lyra.repository';
import { createLyraService, MEMORY_MAX_PER_SHOPPER, MEMORY_RETENTION_DAYS, UNANSWERED_RETENTION_DAYS, UnknownInfluencerError } from './lyra.service';
import type { Sketcher } from './lyra.types';
import { productFactsFixture } from '#server-test/product-facts-fixture.ts';

const pack = productFactsFixture();

const sketch: LyraSketch = {
  id: 's1',
  title: 'Rainy night',
  key: 'A minor',
  bpm: 84,
  chords: ['Am7', 'Dm7'],
  seed: 1,
  style: 'lo-fi',
  mood: 'melancholic',
  midiUrl: '/api/lyra/sketches/s1.mid',
};

function setup(options: { sketcher?: Sketcher; llm?: LlmClient; now?: () => number } = {}) {
  let fingerprint = 'one';
  let products: ProductFacts[] = [pack];
  const catalog = { listProductFacts: vi.fn(async () => products), fingerprint: vi.fn(async () => fingerprint) };
  const repository = {
    recordUnanswered: vi.fn(async () => undefined),
    deleteUnansweredBefore: vi.fn(async () => 0),
    deleteMemoryBefore: vi.fn(async () => ({ conversations: 0, entries: 0 })),
    trimMemoryTo: vi.fn(async () => ({ conversations: 0, entries: 0 })),
    listUnanswered: vi.fn(),
  } as unknown as LyraRepository;
  const service = createLyraService({
    catalog,
    loadPages: async () => [{ path: '/refund-policy', title: 'Refund Policy', markdown: '## Refunds\n\nYou have 30 days to ask for a refund of a plugin.' }],
    repository,
    supportEmail: 'help@example.com',
    ...options,
  });
  return {
    service,
    catalog,
    repository,
    change(next: ProductFacts[]) {
      products = next;
      fingerprint = `${fingerprint}+`;
    },
  };
}

describe('Lyra service', () => {
  it('answers from pages and products, with product cards', async () => {
    const { service } = setup();
    const answer = await service.query({ query: 'What tempo are the Night Loops?' });
    expect(answer).toMatchObject({ answered: true, influencer: 'lyra', citations: [{ n: 1, url: '/products/night-loops' }] });
    expect(answer.products).toEqual([{ path: 'night-loops', display: 'Night Loops', price: '$20.00', image: '/media/night.webp' }]);
  });

  it('records a declined question with the persona and the time, and says where to get help', async () => {
    const { service, repository } = setup({ now: () => Date.UTC(2026, 10, 24) });
    const answer = await service.query({ query: 'What is the capital of France?' });
    expect(answer.answered).toBe(false);
    expect(answer.answer).toContain('[help@example.com](mailto:help@example.com)');
    // Recorded in the background: the answer does not wait for the database.
    expect(repository.recordUnanswered).not.toHaveBeenCalled();
    await service.query({ query: 'Who won the world cup?' });
    await service.recordWaiting();
    expect(repository.recordUnanswered).toHaveBeenCalledTimes(1);
    expect(repository.recordUnanswered).toHaveBeenCalledWith([
      { influencer: 'lyra', question: 'What is the capital of France?', createdAt: new Date(Date.UTC(2026, 10, 24)) },
      { influencer: 'lyra', question: 'Who won the world cup?', createdAt: new Date(Date.UTC(2026, 10, 24)) },
    ]);
  });

  it('refuses a persona that is not configured', async () => {
    await expect(setup().service.query({ query: 'refund', influencer: 'ghost' })).rejects.toThrow(UnknownInfluencerError);
  });

  it('rebuilds its index when the catalogue fingerprint changes, looking at most once per second', async () => {
    let clock = 0;
    const { service, catalog, change } = setup({ now: () => clock });
    await service.query({ query: 'Night Loops price' });
    change([{ ...pack, detail: { ...pack.detail, total: '$5.00', totalValue: 5, price: '$5.00' } }]);
    clock = 500;
    expect((await service.query({ query: 'Night Loops price' })).answer).toContain('$20.00');
    clock = 1_500;
    expect((await service.query({ query: 'Night Loops price' })).answer).toContain('$5.00');
    expect(catalog.listProductFacts).toHaveBeenCalledTimes(2);
  });

  it('adds a sketch for a wish, seeded from the remixed product key and tempo', async () => {
    const sketchForWish = vi.fn(() => sketch);
    const { service, repository } = setup({ sketcher: { sketchForWish } });
    const answer = await service.query({ query: 'rainy night', remix: 'night-loops' });
    expect(sketchForWish).toHaveBeenCalledWith('rainy night', { remix: { path: 'night-loops', bpm: 84, key: 'A minor' } });
    expect(answer).toMatchObject({ answered: true, sketch, citations: [] });
    expect(answer.answer).toContain('Rainy night');
    await service.recordWaiting();
    expect(repository.recordUnanswered).not.toHaveBeenCalled();
  });

  it('answers a chat turn with a remix by a sketch seeded from that product, without asking the language model', async () => {
    const sketchForWish = vi.fn(() => sketch);
    const streamChat = vi.fn();
    const { service } = setup({ sketcher: { sketchForWish }, llm: { streamChat } as unknown as LlmClient });
    const answer = await service.chat({ messages: [{ role: 'user', content: 'refund' }], remix: 'night-loops' });
    expect(sketchForWish).toHaveBeenLastCalledWith('refund', { remix: { path: 'night-loops', bpm: 84, key: 'A minor' } });
    expect(answer).toMatchObject({ mode: 'search', answered: true, sketch });
    expect(streamChat).not.toHaveBeenCalled();
  });

  it('ignores a chat remix of a product the catalogue does not have: the wish alone makes the sketch', async () => {
    const sketchForWish = vi.fn(() => sketch);
    const { service } = setup({ sketcher: { sketchForWish } });
    await service.chat({ messages: [{ role: 'user', content: 'rainy night' }], remix: 'no-such-pack' });
    expect(sketchForWish).toHaveBeenLastCalledWith('rainy night', undefined);
  });

  it('reports a failed recording without failing the answer, and writes what waits when stopped', async () => {
    const failure = new Error('database down');
    const onBackgroundError = vi.fn();
    const { service, repository } = setup();
    const failing = createLyraService({
      catalog: { listProductFacts: async () => [], fingerprint: async () => 'x' },
      loadPages: async () => [],
      repository: { ...repository, recordUnanswered: vi.fn(async () => Promise.reject(failure)) },
      supportEmail: 'help@example.com',
      onBackgroundError,
    });
    expect((await failing.query({ query: 'anything at all' })).answered).toBe(false);
    await failing.recordWaiting();
    expect(onBackgroundError).toHaveBeenCalledWith(failure);

    await service.query({ query: 'What is the capital of France?' });
    await service.stop();
    expect(repository.recordUnanswered).toHaveBeenCalledTimes(1);
  });

  it('deletes unanswered questions older than the retention', async () => {
    const at = Date.UTC(2026, 10, 24);
    const { service, repository } = setup({ now: () => at });
    await service.pruneUnanswered();
    expect(repository.deleteUnansweredBefore).toHaveBeenCalledWith(new Date(at - UNANSWERED_RETENTION_DAYS * 24 * 60 * 60_000));
  });

  it("deletes shoppers' conversations and creative entries older than the retention, and beyond each shopper's newest, in the hourly job", async () => {
    const at = Date.UTC(2026, 10, 24);
    const { service, repository } = setup({ now: () => at });
    service.start();
    await service.stop();
    expect(repository.deleteMemoryBefore).toHaveBeenCalledWith(new Date(at - MEMORY_RETENTION_DAYS * 24 * 60 * 60_000));
    expect(repository.trimMemoryTo).toHaveBeenCalledWith(MEMORY_MAX_PER_SHOPPER);
    expect(repository.deleteUnansweredBefore).toHaveBeenCalledTimes(1);
  });
});
