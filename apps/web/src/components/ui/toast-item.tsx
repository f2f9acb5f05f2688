import { useEffect } from 'react';
import type { Toast, ToastTone } from './toast';

const tones: Record<ToastTone, string> = {
  success: 'border-success/70',
  error: 'border-danger/70',
  warning: 'border-warning/70',
  info: 'border-border',
};
const dots: Record<ToastTone, string> = {
  success: 'bg-success',
  error: 'bg-danger',
  warning: 'bg-warning',
  info: 'bg-accent',
};

/** One toast, gone after its time or when dismissed. */
export function ToastItem({ item, onDismiss }: { item: Toast; onDismiss: (id: number) => void }) {
  useEffect(() => {
    const timer = setTimeout(() => onDismiss(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item.id, item.durationMs, onDismiss]);
  const urgent = item.tone === 'error' || item.tone === 'warning';
  return (
    <div
      role={urgent ? 'alert' : 'status'}
      className={`pointer-events-auto flex w-full items-start gap-3 rounded-xl border-2 bg-tertiary p-4 text-primary shadow-lg ${tones[item.tone]}`}
    >
      <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${dots[item.tone]}`} />
      <div className="min-w-0 flex-1">
        <p className="font-semibold break-words">{item.title}</p>
        {item.description && <p className="mt-1 text-sm break-words text-secondary">{item.description}</p>}
      </div>
      <button
        type="button"
        aria-label="Dismiss notification"
        onClick={() => onDismiss(item.id)}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-secondary hover:bg-primary/10 hover:text-primary focus-visible:outline-2 focus-visible:outline-accent"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
        </svg>
      </button>
    </div>
  );
}
