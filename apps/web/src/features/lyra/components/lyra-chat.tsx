import { LYRA_QUERY_MAX_CHARS } from '@store/contracts/lyra';
import { useEffect, useId, useRef, useState, type MouseEvent, type ReactNode, type RefObject } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { LYRA_NAME } from '../constants';
import { useTurns, type LyraConversation, type Turn } from '../conversation/lyra-conversation';
import type { LyraRenderProps, OnSketchEvent } from '../types';
import { plainText } from '../utils/plain-text';
import { LyraAnswerView } from './lyra-answer';
import { LyraAvatar } from './lyra-avatar';

export interface LyraChatProps extends LyraRenderProps {
  conversation: LyraConversation;
  /** A link to another page of the store was followed (the panel closes). */
  onNavigate?(): void;
  /** Shown before the first question. */
  intro?: ReactNode;
  onSketchEvent?: OnSketchEvent;
}

/**
 * The conversation: questions and answers (the answer growing as it streams), the question box,
 * and while Lyra works, 'Lyra is thinking…' / 'Lyra is writing…' with a Stop button. Screen readers
 * hear each finished answer once, from a polite live region, not every piece of it. Shared by the
 * panel and /lyra.
 */
export function LyraChat({ conversation, onNavigate, intro, ...renderProps }: LyraChatProps) {
  const turns = useTurns(conversation);
  const last = turns.at(-1);
  const asking = last?.state === 'asking';
  const writing = asking && Boolean(last.answer?.answer);
  const logRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLTextAreaElement>(null);

  // The newest turn in view: the log scrolls, never the page around it.
  useEffect(() => {
    const log = logRef.current;
    if (log && turns.length > 0) log.scrollTop = log.scrollHeight;
  }, [turns]);

  // A store link inside an answer navigates in the app: whatever holds the chat (the panel) gets out of the way.
  const onClick = (event: MouseEvent<HTMLElement>) => {
    if (!onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const link = (event.target as Element).closest('a[href]');
    const href = link?.getAttribute('href') ?? '';
    if (href.startsWith('/') && !href.startsWith('//') && !link?.hasAttribute('download') && !link?.hasAttribute('target')) onNavigate();
  };

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div
        role="log"
        // The announcement below says each answer once; the growing text itself is not read out.
        aria-live="off"
        aria-label={`Conversation with ${LYRA_NAME}`}
        onClick={onClick}
        className="min-h-0 flex-1 space-y-5 overflow-y-auto overscroll-contain p-4 sm:p-5"
      >
        {turns.length === 0 && intro}
        {turns.map((turn) => (
          <TurnView key={turn.id} turn={turn} onRetry={() => conversation.retry(turn.id)} {...renderProps} />
        ))}
      </div>
      <div aria-live="polite" className="sr-only">
        {last && announcement(last)}
      </div>
      {asking && (
        <div className="flex items-center justify-between gap-3 border-t border-border px-4 py-2 sm:px-5">
          <p role="status" className="flex items-center gap-2 text-sm text-secondary">
            <span aria-hidden="true" className="size-4 animate-spin rounded-full border-2 border-border border-t-accent motion-reduce:animate-none" />
            {LYRA_NAME} is {writing ? 'writing' : 'thinking'}…
          </p>
          <Button
            variant="secondary"
            size="sm"
            onClick={() => {
              conversation.stop();
              // The Stop button goes away with the progress: focus waits in the question box, not on the page.
              inputRef.current?.focus();
            }}
          >
            Stop
          </Button>
        </div>
      )}
      <QuestionForm inputRef={inputRef} disabled={asking} onAsk={(query) => conversation.send({ query })} />
    </div>
  );
}

/** What the live region says once a turn is over (nothing while it streams). */
function announcement(turn: Turn): string {
  if (turn.state === 'answered') return `${LYRA_NAME}: ${plainText(turn.answer.answer)}${turn.answer.sketch ? ` Sketch: ${turn.answer.sketch.title}.` : ''}`;
  if (turn.state === 'stopped') return 'Stopped.';
  // A failure is an alert of its own.
  return '';
}

function TurnView({ turn, onRetry, ...renderProps }: { turn: Turn; onRetry(): void; onSketchEvent?: OnSketchEvent } & LyraRenderProps) {
  const streaming = turn.state === 'asking';
  return (
    <article className="space-y-3">
      <div className="ml-auto w-fit max-w-[85%] rounded-2xl rounded-br-sm bg-accent/20 px-4 py-2 break-words text-primary dark:bg-accent/15">
        <span className="sr-only">You asked: </span>
        {turn.question}
      </div>
      {(!streaming || turn.answer) && (
        <div className="flex gap-3">
          <LyraAvatar className="mt-0.5 size-7" />
          <div className="min-w-0 flex-1" aria-busy={streaming}>
            <span className="sr-only">{LYRA_NAME}: </span>
            {turn.answer && <LyraAnswerView answer={turn.answer} {...renderProps} />}
            {turn.state === 'failed' && (
              <div role="alert" className={`rounded-xl border border-danger/60 bg-danger/10 p-3 ${turn.answer ? 'mt-3' : ''}`}>
                <p>{turn.error}</p>
                <Button variant="secondary" size="sm" className="mt-2" onClick={onRetry}>
                  Try again
                </Button>
              </div>
            )}
            {turn.state === 'stopped' && (
              <p className={`text-sm text-secondary ${turn.answer ? 'mt-2' : ''}`}>
                Stopped.{' '}
                <button type="button" onClick={onRetry} className="font-semibold text-primary underline underline-offset-4">
                  Ask again
                </button>
              </p>
            )}
          </div>
        </div>
      )}
    </article>
  );
}

function QuestionForm({ disabled, onAsk, inputRef }: { disabled: boolean; onAsk(query: string): boolean; inputRef: RefObject<HTMLTextAreaElement | null> }) {
  const inputId = useId();
  const [text, setText] = useState('');

  const submit = () => {
    if (text.trim() === '' || disabled) return;
    if (onAsk(text)) setText('');
  };

  return (
    <form
      className="flex items-end gap-2 border-t border-border p-3 sm:p-4"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <label htmlFor={inputId} className="sr-only">
        Ask {LYRA_NAME} about the store, or wish for a song sketch
      </label>
      <textarea
        ref={inputRef}
        id={inputId}
        rows={1}
        value={text}
        maxLength={LYRA_QUERY_MAX_CHARS}
        placeholder="Ask, or make a wish…"
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => {
          // Enter asks; Shift+Enter starts a new line.
          if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
            event.preventDefault();
            submit();
          }
        }}
        className="max-h-32 min-h-11 flex-1 resize-none rounded-lg border border-border bg-background px-3 py-2.5 text-base text-primary placeholder:text-secondary focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary dark:focus-visible:outline-accent"
      />
      <Button type="submit" disabled={disabled || text.trim() === ''}>
        Ask
      </Button>
    </form>
  );
}
