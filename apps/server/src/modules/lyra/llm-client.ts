/**
 * A client for any OpenAI-compatible Chat Completions endpoint (a hosted API, Ollama, llama.cpp
 * server, vLLM), streaming the answer (docs/behaviour/lyra.md#chat-and-the-language-model).
 * It is only created when the maker configures `LYRA_LLM_BASE_URL` and `LYRA_LLM_MODEL`:
 * without them nothing leaves the machine. Neither the key nor the prompt is ever logged or
 * put in an error message.
 */
import { createParser, type EventSourceMessage } from 'eventsource-parser';

export interface LlmConfig {
  /** Up to the version, e.g. `https://api.openai.com/v1` or `http://127.0.0.1:11434/v1`; `/chat/completions` is added. */
  baseUrl: string;
  model: string;
  apiKey: string | undefined;
  /** The longest wait for the first token and between two tokens. */
  timeoutMs: number;
}

export interface LlmMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmClient {
  /** The answer's text as it arrives; throws LlmError on a failure, a timeout or the caller's abort. */
  streamChat(messages: LlmMessage[], options?: { signal?: AbortSignal }): AsyncGenerator<string>;
}

/** What went wrong, in words safe to log: never the prompt, the key or the provider's body. */
export class LlmError extends Error {
  constructor(
    message: string,
    readonly reason: 'timeout' | 'aborted' | 'http' | 'network' | 'format',
  ) {
    super(message);
    this.name = 'LlmError';
  }
}

/** The answer is cut here: a model that runs on is not waited for. */
const MAX_ANSWER_TOKENS = 700;
/** Grounded answers are factual: little randomness. */
const TEMPERATURE = 0.2;

export function createLlmClient(config: LlmConfig, fetchImpl: typeof fetch = fetch): LlmClient {
  const url = `${config.baseUrl.replace(/\/+$/, '')}/chat/completions`;

  return {
    async *streamChat(messages, options = {}) {
      const watchdog = new AbortController();
      let timedOut = false;
      let timer: NodeJS.Timeout | undefined;
      /** Restarted on every piece of the answer: the model may take long overall, but never go silent. */
      const arm = () => {
        clearTimeout(timer);
        timer = setTimeout(() => {
          timedOut = true;
          watchdog.abort();
        }, config.timeoutMs);
      };
      const signal = options.signal ? AbortSignal.any([options.signal, watchdog.signal]) : watchdog.signal;
      const failure = (error: unknown): LlmError => {
        if (error instanceof LlmError) return error;
        if (timedOut) return new LlmError(`the language model did not answer within ${config.timeoutMs} ms`, 'timeout');
        if (options.signal?.aborted) return new LlmError('the answer was no longer wanted', 'aborted');
        return new LlmError(`the language model could not be reached (${(error as Error).name})`, 'network');
      };

      arm();
      try {
        const response = await fetchImpl(url, {
          method: 'POST',
          headers: {
            'content-type': 'application/json',
            accept: 'text/event-stream',
            ...(config.apiKey ? { authorization: `Bearer ${config.apiKey}` } : {}),
          },
          body: JSON.stringify({ model: config.model, messages, stream: true, temperature: TEMPERATURE, max_tokens: MAX_ANSWER_TOKENS }),
          signal,
        });
        if (!response.ok || !response.body) {
          await response.body?.cancel();
          throw new LlmError(`the language model answered HTTP ${response.status}`, 'http');
        }
        // A server that ignores `stream: true` answers one JSON document.
        if (!response.headers.get('content-type')?.includes('text/event-stream')) {
          const text = contentOf(await response.json(), 'message');
          if (text) yield text;
          return;
        }
        yield* readStream(response.body, arm);
      } catch (error) {
        throw failure(error);
      } finally {
        clearTimeout(timer);
        // Stops the upstream request when the caller stops early (an abort, or enough text).
        watchdog.abort();
      }
    },
  };
}

/** The content pieces of a Chat Completions event stream, until `[DONE]` or its end. */
async function* readStream(body: ReadableStream<Uint8Array>, onProgress: () => void): AsyncGenerator<string> {
  const pieces: string[] = [];
  let done = false;
  let malformed = false;
  const parser = createParser({
    onEvent(event: EventSourceMessage) {
      if (event.data === '[DONE]') {
        done = true;
        return;
      }
      try {
        const text = contentOf(JSON.parse(event.data), 'delta');
        if (text) pieces.push(text);
      } catch {
        malformed = true;
      }
    },
  });
  const decoder = new TextDecoder();
  const reader = body.getReader();
  try {
    while (!done) {
      const chunk = await reader.read();
      if (chunk.done) return;
      onProgress();
      parser.feed(decoder.decode(chunk.value, { stream: true }));
      if (malformed) throw new LlmError('the language model sent an event that is not JSON', 'format');
      yield* pieces.splice(0);
    }
  } finally {
    // The rest of the stream is not wanted (done, an error, or the caller stopped reading).
    void reader.cancel().catch(() => undefined);
  }
}

/** `choices[0].delta.content` (streamed) or `choices[0].message.content` (whole). */
function contentOf(payload: unknown, field: 'delta' | 'message'): string {
  const choice = (payload as { choices?: Array<Record<string, { content?: unknown } | undefined>> } | null)?.choices?.[0];
  const content = choice?.[field]?.content;
  return typeof content === 'string' ? content : '';
}
