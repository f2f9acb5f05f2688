import type { LyraAnswer } from '@store/contracts/lyra';
import { vi } from 'vitest';

/** An answer as the server sends it (search mode, one citation). */
export function lyraAnswer(overrides: Partial<LyraAnswer> = {}): LyraAnswer {
  return {
    influencer: 'lyra',
    mode: 'search',
    answered: true,
    answer: 'Plugins can be refunded within **30 days** [1].',
    citations: [{ n: 1, title: 'Refund Policy — Refunds', url: '/refund-policy#refunds' }],
    products: [],
    ...overrides,
  };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

/** A fake `fetch` for `POST /api/lyra/query`: each call answers with the next response (or waits for the signal when `pending`). */
export function fakeLyraFetch(...answers: (Response | LyraAnswer | 'pending' | Error)[]) {
  const queue = [...answers];
  const fetchMock = vi.fn((_url: string, init: RequestInit = {}) => {
    const next = queue.shift() ?? 'pending';
    if (next instanceof Error) return Promise.reject(next);
    if (next === 'pending') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    return Promise.resolve(next instanceof Response ? next : json(next));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** The JSON body of the n-th call of a fake fetch. */
export function requestBody(fetchMock: ReturnType<typeof fakeLyraFetch>, call = 0): unknown {
  const init = fetchMock.mock.calls[call]?.[1];
  return JSON.parse(String(init?.body));
}

export const errorResponse = (status: number, message: string, headers: Record<string, string> = {}) =>
  json({ error: 'Error', message }, { status, headers: { 'content-type': 'application/json', ...headers } });

/** jsdom has no modal dialogs: `showModal` opens it, as far as these tests need. */
export function polyfillDialog() {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
