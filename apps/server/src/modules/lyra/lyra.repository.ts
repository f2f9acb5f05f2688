import { asc, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { lyraUnansweredQuestions } from '#server/db/schema.ts';

/** Lyra's tables: the questions it could not answer. */
export function createLyraRepository(db: Database) {
  return {
    async recordUnanswered(influencer: string, question: string, at: Date): Promise<void> {
      await db.insert(lyraUnansweredQuestions).values({ influencer, question, createdAt: at });
    },

    /** Deletes the questions recorded before `cutoff`; returns how many. */
    async deleteUnansweredBefore(cutoff: Date): Promise<number> {
      const deleted = await db
        .delete(lyraUnansweredQuestions)
        .where(lt(lyraUnansweredQuestions.createdAt, cutoff))
        .returning({ id: lyraUnansweredQuestions.id });
      return deleted.length;
    },

    /** Oldest first, for the maker. */
    listUnanswered() {
      return db.select().from(lyraUnansweredQuestions).orderBy(asc(lyraUnansweredQuestions.createdAt), asc(lyraUnansweredQuestions.id));
    },
  };
}

export type LyraRepository = ReturnType<typeof createLyraRepository>;
