import { DEBUG_LOG_LIMIT } from '../constants';

export interface DebugLog {
  /** Keeps the line (the last `limit` only) and writes it to the console. */
  add(line: string, level?: 'debug' | 'warn'): void;
  lines(): readonly string[];
}

/**
 * docs/behaviour/cart.md#debug-log: cart, coupon and checkout events are kept in an in-memory log of
 * the last 10 lines, and written to the console.
 */
export function createDebugLog(limit = DEBUG_LOG_LIMIT, prefix = '[payments]'): DebugLog {
  let entries: string[] = [];
  return {
    add(line, level = 'debug') {
      const entry = `${new Date().toISOString()} ${line}`;
      entries = [...entries, entry].slice(-limit);
      if (level === 'warn') console.warn(prefix, line);
      else console.debug(prefix, line);
    },
    lines: () => entries,
  };
}
