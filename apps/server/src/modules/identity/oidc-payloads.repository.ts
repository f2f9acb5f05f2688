import { and, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { oidcPayloads } from '#server/db/schema.ts';

export interface StoredPayload {
  payload: Record<string, unknown>;
  consumedAt: Date | null;
}

/** Drizzle queries behind the oidc-provider adapter (one table for every model). */
export function createOidcPayloadsRepository(db: Database) {
  const live = () => or(isNull(oidcPayloads.expiresAt), sql`${oidcPayloads.expiresAt} > now()`);

  async function findWhere(condition: ReturnType<typeof and>): Promise<StoredPayload | undefined> {
    const [row] = await db
      .select({ payload: oidcPayloads.payload, consumedAt: oidcPayloads.consumedAt })
      .from(oidcPayloads)
      .where(and(condition, live()))
      .limit(1);
    return row;
  }

  return {
    async upsert(model: string, id: string, payload: Record<string, unknown>, expiresInSeconds: number | undefined) {
      const values = {
        model,
        id,
        payload,
        grantId: typeof payload.grantId === 'string' ? payload.grantId : null,
        userCode: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : null,
        accountId: typeof payload.accountId === 'string' ? payload.accountId : null,
        expiresAt: expiresInSeconds ? sql`now() + make_interval(secs => ${expiresInSeconds})` : null,
      };
      await db
        .insert(oidcPayloads)
        .values(values)
        .onConflictDoUpdate({
          target: [oidcPayloads.model, oidcPayloads.id],
          set: {
            payload: values.payload,
            grantId: values.grantId,
            userCode: values.userCode,
            uid: values.uid,
            accountId: values.accountId,
            expiresAt: values.expiresAt,
          },
        });
    },

    find: (model: string, id: string) => findWhere(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id))),
    findByUid: (model: string, uid: string) => findWhere(and(eq(oidcPayloads.model, model), eq(oidcPayloads.uid, uid))),
    findByUserCode: (model: string, userCode: string) => findWhere(and(eq(oidcPayloads.model, model), eq(oidcPayloads.userCode, userCode))),

    async consume(model: string, id: string) {
      await db
        .update(oidcPayloads)
        .set({ consumedAt: sql`now()` })
        .where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },

    async destroy(model: string, id: string) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.model, model), eq(oidcPayloads.id, id)));
    },

    /** Every token, code and session of a grant goes with it (any model). */
    async revokeByGrantId(grantId: string) {
      await db.delete(oidcPayloads).where(eq(oidcPayloads.grantId, grantId));
    },

    /** Signs an account out everywhere: its sessions, grants and tokens. */
    async revokeAccount(accountId: string, models: string[]) {
      await db.delete(oidcPayloads).where(and(eq(oidcPayloads.accountId, accountId), inArray(oidcPayloads.model, models)));
    },

    /** Deletes rows that expired more than a day ago (kept a little longer to explain "expired" in logs). */
    async sweepExpired(): Promise<number> {
      const rows = await db
        .delete(oidcPayloads)
        .where(lt(oidcPayloads.expiresAt, sql`now() - interval '1 day'`))
        .returning({ id: oidcPayloads.id });
      return rows.length;
    },
  };
}

export type OidcPayloadsRepository = ReturnType<typeof createOidcPayloadsRepository>;
