/**
 * Runs `task` once the page has loaded and the main thread is idle, so the visualiser never
 * competes with the first paint or the page becoming interactive. Returns a cancel function.
 */
export function whenIdle(task: () => void, { timeout = 4000 }: { timeout?: number } = {}): () => void {
  let cancelled = false;
  let idleHandle: number | undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const run = () => {
    if (!cancelled) task();
  };
  const schedule = () => {
    if (cancelled) return;
    if (typeof window.requestIdleCallback === 'function') idleHandle = window.requestIdleCallback(run, { timeout });
    else timer = setTimeout(run, 1);
  };
  if (document.readyState === 'complete') schedule();
  else window.addEventListener('load', schedule, { once: true });
  return () => {
    cancelled = true;
    window.removeEventListener('load', schedule);
    if (idleHandle !== undefined) window.cancelIdleCallback?.(idleHandle);
    if (timer !== undefined) clearTimeout(timer);
  };
}
