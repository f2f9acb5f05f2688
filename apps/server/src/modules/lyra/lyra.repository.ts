import { asc, lt } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { lyraUnansweredQuestions } from '#server/db/schema.ts';

export interface UnansweredQuestion {
  influencer: string;
  question: string;
  createdAt: Date;
}

/** Lyra's tables: the questions it could not answer. */
export function createLyraRepository(db: Database) {
  return {
    /** Several questions in one statement. */
    async recordUnanswered(questions: UnansweredQuestion[]): Promise<void> {
      if (questions.length > 0) await db.insert(lyraUnansweredQuestions).values(questions);
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
