import type { FileStorage } from '#server/modules/files/file-storage.ts';

export interface StoredFile {
  storageKey: string;
  filename: string;
  version: string;
  productId: number;
  productName: string;
}

export const MISSING_FILES_MAX_AGE_MS = 10 * 60_000;

/**
 * Which sold files are missing from storage. Asking storage about every file is slow on S3, so
 * each process checks at most every 10 minutes, in the background, and the dashboard shows the
 * last answer with its time (none until the first check ends).
 */
export function createMissingFilesCheck(options: {
  listFiles: () => Promise<StoredFile[]>;
  storage: Pick<FileStorage, 'exists'>;
  onError: (error: unknown) => void;
  now?: () => number;
  maxAgeMs?: number;
}) {
  const now = options.now ?? Date.now;
  const maxAgeMs = options.maxAgeMs ?? MISSING_FILES_MAX_AGE_MS;
  let latest: { checkedAt: Date | null; files: StoredFile[] } = { checkedAt: null, files: [] };
  let running: Promise<void> | undefined;
  let closed = false;

  async function check() {
    const files = await options.listFiles();
    const missing: StoredFile[] = [];
    // A few at a time: enough to be quick on S3, not so many that storage is flooded.
    for (let index = 0; index < files.length; index += 8) {
      const batch = files.slice(index, index + 8);
      const found = await Promise.all(batch.map((file) => options.storage.exists(file.storageKey).catch(() => false)));
      batch.forEach((file, position) => found[position] || missing.push(file));
    }
    if (!closed) latest = { checkedAt: new Date(now()), files: missing };
  }

  /** Starts a check when the last one is older than 10 minutes (and none is running). */
  function refreshIfStale() {
    if (closed || running) return;
    if (latest.checkedAt && now() - latest.checkedAt.getTime() < maxAgeMs) return;
    running = check()
      .catch(options.onError)
      .finally(() => {
        running = undefined;
      });
  }

  return {
    /** The last answer; starts a new check in the background when it is stale. */
    latest() {
      refreshIfStale();
      return latest;
    },
    /** Resolves when the running check (if any) ends: for tests and shutdown. */
    async settled() {
      await running;
    },
    async close() {
      closed = true;
      await running;
    },
  };
}

export type MissingFilesCheck = ReturnType<typeof createMissingFilesCheck>;
