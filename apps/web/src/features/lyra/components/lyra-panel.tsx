import { useEffect, useId, useRef, type RefObject } from 'react';
import { Link } from 'react-router';
import { paths } from '@store/contracts/paths';
import { useModalDialog } from '#web/components/ui/use-modal-dialog.ts';
import { LYRA_NAME, PANEL_EXAMPLES } from '../constants';
import { sharedConversation, type LyraConversation } from '../conversation/lyra-conversation';
import { logRemixStarted, useShopperQuestions, useSketchEvents } from '../hooks/use-shopper-memory';
import type { LyraRenderProps, LyraShopper, PendingQuestion } from '../types';
import { LyraAvatar } from './lyra-avatar';
import { LyraChat } from './lyra-chat';
import { LyraIntro } from './lyra-intro';
import { YourSketchesList } from './your-sketches';

export interface LyraPanelProps extends LyraRenderProps {
  onClose(): void;
  /** Where focus goes back when the panel closes (the Ask Lyra button). */
  returnFocusTo?: RefObject<HTMLElement | null>;
  /** Asked once, as soon as the panel opens (a pending remix). */
  pendingQuestion?: PendingQuestion;
  conversation?: LyraConversation;
  /** Who is asking (from the app's sign-in state); without it Lyra asks anonymously and says nothing about signing in. */
  shopper?: LyraShopper;
}

/**
 * Lyra's panel: a modal dialog (the native `<dialog>` in the top layer, so focus stays inside
 * and the page behind is inert), full screen on phones and a card at the bottom right on wider
 * screens. Escape or Close closes it and focus returns to the button. Render it only while
 * open; it is its own lazily loaded chunk.
 */
export default function LyraPanel({ onClose, returnFocusTo, pendingQuestion, conversation = sharedConversation, shopper, ...renderProps }: LyraPanelProps) {
  const dialog = useModalDialog(onClose, returnFocusTo);
  const titleId = useId();
  const asked = useRef<PendingQuestion | undefined>(undefined);
  const onSketchEvent = useSketchEvents(shopper);
  useShopperQuestions(conversation, shopper);

  // The question box, not the first control of the header that opening the dialog focused.
  useEffect(() => dialog.ref.current?.querySelector('textarea')?.focus(), [dialog.ref]);

  useEffect(() => {
    // Once per pending question, also when effects run twice in development.
    if (!pendingQuestion || asked.current === pendingQuestion) return;
    asked.current = pendingQuestion;
    if (conversation.send(pendingQuestion)) logRemixStarted(pendingQuestion, shopper);
  }, [pendingQuestion, conversation, shopper]);

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onClose();
      }}
      className="fixed inset-0 m-0 h-dvh max-h-none w-full max-w-none overflow-hidden border-border bg-background p-0 text-primary backdrop:bg-black/50 sm:inset-auto sm:right-6 sm:bottom-6 sm:h-[min(42rem,calc(100dvh-3rem))] sm:w-[27rem] sm:rounded-2xl sm:border sm:shadow-2xl"
    >
      <div className="flex h-full flex-col">
        <header className="flex items-center gap-3 border-b border-border py-2 pr-2 pl-4">
          <LyraAvatar className="size-9" />
          <div className="min-w-0 flex-1">
            <h2 id={titleId} className="text-lg leading-tight font-bold">
              {LYRA_NAME}
            </h2>
            <p className="text-sm leading-snug text-secondary">Answers &amp; song sketches</p>
          </div>
          <Link
            to={paths.lyra.getHref()}
            onClick={onClose}
            className="hidden min-h-11 items-center rounded-lg px-3 text-sm font-semibold text-primary hover:bg-tertiary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary sm:inline-flex dark:focus-visible:outline-accent"
          >
            Full page
          </Link>
          <button
            type="button"
            onClick={onClose}
            aria-label={`Close ${LYRA_NAME}`}
            className="inline-flex size-11 items-center justify-center rounded-lg text-primary hover:bg-tertiary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent"
          >
            <svg aria-hidden="true" viewBox="0 0 20 20" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M5 5l10 10M15 5 5 15" />
            </svg>
          </button>
        </header>
        {shopper?.signedIn && (
          <details className="group border-b border-border [&[open]]:max-h-[45%] [&[open]]:overflow-y-auto">
            <summary className="flex min-h-11 list-none [&::-webkit-details-marker]:hidden cursor-pointer items-center gap-2 px-4 text-sm font-semibold hover:bg-tertiary focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent">
              <svg
                aria-hidden="true"
                viewBox="0 0 20 20"
                className="size-4 transition-transform group-open:rotate-90 motion-reduce:transition-none"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
                strokeLinecap="round"
                strokeLinejoin="round"
              >
                <path d="m8 5 5 5-5 5" />
              </svg>
              Your sketches
            </summary>
            <div className="px-4 pb-4">
              <YourSketchesList
                shopper={shopper}
                conversation={conversation}
                renderSketchPlayer={renderProps.renderSketchPlayer}
                onSketchEvent={onSketchEvent}
              />
            </div>
          </details>
        )}
        <LyraChat
          conversation={conversation}
          onNavigate={onClose}
          onSketchEvent={onSketchEvent}
          intro={<LyraIntro shopper={shopper} examples={PANEL_EXAMPLES} onExample={(query) => conversation.send({ query })} />}
          {...renderProps}
        />
      </div>
    </dialog>
  );
}
