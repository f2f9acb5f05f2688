import { useCallback, useEffect, useRef, useState, type ComponentType } from 'react';
import { useLocation } from 'react-router';
import { toast } from '#web/components/ui/toast.tsx';
import { AskLyraButton } from '#web/features/lyra/components/ask-lyra-button.tsx';
import type { LyraPanelProps } from '#web/features/lyra/components/lyra-panel.tsx';
import type { PendingQuestion } from '#web/features/lyra/types.ts';
import { paths } from '@store/contracts/paths';
import { takePendingRemix } from './navigation-effects';
import { pendingQuestionOf } from './pending-remix';

type PanelComponent = ComponentType<Omit<LyraPanelProps, 'renderProductAction' | 'renderSketchPlayer' | 'shopper'>>;

/** The panel's chunk (with the Markdown renderer and the contract's schemas), fetched on first use. */
const loadPanel = () => import('./lyra-panel-composed').then((module) => module.default);

/**
 * The Ask Lyra button on every page and the panel it opens (docs/behaviour/lyra.md#the-panel-and-the-page).
 * A pending remix opens the panel and asks for it. On /lyra the page itself is the conversation.
 */
export function LyraLauncher() {
  const { pathname, search } = useLocation();
  const onLyraPage = pathname === paths.lyra.path;
  const buttonRef = useRef<HTMLButtonElement>(null);
  const [Panel, setPanel] = useState<PanelComponent>();
  const [open, setOpen] = useState(false);
  const [pendingQuestion, setPendingQuestion] = useState<PendingQuestion>();

  const openPanel = useCallback((question?: PendingQuestion) => {
    loadPanel().then(
      (component) => {
        setPanel(() => component);
        setPendingQuestion(question);
        setOpen(true);
      },
      () => toast({ tone: 'error', title: 'Lyra could not open', description: 'Check your internet connection, then press Ask Lyra again.' }),
    );
  }, []);

  // After NavigationEffects has kept the query's remix (it renders first, so its effect runs first).
  useEffect(() => {
    if (onLyraPage) return;
    const pending = takePendingRemix();
    if (pending) openPanel(pendingQuestionOf(pending));
  }, [search, onLyraPage, openPanel]);

  const close = useCallback(() => setOpen(false), []);

  if (onLyraPage) return null;
  return (
    <>
      <AskLyraButton ref={buttonRef} expanded={open} onOpen={() => openPanel()} onPrepare={() => void loadPanel().catch(() => undefined)} />
      {open && Panel && <Panel onClose={close} returnFocusTo={buttonRef} pendingQuestion={pendingQuestion} />}
    </>
  );
}
