/** The debug log keeps the last 10 lines (docs/behaviour/cart.md#debug-log). */
export const DEBUG_LOG_LIMIT = 10;

export interface DebugLog {
  /** Keeps the line (the last `limit` only) and writes it to the console. */
  add(line: string, level?: 'debug' | 'warn'): void;
  lines(): readonly string[];
}

/**
 * An in-memory log of the last 10 lines, also written to the console (docs/behaviour/cart.md#debug-log):
 * the details of failures the shopper is told about in a short sentence, or not at all. One per feature,
 * named by `prefix`. Never log personal data or tokens into it.
 */
export function createDebugLog(prefix: string, limit = DEBUG_LOG_LIMIT): DebugLog {
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
