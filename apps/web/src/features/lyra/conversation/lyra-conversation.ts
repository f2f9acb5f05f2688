import { DEFAULT_INFLUENCER, LYRA_QUERY_MAX_CHARS, type LyraAnswer, type LyraChatRequest } from '@store/contracts/lyra';
import { useSyncExternalStore } from 'react';
import { track } from '#web/lib/analytics.ts';
import { chatWithLyra, type LyraChatEvent } from '../api/chat-with-lyra';
import type { PendingQuestion } from '../types';
import { describeAskError } from '../utils/describe-ask-error';

/** One question and what became of it; `answer` holds what arrived so far (all of it once answered). */
export type Turn = { id: number; question: string; remix?: string; answer?: LyraAnswer } & (
  { state: 'asking' } | { state: 'answered'; answer: LyraAnswer } | { state: 'failed'; error: string } | { state: 'stopped' }
);

export interface AskOptions {
  signal: AbortSignal;
  accessToken?: string;
  onEvent(event: LyraChatEvent): void;
}

export type Ask = (request: LyraChatRequest, options: AskOptions) => Promise<void>;

/** The contract's cap on the messages of one chat request: the oldest turns are left out first. */
const MAX_MESSAGES = 40;
/** The contract's cap on one message: a long earlier answer is sent cut. */
const MAX_MESSAGE_CHARS = LYRA_QUERY_MAX_CHARS * 4;

const emptyAnswer = (): LyraAnswer => ({ influencer: DEFAULT_INFLUENCER, mode: 'search', answered: true, answer: '', citations: [], products: [] });

/** The answer so far with one more event in it. */
function withEvent(answer: LyraAnswer, event: LyraChatEvent): LyraAnswer {
  switch (event.event) {
    case 'delta':
      return { ...answer, answer: answer.answer + event.data.text };
    case 'citations':
      return { ...answer, citations: event.data.citations };
    case 'products':
      return { ...answer, products: event.data.products };
    case 'sketch':
      return { ...answer, sketch: event.data.sketch };
    case 'done':
      return { ...answer, mode: event.data.mode, answered: event.data.answered };
    default:
      return answer;
  }
}

/**
 * A conversation with Lyra, kept in memory only (never in browser storage): the panel and the
 * /lyra page show the same one, and an answer still arrives while the panel is closed. One
 * question at a time, streamed; Stop aborts it and keeps what arrived. Each question carries the
 * earlier answered turns and the server's conversation id, and the shopper's access token when
 * signed in (docs/behaviour/lyra.md#the-panel-and-the-page).
 */
export class LyraConversation {
  private turns: readonly Turn[] = [];
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private nextId = 1;
  private conversationId: string | undefined;
  private getAccessToken: (() => Promise<string>) | undefined;

  /** `ask` streams the answer from `POST /api/lyra/chat`, a pending remix included. */
  constructor(private readonly ask: Ask = chatWithLyra) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getTurns = (): readonly Turn[] => this.turns;

  get asking(): boolean {
    return this.controller !== undefined;
  }

  /** Whose questions these are from now on: the signed-in shopper's token source, or undefined when signed out. */
  setAccessTokenSource(getAccessToken: (() => Promise<string>) | undefined) {
    this.getAccessToken = getAccessToken;
  }

  /** Asks a question; ignored while another is being answered (the form offers Stop instead). */
  send(request: PendingQuestion): boolean {
    const question = request.query.trim();
    if (this.controller || question === '') return false;
    const controller = new AbortController();
    this.controller = controller;
    const id = this.nextId++;
    const messages = this.messagesWith(question);
    this.update([...this.turns, { id, question, ...(request.remix && { remix: request.remix }), state: 'asking' }]);
    // Counted without the question: what a shopper asks is theirs.
    track('lyra_query');
    void this.stream(
      { messages, ...(this.conversationId && { conversationId: this.conversationId }), ...(request.remix && { remix: request.remix }) },
      id,
      controller,
    );
    return true;
  }

  /** Stops the current answer; what arrived of it stays. */
  stop() {
    this.controller?.abort();
  }

  /** Starts afresh, as after Lyra forgot the shopper: the answer under way stops, the turns and the server's conversation id go. */
  clear() {
    this.controller?.abort();
    this.controller = undefined;
    this.conversationId = undefined;
    this.update([]);
  }

  /** Asks a failed or stopped question again. */
  retry(id: number) {
    const turn = this.turns.find((candidate) => candidate.id === id);
    if (!turn || (turn.state !== 'failed' && turn.state !== 'stopped')) return;
    this.send({ query: turn.question, ...(turn.remix && { remix: turn.remix }) });
  }

  private async stream(request: LyraChatRequest, id: number, controller: AbortController) {
    let answer = emptyAnswer();
    const onEvent = (event: LyraChatEvent) => {
      if (event.event === 'done' && event.data.conversationId) this.conversationId = event.data.conversationId;
      answer = withEvent(answer, event);
      if (event.event === 'sketch') track('sketch_generated');
      this.replace(id, (turn) => ({ ...turn, answer }));
    };
    try {
      // A token that cannot be had (an expired session) still lets the shopper ask, anonymously.
      const accessToken = await this.getAccessToken?.().catch(() => undefined);
      await this.ask(request, { signal: controller.signal, onEvent, ...(accessToken && { accessToken }) });
      this.settle(controller, id, (turn) => ({ ...turn, state: 'answered', answer }));
    } catch (error) {
      const arrived = answer.answer === '' ? undefined : answer;
      this.settle(controller, id, ({ id: turnId, question, remix }) => ({
        id: turnId,
        question,
        ...(remix && { remix }),
        ...(arrived && { answer: arrived }),
        ...(controller.signal.aborted ? { state: 'stopped' as const } : { state: 'failed' as const, error: describeAskError(error) }),
      }));
    }
  }

  /** The earlier answered turns and the new question, as the chat contract takes them. */
  private messagesWith(question: string): LyraChatRequest['messages'] {
    const earlier = this.turns.flatMap((turn) =>
      turn.state === 'answered'
        ? [
            { role: 'user' as const, content: turn.question },
            { role: 'assistant' as const, content: turn.answer.answer.slice(0, MAX_MESSAGE_CHARS) },
          ]
        : [],
    );
    return [...earlier, { role: 'user' as const, content: question }].slice(-MAX_MESSAGES);
  }

  private settle(controller: AbortController, id: number, change: (turn: Turn) => Turn) {
    if (this.controller === controller) this.controller = undefined;
    this.replace(id, change);
  }

  private replace(id: number, change: (turn: Turn) => Turn) {
    this.update(this.turns.map((turn) => (turn.id === id ? change(turn) : turn)));
  }

  private update(turns: readonly Turn[]) {
    this.turns = turns;
    this.listeners.forEach((listener) => listener());
  }
}

/** The store's one conversation, shared by the panel and the /lyra page. */
export const sharedConversation = new LyraConversation();

export function useTurns(conversation: LyraConversation): readonly Turn[] {
  return useSyncExternalStore(conversation.subscribe, conversation.getTurns);
}
