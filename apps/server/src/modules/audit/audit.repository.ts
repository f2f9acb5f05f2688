import { and, desc, eq, lt, type SQL } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { auditEvents } from '#server/db/schema.ts';

/** A transaction or the database itself. */
export type AuditExecutor = Pick<Database, 'select' | 'insert'>;

export interface AuditRecord {
  /** The administrator's email. */
  actor: string;
  /** What was done: '{subject}.{verb}', e.g. 'product.update'. */
  action: string;
  subjectType: string;
  subjectId: string | number;
  before?: object | null;
  after?: object | null;
}

export interface AuditFilter {
  before?: number;
  limit: number;
  subjectType?: string;
  subjectId?: string;
  actor?: string;
}

/**
 * The audit log's table. `record` is the step every back-office write takes in its own
 * transaction, so a write and its record are saved together or not at all.
 */
export function createAuditRepository(db: AuditExecutor) {
  return {
    async record(event: AuditRecord): Promise<void> {
      await db.insert(auditEvents).values({
        actor: event.actor,
        action: event.action,
        subjectType: event.subjectType,
        subjectId: String(event.subjectId),
        before: toJson(event.before),
        after: toJson(event.after),
      });
    },

    /** Newest first, one more than `limit` so the caller knows whether there is a next page. */
    list(filter: AuditFilter) {
      const conditions: SQL[] = [];
      if (filter.before !== undefined) conditions.push(lt(auditEvents.id, filter.before));
      if (filter.subjectType) conditions.push(eq(auditEvents.subjectType, filter.subjectType));
      if (filter.subjectId) conditions.push(eq(auditEvents.subjectId, filter.subjectId));
      if (filter.actor) conditions.push(eq(auditEvents.actor, filter.actor.toLowerCase()));
      return db
        .select()
        .from(auditEvents)
        .where(and(...conditions))
        .orderBy(desc(auditEvents.id))
        .limit(filter.limit + 1);
    },
  };
}

export type AuditRepository = ReturnType<typeof createAuditRepository>;

/** Dates and other non-JSON values as JSON would store them, so what is read back is what was written. */
function toJson(value: object | null | undefined): Record<string, unknown> | null {
  return value == null ? null : (JSON.parse(JSON.stringify(value)) as Record<string, unknown>);
}
