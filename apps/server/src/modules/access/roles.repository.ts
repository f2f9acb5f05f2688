import { and, asc, eq } from 'drizzle-orm';
import type { Database } from '#server/db/client.ts';
import { roleGrants, type RoleGrantRow } from '#server/db/schema.ts';

export type Role = RoleGrantRow['role'];

/** A transaction or the database itself. */
export type RolesExecutor = Pick<Database, 'select' | 'insert' | 'delete'>;

/** The roles granted in the back office, by lower-case email. */
export function createRolesRepository(db: RolesExecutor) {
  return {
    async has(email: string, role: Role): Promise<boolean> {
      const rows = await db
        .select({ email: roleGrants.email })
        .from(roleGrants)
        .where(and(eq(roleGrants.email, email), eq(roleGrants.role, role)))
        .limit(1);
      return rows.length > 0;
    },

    /** With `lock`, the rows stay locked until the transaction ends: two removals cannot both see another administrator left. */
    list(role: Role, options: { lock?: boolean } = {}): Promise<RoleGrantRow[]> {
      const query = db.select().from(roleGrants).where(eq(roleGrants.role, role)).orderBy(asc(roleGrants.createdAt), asc(roleGrants.email));
      return options.lock ? query.for('update') : query;
    },

    /** False when the email already had the role. */
    async grant(email: string, role: Role, grantedBy: string): Promise<RoleGrantRow | undefined> {
      const [row] = await db.insert(roleGrants).values({ email, role, grantedBy }).onConflictDoNothing().returning();
      return row;
    },

    async revoke(email: string, role: Role): Promise<RoleGrantRow | undefined> {
      const [row] = await db
        .delete(roleGrants)
        .where(and(eq(roleGrants.email, email), eq(roleGrants.role, role)))
        .returning();
      return row;
    },
  };
}

export type RolesRepository = ReturnType<typeof createRolesRepository>;
