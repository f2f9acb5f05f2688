import type { Ref } from 'react';
import { useHydrated } from '#web/lib/use-hydrated.ts';
import { LYRA_NAME } from '../constants';
import { LyraAvatar } from './lyra-avatar';

export interface AskLyraButtonProps {
  expanded: boolean;
  onOpen(): void;
  /** Fetch the panel's code before the click (pointer over or focus). */
  onPrepare?(): void;
  ref?: Ref<HTMLButtonElement>;
}

/**
 * The floating 'Ask Lyra' button of every page (bottom right, above the page, below menus and
 * dialogs). It is all of Lyra the first page loads; the panel is its own chunk.
 */
export function AskLyraButton({ expanded, onOpen, onPrepare, ref }: AskLyraButtonProps) {
  // The server's HTML cannot open the panel: disabled until React adopts it.
  const hydrated = useHydrated();
  return (
    <button
      ref={ref}
      type="button"
      disabled={!hydrated}
      aria-haspopup="dialog"
      aria-expanded={expanded}
      onClick={onOpen}
      onPointerEnter={onPrepare}
      onFocus={onPrepare}
      className="fixed right-4 bottom-[max(1rem,env(safe-area-inset-bottom))] z-30 inline-flex min-h-12 items-center gap-2 rounded-full border border-black/10 bg-accent py-2 pr-5 pl-2 font-semibold text-black shadow-lg shadow-black/25 transition-transform hover:-translate-y-0.5 focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-primary motion-reduce:transition-none sm:right-6 sm:bottom-6"
    >
      <LyraAvatar className="size-8" tone="inverse" />
      Ask {LYRA_NAME}
    </button>
  );
}
