/**
 * Items written together in one call at most `delayMs` after the first of them, so a request
 * never waits for a database write (one write per request made a declined question five times
 * slower than an answer). `flush` writes what waits now (tests, and stopping the store).
 */
export interface WriteBehindOptions<T> {
  write: (batch: T[]) => Promise<void>;
  delayMs: number;
  /** Items waiting beyond this many (a flood while the database is down) are not kept. */
  maxWaiting: number;
  /** A failed write: reported, never thrown at the request that added the item. */
  onError: (error: unknown) => void;
}

export function createWriteBehind<T>({ write, delayMs, maxWaiting, onError }: WriteBehindOptions<T>) {
  const waiting: T[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<unknown> | undefined;

  /** Writes the waiting items in one call; resolves when written (or the failure reported). */
  async function flush() {
    clearTimeout(timer);
    timer = undefined;
    await writing;
    const batch = waiting.splice(0);
    if (batch.length === 0) return;
    writing = write(batch).catch(onError);
    await writing;
  }

  return {
    add(...items: T[]) {
      for (const item of items) {
        if (waiting.length >= maxWaiting) break;
        waiting.push(item);
      }
      timer ??= setTimeout(() => void flush(), delayMs).unref();
    },
    flush,
  };
}

export type WriteBehind<T> = ReturnType<typeof createWriteBehind<T>>;
