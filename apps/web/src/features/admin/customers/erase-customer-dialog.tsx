import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import type { CustomerErased } from '@store/contracts/admin';
import { Button } from '#web/components/ui/button.tsx';
import { useModalDialog } from '#web/components/ui/use-modal-dialog.ts';
import { inputClasses } from '../components/form-field';
import { errorMessage } from '../utils/error-message';

/**
 * "Erase personal data…": says exactly what goes and what stays, and erases only once the
 * customer's email is typed again. Rendered only while open (a native modal `<dialog>`).
 */
export function EraseCustomerDialog({
  email,
  onErase,
  onClose,
}: {
  email: string;
  /** Erases; rejects with the API's error, which the dialog shows. */
  onErase: (confirmEmail: string) => Promise<CustomerErased>;
  onClose: () => void;
}) {
  const inputRef = useRef<HTMLInputElement>(null);
  const titleId = useId();
  const inputId = useId();
  const errorId = useId();
  const [typed, setTyped] = useState('');
  const [state, setState] = useState<{ status: 'idle' | 'erasing' } | { status: 'failed'; message: string }>({ status: 'idle' });
  const matches = typed.trim().toLowerCase() === email.toLowerCase();
  const dialog = useModalDialog(() => {
    if (state.status !== 'erasing') onClose();
  });

  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!matches || state.status === 'erasing') return;
    setState({ status: 'erasing' });
    try {
      await onErase(typed.trim());
    } catch (error) {
      setState({ status: 'failed', message: errorMessage(error) });
    }
  };

  const erasing = state.status === 'erasing';
  return (
    <dialog
      {...dialog}
      aria-labelledby={titleId}
      className="fixed inset-0 m-auto h-fit max-h-[calc(100%-2rem)] w-[calc(100%-2rem)] max-w-lg overflow-y-auto rounded-xl border border-border bg-background p-0 text-primary shadow-2xl backdrop:bg-black/70"
    >
      <form className="flex flex-col gap-4 p-6" onSubmit={(event) => void submit(event)}>
        <h2 id={titleId} className="text-xl font-bold">
          Erase this customer’s personal data?
        </h2>
        <div className="flex flex-col gap-3 text-sm text-secondary">
          <div>
            <p className="font-semibold text-primary">Erased, for good:</p>
            <ul className="mt-1 list-disc pl-5">
              <li>their email address and name, region, city and postal code (the orders show “Erased customer”);</li>
              <li>their sign-in account, signing them out everywhere;</li>
              <li>the subjects and text of the emails sent to them, and their release-email choice;</li>
              <li>their Lyra conversations and sketches, and the names of their computers.</li>
            </ul>
          </div>
          <div>
            <p className="font-semibold text-primary">Kept, for the accounts the law requires:</p>
            <ul className="mt-1 list-disc pl-5">
              <li>their orders’ references, dates, lines and amounts, refunds, and country;</li>
              <li>their licence keys, which keep working.</li>
            </ul>
          </div>
          <p>This cannot be undone. Export their data first if they asked for a copy.</p>
        </div>
        <div className="flex flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-semibold text-primary">
            Type <span className="font-mono break-all">{email}</span> to confirm
          </label>
          <input
            ref={inputRef}
            id={inputId}
            type="text"
            autoComplete="off"
            spellCheck={false}
            className={inputClasses}
            value={typed}
            disabled={erasing}
            aria-invalid={state.status === 'failed'}
            aria-describedby={state.status === 'failed' ? errorId : undefined}
            onChange={(event) => setTyped(event.target.value)}
          />
          {state.status === 'failed' && (
            <p id={errorId} role="alert" className="text-sm font-medium text-danger">
              Nothing was erased: {state.message}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose} disabled={erasing}>
            Cancel
          </Button>
          <Button type="submit" variant="danger" disabled={!matches || erasing}>
            {erasing ? 'Erasing…' : 'Erase personal data'}
          </Button>
        </div>
      </form>
    </dialog>
  );
}
