import { eq, lt, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { uploads } from '#server/db/schema.ts';

export type UploadRow = typeof uploads.$inferSelect;
export type NewUpload = Pick<
  typeof uploads.$inferInsert,
  'id' | 'purpose' | 'owner' | 'filename' | 'contentType' | 'sizeBytes' | 'storageKey' | 'target' | 'expiresAt'
>;

/** The uploads in progress (or finished and not yet turned into what they were for). */
export function createUploadsRepository(db: Database) {
  return {
    async create(upload: NewUpload): Promise<void> {
      await db.insert(uploads).values(upload);
    },

    async find(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).limit(1);
      return row;
    },

    /** Locks the row: two requests completing the same upload cannot both turn it into a file. */
    async findForUpdate(id: string): Promise<UploadRow | undefined> {
      const [row] = await db.select().from(uploads).where(eq(uploads.id, id)).for('update').limit(1);
      return row;
    },

    async recordReceived(id: string, receivedBytes: number): Promise<void> {
      await db
        .update(uploads)
        .set({ receivedBytes, updatedAt: sql`now()` })
        .where(eq(uploads.id, id));
    },

    async markComplete(id: string, sha256: string): Promise<void> {
      await db
        .update(uploads)
        .set({ receivedBytes: sql`${uploads.sizeBytes}`, sha256, status: 'complete', updatedAt: sql`now()` })
        .where(eq(uploads.id, id));
    },

    async delete(id: string): Promise<boolean> {
      const rows = await db.delete(uploads).where(eq(uploads.id, id)).returning({ id: uploads.id });
      return rows.length > 0;
    },

    async listExpired(now: Date, limit = 100): Promise<Array<Pick<UploadRow, 'id' | 'storageKey'>>> {
      return db.select({ id: uploads.id, storageKey: uploads.storageKey }).from(uploads).where(lt(uploads.expiresAt, now)).limit(limit);
    },
  };
}

export type UploadsRepository = ReturnType<typeof createUploadsRepository>;
