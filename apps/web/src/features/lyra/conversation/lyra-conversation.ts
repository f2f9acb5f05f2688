import type { LyraAnswer, LyraQueryRequest } from '@store/contracts/lyra';
import { useSyncExternalStore } from 'react';
import { askLyra } from '../api/ask-lyra';
import { describeAskError } from '../utils/describe-ask-error';

/** One question and what became of it. */
export type Turn = { id: number; question: string; remix?: string } & (
  { state: 'asking' } | { state: 'answered'; answer: LyraAnswer } | { state: 'failed'; error: string } | { state: 'stopped' }
);

export type Ask = (request: LyraQueryRequest, signal: AbortSignal) => Promise<LyraAnswer>;

/**
 * A conversation with Lyra, kept in memory only (never in browser storage): the panel and the
 * /lyra page show the same one, and an answer still arrives while the panel is closed. One
 * question at a time; Stop aborts the request.
 */
export class LyraConversation {
  private turns: readonly Turn[] = [];
  private readonly listeners = new Set<() => void>();
  private controller: AbortController | undefined;
  private nextId = 1;

  constructor(private readonly ask: Ask = askLyra) {}

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getTurns = (): readonly Turn[] => this.turns;

  get asking(): boolean {
    return this.controller !== undefined;
  }

  /** Asks a question; ignored while another is being answered (the form offers Stop instead). */
  send(request: LyraQueryRequest): boolean {
    const question = request.query.trim();
    if (this.controller || question === '') return false;
    const controller = new AbortController();
    this.controller = controller;
    const id = this.nextId++;
    const base = { id, question, ...(request.remix && { remix: request.remix }) };
    this.update([...this.turns, { ...base, state: 'asking' }]);
    this.ask({ ...request, query: question }, controller.signal).then(
      (answer) => this.settle(controller, { ...base, state: 'answered', answer }),
      (error: unknown) =>
        this.settle(controller, controller.signal.aborted ? { ...base, state: 'stopped' } : { ...base, state: 'failed', error: describeAskError(error) }),
    );
    return true;
  }

  /** Stops waiting for the current answer. */
  stop() {
    this.controller?.abort();
  }

  /** Asks a failed or stopped question again. */
  retry(id: number) {
    const turn = this.turns.find((candidate) => candidate.id === id);
    if (!turn || (turn.state !== 'failed' && turn.state !== 'stopped')) return;
    this.send({ query: turn.question, ...(turn.remix && { remix: turn.remix }) });
  }

  private settle(controller: AbortController, turn: Turn) {
    if (this.controller === controller) this.controller = undefined;
    this.update(this.turns.map((candidate) => (candidate.id === turn.id ? turn : candidate)));
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
