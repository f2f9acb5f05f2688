import { useEffect, useSyncExternalStore } from 'react';

/** Toasts last 5 s by default and sit top-right (docs/behaviour/site.md#toasts). */
export const TOAST_DEFAULT_MS = 5_000;

export type ToastTone = 'success' | 'error' | 'warning' | 'info';

export interface Toast {
  id: number;
  tone: ToastTone;
  title: string;
  description?: string;
  durationMs: number;
}

let toasts: readonly Toast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const emit = () => listeners.forEach((listener) => listener());

/** Shows a toast; returns its id. Same text while it is still shown: not repeated. */
export function toast({
  tone = 'info',
  title,
  description,
  durationMs = TOAST_DEFAULT_MS,
}: {
  tone?: ToastTone;
  title: string;
  description?: string;
  durationMs?: number;
}): number {
  const existing = toasts.find((item) => item.title === title && item.description === description);
  if (existing) return existing.id;
  const id = nextId++;
  toasts = [...toasts, { id, tone, title, description, durationMs }];
  emit();
  return id;
}

export function dismissToast(id: number) {
  toasts = toasts.filter((item) => item.id !== id);
  emit();
}

/** For tests. */
export function clearToasts() {
  toasts = [];
  emit();
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const snapshot = () => toasts;

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

/** The toast stack, top-right; errors and warnings are announced as alerts, the rest politely. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  return (
    <div
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-end gap-3 sm:left-auto sm:w-96"
    >
      {items.map((item) => (
        <ToastItem key={item.id} item={item} />
      ))}
    </div>
  );
}

function ToastItem({ item }: { item: Toast }) {
  useEffect(() => {
    const timer = setTimeout(() => dismissToast(item.id), item.durationMs);
    return () => clearTimeout(timer);
  }, [item.id, item.durationMs]);
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
        onClick={() => dismissToast(item.id)}
        className="-m-1 inline-flex size-8 shrink-0 items-center justify-center rounded-md text-secondary hover:bg-primary/10 hover:text-primary focus-visible:outline-2 focus-visible:outline-accent"
      >
        <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-4">
          <path d="M5.28 4.22a.75.75 0 0 0-1.06 1.06L8.94 10l-4.72 4.72a.75.75 0 1 0 1.06 1.06L10 11.06l4.72 4.72a.75.75 0 1 0 1.06-1.06L11.06 10l4.72-4.72a.75.75 0 0 0-1.06-1.06L10 8.94 5.28 4.22Z" />
        </svg>
      </button>
    </div>
  );
}
