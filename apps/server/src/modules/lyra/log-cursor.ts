import type { LogPosition } from './lyra.repository';

const POSITION = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z)\|([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/**
 * The opaque `before` cursor of the creative log: the last entry's time and id, base64url, so a
 * page starts strictly after it even when entries share a millisecond.
 */
export function encodeLogCursor({ createdAt, id }: LogPosition): string {
  return Buffer.from(`${createdAt.toISOString()}|${id}`).toString('base64url');
}

/** The position a cursor names, or null when it is not one this store made. */
export function decodeLogCursor(cursor: string): LogPosition | null {
  if (!/^[A-Za-z0-9_-]+$/.test(cursor)) return null;
  const match = POSITION.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  if (!match) return null;
  const createdAt = new Date(match[1]!);
  if (Number.isNaN(createdAt.getTime()) || createdAt.toISOString() !== match[1]) return null;
  return { createdAt, id: match[2]! };
}
