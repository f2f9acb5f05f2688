import { describe, expect, it } from 'vitest';
import { decodeLogCursor, encodeLogCursor } from './log-cursor';

const position = { createdAt: new Date('2026-11-24T08:15:30.123Z'), id: '0b5e1c7a-3f2d-4c1b-9a8e-7d6c5b4a3f21' };

describe('the creative log cursor', () => {
  it('reads back the position it was made from, as an opaque base64url text', () => {
    const cursor = encodeLogCursor(position);
    expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(cursor).not.toContain('2026');
    expect(decodeLogCursor(cursor)).toEqual(position);
  });

  it.each([
    ['an empty text', ''],
    ['padding and other characters', `${encodeLogCursor(position)}==`],
    ['random base64url', Buffer.from('hello world').toString('base64url')],
    ['a position without an id', Buffer.from('2026-11-24T08:15:30.123Z|').toString('base64url')],
    ['an id that is not a uuid', Buffer.from('2026-11-24T08:15:30.123Z|abc').toString('base64url')],
    ['an impossible date', Buffer.from(`2026-02-30T08:15:30.123Z|${position.id}`).toString('base64url')],
    ['a date without milliseconds', Buffer.from(`2026-11-24T08:15:30Z|${position.id}`).toString('base64url')],
  ])('refuses %s', (_name, cursor) => {
    expect(decodeLogCursor(cursor)).toBeNull();
  });
});
