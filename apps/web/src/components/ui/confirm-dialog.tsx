import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import { useModalDialog } from './use-modal-dialog';

export interface ConfirmDialogProps {
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  confirmVariant?: ButtonVariant;
  onConfirm(): void;
  onCancel(): void;
}

/**
 * A modal confirmation (the native `<dialog>` in the top layer: the page behind is inert,
 * Escape cancels). Render it only while it is open; focus starts on the safe choice and
 * returns to where it was when the dialog goes away.
 */
export function ConfirmDialog({ title, children, confirmLabel, cancelLabel = 'Cancel', confirmVariant = 'danger', onConfirm, onCancel }: ConfirmDialogProps) {
  const dialog = useModalDialog(onCancel);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => cancelRef.current?.focus(), []);

  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog element itself.
        if (event.target === event.currentTarget) onCancel();
      }}
      className="fixed inset-0 m-auto h-fit w-[calc(100%-2rem)] max-w-md rounded-xl border border-border bg-background p-0 text-primary shadow-2xl backdrop:bg-black/70"
    >
      <div className="p-6">
        <h2 id={titleId} className="text-xl font-bold">
          {title}
        </h2>
        {children && (
          <div id={bodyId} className="mt-2 text-secondary">
            {children}
          </div>
        )}
        <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button ref={cancelRef} variant="secondary" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm}>
            {confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
