import { z } from 'zod';
import { isRecord } from '../is-record';

/**
 * A payment session's tags: small names and values the storefront pushes to the session, which
 * the provider puts on the order (FastSpring: `tags` in `push`, the order's `tags` in the
 * webhook). The store uses one, the analytics checkout code; the limits keep any other small.
 */
export const SESSION_TAGS_MAX = 10;
export const SESSION_TAG_NAME = /^[A-Za-z0-9_]{1,40}$/;
export const SESSION_TAG_VALUE_MAX_CHARS = 200;
const TAG_NAME_MESSAGE = 'Tag names are 1 to 40 letters, digits or underscores.';

/** Tags the sandbox is asked to keep: anything out of bounds is refused with a clear message. */
export const sessionTagsSchema = z
  .record(
    z.string().regex(SESSION_TAG_NAME),
    z.string({ error: 'Tag values are strings.' }).max(SESSION_TAG_VALUE_MAX_CHARS, `Tag values are at most ${SESSION_TAG_VALUE_MAX_CHARS} characters.`),
    // A refused name is reported by the record itself.
    { error: (issue) => (issue.code === 'invalid_key' ? TAG_NAME_MESSAGE : 'Tags are an object of names to string values.') },
  )
  .refine((tags) => Object.keys(tags).length <= SESSION_TAGS_MAX, `At most ${SESSION_TAGS_MAX} tags.`);

/**
 * The tags of an order as the provider sends them. An order is never refused for its tags: what
 * does not fit (a long value, an odd name, not a string, beyond the first ten) is dropped.
 */
export const orderTagsSchema = z.unknown().transform((value): Record<string, string> | undefined => {
  if (!isRecord(value)) return undefined;
  const kept = Object.entries(value)
    .filter(
      (entry): entry is [string, string] => SESSION_TAG_NAME.test(entry[0]) && typeof entry[1] === 'string' && entry[1].length <= SESSION_TAG_VALUE_MAX_CHARS,
    )
    .slice(0, SESSION_TAGS_MAX);
  return kept.length > 0 ? Object.fromEntries(kept) : undefined;
});
