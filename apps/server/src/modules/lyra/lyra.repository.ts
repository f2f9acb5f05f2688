import { and, asc, desc, eq, gt, inArray, lt, or, sql } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { Database } from '#server/db/client.ts';
import { creativeLogEntries, lyraConversationMessages, lyraConversations, lyraCounts, lyraUnansweredQuestions } from '#server/db/schema.ts';

export interface UnansweredQuestion {
  influencer: string;
  question: string;
  createdAt: Date;
}

/** One counter's increment: ('lyra', 'sketch_generated', '') or ('lyra', 'key', 'A minor'). */
export interface CountIncrement {
  influencer: string;
  metric: string;
  label: string;
  count: number;
}

export interface NewCreativeEntry {
  owner: string;
  influencer: string;
  type: string;
  data: Record<string, unknown>;
  createdAt: Date;
}

export interface StoredTurn {
  owner: string;
  influencer: string;
  /** Appends to this conversation (the caller checked it is the owner's); absent, a new one is made with `title`. */
  conversationId?: string;
  title: string;
  question: string;
  answer: string;
  extras: Record<string, unknown>;
  /** Creative entries the turn made (a wish, a sketch). */
  events: Array<{ type: string; data: Record<string, unknown> }>;
  at: Date;
}

/** Where a page of the creative log starts: the entries strictly older than this one. */
export interface LogPosition {
  createdAt: Date;
  id: string;
}

/**
 * Lyra's tables: the questions it could not answer, the signed-in shoppers' conversations and
 * creative log (docs/behaviour/lyra.md#memory), and the public counts.
 */
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

    /** Adds to the counters in one upsert, so processes sharing a database count together. */
    async addCounts(increments: CountIncrement[]): Promise<void> {
      if (increments.length === 0) return;
      await db
        .insert(lyraCounts)
        .values(increments)
        .onConflictDoUpdate({
          target: [lyraCounts.influencer, lyraCounts.metric, lyraCounts.label],
          set: { count: sql`${lyraCounts.count} + excluded.count` },
        });
    },

    listCounts(influencer: string) {
      return db.select().from(lyraCounts).where(eq(lyraCounts.influencer, influencer));
    },

    /** The conversation when it is this owner's; undefined for another shopper's or an unknown one. */
    async findConversation(id: string, owner: string) {
      const [row] = await db
        .select()
        .from(lyraConversations)
        .where(and(eq(lyraConversations.id, id), eq(lyraConversations.owner, owner)));
      return row;
    },

    /** The question and the answer, the conversation (new or updated) and the turn's creative entries, together; returns the conversation's id. */
    async saveTurn(turn: StoredTurn): Promise<string> {
      return db.transaction(async (tx) => {
        let conversationId = turn.conversationId;
        if (conversationId) {
          await tx
            .update(lyraConversations)
            .set({ updatedAt: turn.at })
            .where(and(eq(lyraConversations.id, conversationId), eq(lyraConversations.owner, turn.owner)));
        } else {
          const [created] = await tx
            .insert(lyraConversations)
            .values({ owner: turn.owner, influencer: turn.influencer, title: turn.title, createdAt: turn.at, updatedAt: turn.at })
            .returning({ id: lyraConversations.id });
          conversationId = created!.id;
        }
        await tx.insert(lyraConversationMessages).values([
          { conversationId, role: 'user', content: turn.question, createdAt: turn.at },
          { conversationId, role: 'assistant', content: turn.answer, extras: turn.extras, createdAt: turn.at },
        ]);
        if (turn.events.length > 0) {
          await tx
            .insert(creativeLogEntries)
            .values(turn.events.map((event) => ({ owner: turn.owner, influencer: turn.influencer, ...event, createdAt: turn.at })));
        }
        return conversationId;
      });
    },

    /** The owner's conversations, most recently updated first. */
    listConversations(owner: string, limit: number) {
      return db
        .select({ id: lyraConversations.id, influencer: lyraConversations.influencer, title: lyraConversations.title, updatedAt: lyraConversations.updatedAt })
        .from(lyraConversations)
        .where(eq(lyraConversations.owner, owner))
        .orderBy(desc(lyraConversations.updatedAt), desc(lyraConversations.id))
        .limit(limit);
    },

    /** A conversation's turns, oldest first. */
    listMessages(conversationId: string) {
      return db
        .select()
        .from(lyraConversationMessages)
        .where(eq(lyraConversationMessages.conversationId, conversationId))
        .orderBy(asc(lyraConversationMessages.id));
    },

    async addCreativeEntry(entry: NewCreativeEntry): Promise<string> {
      const [row] = await db.insert(creativeLogEntries).values(entry).returning({ id: creativeLogEntries.id });
      return row!.id;
    },

    /** The owner's entries older than `before` (all when absent), newest first. */
    listCreativeEntries({ owner, type, before, limit }: { owner: string; type?: string; before?: LogPosition; limit: number }) {
      const older = before
        ? or(lt(creativeLogEntries.createdAt, before.createdAt), and(eq(creativeLogEntries.createdAt, before.createdAt), lt(creativeLogEntries.id, before.id)))
        : undefined;
      return db
        .select()
        .from(creativeLogEntries)
        .where(and(eq(creativeLogEntries.owner, owner), type ? eq(creativeLogEntries.type, type) : undefined, older))
        .orderBy(desc(creativeLogEntries.createdAt), desc(creativeLogEntries.id))
        .limit(limit);
    },

    /** The owner's newest entries with this persona: the bounded history Lyra's state is computed from. */
    recentCreativeEntries(owner: string, influencer: string, limit: number) {
      return db
        .select()
        .from(creativeLogEntries)
        .where(and(eq(creativeLogEntries.owner, owner), eq(creativeLogEntries.influencer, influencer)))
        .orderBy(desc(creativeLogEntries.createdAt), desc(creativeLogEntries.id))
        .limit(limit);
    },

    /** "Forget me": the owner's conversations (with their turns) and creative log. */
    async forget(owner: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(lyraConversations).where(eq(lyraConversations.owner, owner));
        await tx.delete(creativeLogEntries).where(eq(creativeLogEntries.owner, owner));
      });
    },

    /** Deletes conversations last updated, and creative entries made, before `cutoff`; returns how many of each. */
    async deleteMemoryBefore(cutoff: Date): Promise<{ conversations: number; entries: number }> {
      const conversations = await db.delete(lyraConversations).where(lt(lyraConversations.updatedAt, cutoff)).returning({ id: lyraConversations.id });
      const entries = await db.delete(creativeLogEntries).where(lt(creativeLogEntries.createdAt, cutoff)).returning({ id: creativeLogEntries.id });
      return { conversations: conversations.length, entries: entries.length };
    },

    /** Deletes each owner's conversations and creative entries beyond their newest `keep` of each; returns how many. */
    async trimMemoryTo(keep: number): Promise<{ conversations: number; entries: number }> {
      const conversations = await db
        .delete(lyraConversations)
        .where(inArray(lyraConversations.id, idsBeyondNewest(db, lyraConversations, lyraConversations.updatedAt, keep)))
        .returning({ id: lyraConversations.id });
      const entries = await db
        .delete(creativeLogEntries)
        .where(inArray(creativeLogEntries.id, idsBeyondNewest(db, creativeLogEntries, creativeLogEntries.createdAt, keep)))
        .returning({ id: creativeLogEntries.id });
      return { conversations: conversations.length, entries: entries.length };
    },
  };
}

export type LyraRepository = ReturnType<typeof createLyraRepository>;

/** The ids of each owner's rows beyond their newest `keep`, newest by `newest` (then id). */
function idsBeyondNewest(db: Database, table: typeof lyraConversations | typeof creativeLogEntries, newest: AnyPgColumn, keep: number) {
  const ranked = db
    .select({ id: table.id, rank: sql<number>`row_number() over (partition by ${table.owner} order by ${newest} desc, ${table.id} desc)`.as('rank') })
    .from(table)
    .as('ranked');
  return db.select({ id: ranked.id }).from(ranked).where(gt(ranked.rank, keep));
}
