import type { LyraAnswer } from '@store/contracts/lyra';
import { vi } from 'vitest';

/** An answer as the server sends it (search mode, one citation). */
export function lyraAnswer(overrides: Partial<LyraAnswer> = {}): LyraAnswer {
  return {
    influencer: 'lyra',
    mode: 'search',
    answered: true,
    answer: 'Tools can be refunded within **30 days** [1].',
    citations: [{ n: 1, title: 'Refund Policy — Refunds', url: '/refund-policy#refunds' }],
    products: [],
    ...overrides,
  };
}

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' }, ...init });

/** One Server-Sent Event as the server writes it. */
export const sse = (event: string, data: unknown) => `event: ${event}\ndata: ${typeof data === 'string' ? data : JSON.stringify(data)}\n\n`;

const sseHeaders = { 'content-type': 'text/event-stream; charset=utf-8' };

/** A chat stream of `answer` as the server sends it: the text in two deltas (split mid-event too), then citations, products, sketch and done. */
export function chatStream(answer: LyraAnswer, conversationId?: string): Response {
  const half = Math.ceil(answer.answer.length / 2);
  const text = [
    ': ping\n\n',
    sse('delta', { text: answer.answer.slice(0, half) }),
    sse('delta', { text: answer.answer.slice(half) }),
    sse('citations', { citations: answer.citations }),
    sse('products', { products: answer.products }),
    answer.sketch ? sse('sketch', { sketch: answer.sketch }) : '',
    sse('done', { mode: answer.mode, answered: answer.answered, ...(conversationId && { conversationId }) }),
  ].join('');
  const encoder = new TextEncoder();
  const pieces = [text.slice(0, 30), text.slice(30)];
  return new Response(
    new ReadableStream({
      start(controller) {
        pieces.forEach((piece) => controller.enqueue(encoder.encode(piece)));
        controller.close();
      },
    }),
    { headers: sseHeaders },
  );
}

/** A chat stream the test writes into event by event; the request's abort errors it, as a browser's fetch does. */
export class OpenStream {
  private controller: ReadableStreamDefaultController<Uint8Array> | undefined;
  private readonly encoder = new TextEncoder();

  respond(signal?: AbortSignal | null): Response {
    const body = new ReadableStream<Uint8Array>({ start: (controller) => void (this.controller = controller) });
    signal?.addEventListener('abort', () => this.controller?.error(new DOMException('The operation was aborted.', 'AbortError')));
    return new Response(body, { headers: sseHeaders });
  }

  send(event: string, data: unknown) {
    this.controller?.enqueue(this.encoder.encode(sse(event, data)));
  }

  end() {
    this.controller?.close();
  }
}

type Reply = Response | LyraAnswer | 'pending' | Error | OpenStream;

/**
 * A fake `fetch` for the store API as Lyra uses it. Each question (`/api/lyra/chat`) gets the next reply (an answer
 * is streamed; 'pending' waits for the abort); `routes` answer other
 * calls by 'METHOD /path' (a creative event is a 201 unless a route says otherwise); anything else is a 404.
 */
export function fakeStoreFetch(routes: Record<string, () => Response>, ...replies: Reply[]) {
  const queue = [...replies];
  const fetchMock = vi.fn((url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const path = url.replace(/\?.*$/, '');
    const route = routes[`${method} ${url}`] ?? routes[`${method} ${path}`];
    if (route) return Promise.resolve(route());
    if (method === 'POST' && path === '/api/creative/log') return Promise.resolve(json({ id: null }, { status: 201 }));
    if (path !== '/api/lyra/chat') return Promise.resolve(json({ error: 'Not Found', message: 'no route' }, { status: 404 }));
    const next = queue.shift() ?? 'pending';
    if (next instanceof Error) return Promise.reject(next);
    if (next instanceof OpenStream) return Promise.resolve(next.respond(init.signal));
    if (next === 'pending') {
      return new Promise<Response>((_resolve, reject) => {
        init.signal?.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
      });
    }
    if (next instanceof Response) return Promise.resolve(next);
    return Promise.resolve(chatStream(next));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/** `fakeStoreFetch` with no other routes: each question gets the next reply. */
export const fakeLyraFetch = (...replies: Reply[]) => fakeStoreFetch({}, ...replies);

type FetchMock = ReturnType<typeof fakeStoreFetch>;

/** The JSON bodies of the POSTs to `path` (the questions by default), in order. */
export function bodiesOf(fetchMock: FetchMock, path = '/api/lyra/chat'): unknown[] {
  return fetchMock.mock.calls
    .filter(([, init]) => init?.method === 'POST')
    .filter(([url]) => url.replace(/\?.*$/, '') === path)
    .map(([, init]) => JSON.parse(String(init?.body)) as unknown);
}

/** The JSON body of the n-th question. */
export function requestBody(fetchMock: FetchMock, call = 0): unknown {
  return bodiesOf(fetchMock)[call];
}

/** A question as the chat call sends it, after `earlier` turns. */
export const chatRequest = (question: string, earlier: { role: 'user' | 'assistant'; content: string }[] = []) => ({
  messages: [...earlier, { role: 'user', content: question }],
});

export { json as jsonResponse };

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
