import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';

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

// A page never arrives with a toast: one follows something that happened (a change saved, a
// sign-in that failed). Its code is fetched once the app runs, so the first one shows at once.
const loadToastItem = () => import('./toast-item');
const ToastItem = lazy(() => loadToastItem().then((module) => ({ default: module.ToastItem })));

/** The toast stack, top-right; errors and warnings are announced as alerts, the rest politely. */
export function Toaster() {
  const items = useSyncExternalStore(subscribe, snapshot, snapshot);
  useEffect(() => void loadToastItem(), []);
  return (
    <div
      aria-label="Notifications"
      role="region"
      className="pointer-events-none fixed top-4 right-4 left-4 z-50 flex flex-col items-end gap-3 sm:left-auto sm:w-96"
    >
      <Suspense fallback={null}>
        {items.map((item) => (
          <ToastItem key={item.id} item={item} onDismiss={dismissToast} />
        ))}
      </Suspense>
    </div>
  );
}
