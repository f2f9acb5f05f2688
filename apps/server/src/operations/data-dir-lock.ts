import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** PGlite has no server process guarding its folder: two openers corrupt it, so DATA_DIR holds this lock. */
export const LOCK_FILE_NAME = 'pglite.lock';

export class DataDirInUseError extends Error {
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(
      `${dataDir} is in use by process ${pid} (a running store or backup holds ${path.join(dataDir, LOCK_FILE_NAME)}). ` +
        'Stop that process first; only one process may open an embedded PGlite database.',
    );
    this.name = 'DataDirInUseError';
  }
}

export interface DataDirLock {
  /** Removes the lock file; also done automatically when the process exits. */
  release(): void;
}

/**
 * Takes DATA_DIR's lock: a file created atomically (`wx`) holding this process's pid. A lock
 * left by a process that no longer runs (killed, crashed) is taken over. Throws
 * DataDirInUseError when a live process holds it.
 */
export function acquireDataDirLock(dataDir: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE_NAME);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (tryCreate(file)) return holdUntilExit(file);
    const holder = readHolder(file);
    if (holder === undefined) continue; // removed between our attempt and the read: try again
    if (holder !== process.pid && isAlive(holder)) throw new DataDirInUseError(dataDir, holder);
    removeIfStill(file, holder);
  }
  throw new Error(`could not take the lock ${file}: it keeps changing; is another process starting on ${dataDir}?`);
}

function tryCreate(file: string): boolean {
  try {
    writeFileSync(file, `${process.pid}\n`, { flag: 'wx', mode: 0o644 });
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  }
}

/** The pid in the lock file; NaN for an unreadable or garbled file (treated as stale), undefined when it is gone. */
function readHolder(file: string): number | undefined {
  try {
    return Number.parseInt(readFileSync(file, 'utf8').trim(), 10);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

function isAlive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to another user.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Deletes a stale lock, unless another process replaced it with its own since we read it. */
function removeIfStill(file: string, stalePid: number) {
  const now = readHolder(file);
  if (now === undefined || (now !== stalePid && !(Number.isNaN(now) && Number.isNaN(stalePid)))) return;
  try {
    unlinkSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

function holdUntilExit(file: string): DataDirLock {
  let held = true;
  const release = () => {
    if (!held) return;
    held = false;
    process.off('exit', release);
    if (readHolder(file) !== process.pid) return;
    try {
      unlinkSync(file);
    } catch {
      // Already gone: nothing to release.
    }
  };
  process.on('exit', release);
  return { release };
}
