import { describe, expect, it } from 'vitest';
import { createLlmClient, LlmError, type LlmConfig } from './llm-client';

const config: LlmConfig = { baseUrl: 'http://127.0.0.1:9/v1/', model: 'fake', apiKey: 'sk-secret-key', timeoutMs: 200 };
const PROMPT = [{ role: 'user' as const, content: 'my secret question' }];

async function collect(stream: AsyncGenerator<string>) {
  const pieces: string[] = [];
  for await (const piece of stream) pieces.push(piece);
  return pieces;
}

function failureOf(promise: Promise<unknown>) {
  return promise.then(
    () => {
      throw new Error('expected a failure');
    },
    (error: unknown) => error as LlmError,
  );
}

describe('createLlmClient', () => {
  it('posts to {base}/chat/completions and reads a whole JSON answer from a server that does not stream', async () => {
    let called: { url: string; init: RequestInit } | undefined;
    const client = createLlmClient(config, async (url, init) => {
      called = { url: String(url), init: init! };
      return Response.json({ choices: [{ message: { role: 'assistant', content: 'Whole answer [1].' } }] });
    });
    expect(await collect(client.streamChat(PROMPT))).toEqual(['Whole answer [1].']);
    expect(called!.url).toBe('http://127.0.0.1:9/v1/chat/completions');
    expect(JSON.parse(called!.init.body as string)).toMatchObject({ model: 'fake', stream: true, messages: PROMPT });
  });

  it('reads the pieces of an event stream split anywhere, until [DONE]', async () => {
    const wire =
      'data: {"choices":[{"delta":{"content":"Hel"}}]}\n\ndata: {"choices":[{"delta":{"content":"lo"}}]}\n\ndata: [DONE]\n\ndata: {"choices":[{"delta":{"content":"ignored"}}]}\n\n';
    const bytes = new TextEncoder().encode(wire);
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let at = 0; at < bytes.length; at += 7) controller.enqueue(bytes.slice(at, at + 7));
        controller.close();
      },
    });
    const client = createLlmClient(config, async () => new Response(body, { headers: { 'content-type': 'text/event-stream' } }));
    expect((await collect(client.streamChat(PROMPT))).join('')).toBe('Hello');
  });

  it('fails on an HTTP error or an event that is not JSON, without the key or the prompt in the message', async () => {
    const http = await failureOf(
      collect(createLlmClient(config, async () => new Response('sk-secret-key my secret question', { status: 401 })).streamChat(PROMPT)),
    );
    expect(http).toBeInstanceOf(LlmError);
    expect(http).toMatchObject({ reason: 'http', message: 'the language model answered HTTP 401' });
    const garbled = await failureOf(
      collect(createLlmClient(config, async () => new Response('data: not json\n\n', { headers: { 'content-type': 'text/event-stream' } })).streamChat(PROMPT)),
    );
    expect(garbled).toMatchObject({ reason: 'format' });
    for (const error of [http, garbled]) expect(error.message).not.toMatch(/secret/);
  });

  it('gives up after the timeout, and stops when the caller aborts', async () => {
    const hanging = (_url: unknown, init?: RequestInit) =>
      new Promise<Response>((_resolve, reject) => init!.signal!.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))));
    const started = Date.now();
    expect(await failureOf(collect(createLlmClient(config, hanging).streamChat(PROMPT)))).toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeGreaterThanOrEqual(190);
    const caller = new AbortController();
    const stopped = failureOf(collect(createLlmClient({ ...config, timeoutMs: 60_000 }, hanging).streamChat(PROMPT, { signal: caller.signal })));
    caller.abort();
    expect(await stopped).toMatchObject({ reason: 'aborted' });
  });
});
