/** A plain object read from JSON, storage or a message (not null, not an array), whose keys can be checked one by one. */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
