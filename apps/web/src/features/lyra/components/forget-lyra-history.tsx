import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { Button } from '#web/components/ui/button.tsx';
import { ApiError } from '#web/lib/api-client.ts';
import { forgetLyraMemory } from '../api/forget-lyra-memory';
import { LYRA_NAME, lyraMemoryQueryKey } from '../constants';
import type { LyraConversation } from '../conversation/lyra-conversation';

export interface ForgetLyraHistoryProps {
  subject: string;
  getAccessToken(): Promise<string>;
  conversation: LyraConversation;
}

export const FORGOTTEN_MESSAGE = `${LYRA_NAME} has forgotten your conversations and sketches.`;

/**
 * "Forget me" (docs/behaviour/lyra.md#the-panel-and-the-page): a quiet button that asks in place before
 * deleting the shopper's conversations and sketches, then empties the list, the greeting and the
 * conversation on screen. What happened is said in a polite live region.
 */
export function ForgetLyraHistory({ subject, getAccessToken, conversation }: ForgetLyraHistoryProps) {
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const questionId = useId();
  const openButton = useRef<HTMLButtonElement>(null);
  const keepButton = useRef<HTMLButtonElement>(null);
  // Focus follows the question: to "Keep" (the safe choice) when it opens, back to the button when it closes.
  const focusOnClose = useRef(false);
  const forget = useMutation({
    mutationFn: async () => forgetLyraMemory(await getAccessToken()),
    onSuccess: async () => {
      focusOnClose.current = true;
      setConfirming(false);
      conversation.clear();
      await queryClient.invalidateQueries({ queryKey: lyraMemoryQueryKey(subject) });
    },
  });
  useEffect(() => {
    if (confirming) keepButton.current?.focus();
    else if (focusOnClose.current) openButton.current?.focus();
    focusOnClose.current = false;
  }, [confirming]);

  const close = () => {
    focusOnClose.current = true;
    setConfirming(false);
  };
  const status = forget.isPending ? 'Forgetting your history…' : forget.isError ? forgetFailure(forget.error) : forget.isSuccess ? FORGOTTEN_MESSAGE : '';

  return (
    <div className="mt-4 border-t border-border pt-3 text-sm">
      {confirming ? (
        <div role="group" aria-labelledby={questionId} className="space-y-2">
          <p id={questionId} className="text-primary">
            Forget all your conversations and sketches with {LYRA_NAME}? This cannot be undone.
          </p>
          <div className="flex flex-wrap gap-2">
            <Button
              variant="danger"
              size="sm"
              aria-disabled={forget.isPending}
              onClick={() => {
                if (!forget.isPending) forget.mutate();
              }}
            >
              {forget.isPending ? 'Forgetting…' : 'Forget everything'}
            </Button>
            <Button ref={keepButton} variant="secondary" size="sm" disabled={forget.isPending} onClick={close}>
              Keep
            </Button>
          </div>
        </div>
      ) : (
        <button
          ref={openButton}
          type="button"
          onClick={() => {
            forget.reset();
            setConfirming(true);
          }}
          className="min-h-9 rounded text-secondary underline underline-offset-2 hover:text-primary focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary dark:focus-visible:outline-accent"
        >
          Forget my {LYRA_NAME} history
        </button>
      )}
      <p aria-live="polite" className={`mt-2 empty:mt-0 ${forget.isError ? 'text-danger' : 'text-secondary'}`}>
        {status}
      </p>
    </div>
  );
}

/** What went wrong, and that nothing was forgotten yet. */
function forgetFailure(error: unknown): string {
  if (error instanceof ApiError && error.status === 401) return 'Your session has ended, so nothing was forgotten. Sign in again and try again.';
  if (error instanceof ApiError) return `${LYRA_NAME} could not forget your history (error ${error.status}). Nothing was deleted. Please try again.`;
  return `${LYRA_NAME} could not be reached, so nothing was forgotten. Check your internet connection and try again.`;
}
