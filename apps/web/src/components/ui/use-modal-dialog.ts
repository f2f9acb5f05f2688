import { useEffect, useRef, type RefObject, type SyntheticEvent } from 'react';

/**
 * Shows a native `<dialog>` as a modal (top layer, the page behind inert) for as long as the
 * component is mounted, so callers render it only while it is open. On unmount it closes and focus
 * returns to `returnFocusTo`, or else to what had focus when it opened. Escape calls `onDismiss`
 * instead of closing the dialog behind React's back. Spread the result on the `<dialog>`.
 */
export function useModalDialog(onDismiss: () => void, returnFocusTo?: RefObject<HTMLElement | null>) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const returnTarget = returnFocusTo ? returnFocusTo.current : active;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      if (dialog?.open) dialog.close();
      if (returnTarget?.isConnected) returnTarget.focus();
    };
  }, [returnFocusTo]);

  const onCancel = (event: SyntheticEvent<HTMLDialogElement>) => {
    event.preventDefault();
    onDismiss();
  };
  return { ref, onCancel };
}
