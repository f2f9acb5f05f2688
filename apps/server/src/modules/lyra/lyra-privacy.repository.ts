import { asc, desc, eq, inArray } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { creativeLogEntries, lyraConversationMessages, lyraConversations } from '#server/db/schema.ts';
import { createLyraRepository } from './lyra.repository';

/** Everything Lyra remembers of one signed-in shopper (owner = their email), for the privacy export and erasure. */
export function createLyraPrivacyRepository(db: Database) {
  return {
    /** Conversations (most recent first) with their turns, and the creative log (newest first). */
    async memoryOf(owner: string) {
      const conversations = await db
        .select()
        .from(lyraConversations)
        .where(eq(lyraConversations.owner, owner))
        .orderBy(desc(lyraConversations.updatedAt), desc(lyraConversations.id));
      const messages =
        conversations.length === 0
          ? []
          : await db
              .select()
              .from(lyraConversationMessages)
              .where(
                inArray(
                  lyraConversationMessages.conversationId,
                  conversations.map((conversation) => conversation.id),
                ),
              )
              .orderBy(asc(lyraConversationMessages.id));
      const creativeLog = await db
        .select()
        .from(creativeLogEntries)
        .where(eq(creativeLogEntries.owner, owner))
        .orderBy(desc(creativeLogEntries.createdAt), desc(creativeLogEntries.id));
      return {
        conversations: conversations.map((conversation) => ({
          ...conversation,
          messages: messages.filter((message) => message.conversationId === conversation.id),
        })),
        creativeLog,
      };
    },

    /** Erasure: the same as the shopper's own "Forget my Lyra history". */
    forget: (owner: string) => createLyraRepository(db).forget(owner),
  };
}
