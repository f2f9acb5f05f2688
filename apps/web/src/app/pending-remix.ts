import type { PendingQuestion } from '#web/features/lyra/types.ts';
import type { PendingRemix } from './navigation-effects';

/** Without an inspiration, a remix still asks for a sketch: the product's key and tempo seed it. */
const REMIX_WITHOUT_INSPIRATION = 'a sketch in the spirit of this pack';

/** The question a pending remix asks. */
export function pendingQuestionOf(pending: PendingRemix): PendingQuestion {
  return { query: pending.inspiration ?? REMIX_WITHOUT_INSPIRATION, ...(pending.remix && { remix: pending.remix }) };
}
