import { lyraChatEventSchemas, type LyraChatEventName, type LyraChatRequest } from '@store/contracts/lyra';
import { createParser } from 'eventsource-parser';
import type { z } from 'zod';
import { API_BASE_URL, apiErrorOf, bearer } from '#web/lib/api-client.ts';

/** The server answered, but not in the shape of the contract (a deployment mismatch). */
export class UnreadableAnswerError extends Error {
  constructor(readonly issues: string) {
    super(`Lyra's answer does not match the contract: ${issues}`);
    this.name = 'UnreadableAnswerError';
  }
}

/** One Server-Sent Event of a streamed answer, checked against the contract. */
export type LyraChatEvent = {
  [Name in LyraChatEventName]: { event: Name; data: z.infer<(typeof lyraChatEventSchemas)[Name]> };
}[LyraChatEventName];

/** The server said, in the stream, that it could not finish the answer (its `error` event). */
export class LyraStreamError extends Error {
  constructor(readonly serverMessage: string) {
    super(serverMessage);
    this.name = 'LyraStreamError';
  }
}

/** The stream ended before its `done` event (the connection dropped mid-answer). */
export class IncompleteAnswerError extends Error {
  constructor() {
    super('The answer ended before its done event');
    this.name = 'IncompleteAnswerError';
  }
}

export interface ChatOptions {
  signal: AbortSignal;
  /** The signed-in shopper's access token: the server then keeps the conversation for them. */
  accessToken?: string;
  onEvent(event: LyraChatEvent): void;
}

/**
 * `POST /api/lyra/chat` as a stream (`Accept: text/event-stream`): each event is checked against
 * the contract and handed to `onEvent` as it arrives; resolves after `done`. An `error` event, an
 * event off the contract or a stream cut short rejects.
 */
export async function chatWithLyra(request: LyraChatRequest, { signal, accessToken, onEvent }: ChatOptions): Promise<void> {
  const response = await fetch(`${API_BASE_URL}/api/lyra/chat`, {
    method: 'POST',
    credentials: 'include',
    mode: 'cors',
    signal,
    body: JSON.stringify(request),
    headers: { accept: 'text/event-stream', 'content-type': 'application/json', ...(accessToken && bearer(accessToken)) },
  });
  if (!response.ok) throw await apiErrorOf(response);
  if (!response.body || !response.headers.get('content-type')?.includes('text/event-stream')) {
    throw new UnreadableAnswerError('the answer is not an event stream');
  }

  let done = false;
  const parser = createParser({
    onEvent: ({ event: name, data }) => {
      const event = readEvent(name, data);
      if (!event) return;
      if (event.event === 'error') throw new LyraStreamError(event.data.message);
      if (event.event === 'done') done = true;
      onEvent(event);
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    while (!done) {
      const { value, done: ended } = await reader.read();
      if (ended) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    // Stops the download on an error or after `done` (the server closes the stream itself too).
    void reader.cancel().catch(() => undefined);
  }
  if (!done) throw new IncompleteAnswerError();
}

/** An event of the contract, or undefined for a name it does not know (a newer server's); bad data throws. */
function readEvent(name: string | undefined, data: string): LyraChatEvent | undefined {
  if (!name || !Object.hasOwn(lyraChatEventSchemas, name)) return undefined;
  const eventName = name as LyraChatEventName;
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    throw new UnreadableAnswerError(`${eventName}: not JSON`);
  }
  const parsed = lyraChatEventSchemas[eventName].safeParse(json);
  if (!parsed.success)
    throw new UnreadableAnswerError(`${eventName}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')} ${issue.message}`).join('; ')}`);
  return { event: eventName, data: parsed.data } as LyraChatEvent;
}
