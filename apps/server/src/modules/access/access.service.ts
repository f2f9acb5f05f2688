import type { AdminSelf, Administrator } from '@store/contracts/admin';
import type { Database } from '#server/db/client.ts';
import { HttpError } from '#server/lib/http-error.ts';
import type { Caller } from '#server/modules/accounts/access-token.ts';
import type { VerifiedCaller } from '#server/modules/accounts/accounts.service.ts';
import { auditOn } from '#server/modules/audit/audit.service.ts';
import { createRolesRepository } from './roles.repository';

export interface AccessServiceOptions {
  db: Database;
  /** `ADMIN_EMAILS`, lower-cased: administrators by configuration, whatever the database says. */
  adminEmails: readonly string[];
  /** `OIDC_ROLES_CLAIM`, when the identity provider grants roles too. */
  rolesClaim: string | undefined;
}

const ADMIN = 'admin';

/**
 * Who is an administrator: a signed-in caller with a verified email that `ADMIN_EMAILS` names,
 * that was granted the role in the back office, or whose token's roles claim lists 'admin'.
 */
export function createAccessService({ db, adminEmails, rolesClaim }: AccessServiceOptions) {
  const configured = new Set(adminEmails);
  const roles = createRolesRepository(db);

  return {
    /** Why the caller is an administrator, or null when they are not one. */
    async adminSource(caller: Caller): Promise<AdminSelf['source'] | null> {
      if (!caller.emailVerified || !caller.email) return null;
      if (configured.has(caller.email)) return 'ADMIN_EMAILS';
      if (await roles.has(caller.email, ADMIN)) return 'granted';
      if (caller.roles.includes(ADMIN)) return 'identity-provider';
      return null;
    },

    /**
     * Whether the address is an administrator's by configuration or by a grant (a role claim cannot
     * be known without their token). `tx`: read inside the caller's transaction.
     */
    async isAdministrator(email: string, tx?: Database): Promise<boolean> {
      const address = email.toLowerCase();
      return configured.has(address) || (await (tx ? createRolesRepository(tx) : roles).has(address, ADMIN));
    },

    async administrators(): Promise<{ administrators: Administrator[]; rolesClaim: string | null }> {
      const granted = await roles.list(ADMIN);
      return {
        administrators: [
          ...[...configured].map((email) => ({ email, source: 'ADMIN_EMAILS' as const, grantedBy: null, grantedAt: null })),
          ...granted
            .filter((row) => !configured.has(row.email))
            .map((row) => ({ email: row.email, source: 'granted' as const, grantedBy: row.grantedBy, grantedAt: row.createdAt.toISOString() })),
        ],
        rolesClaim: rolesClaim ?? null,
      };
    },

    /** Gives `email` the admin role; 409 when they already have it. */
    async grant(actor: VerifiedCaller, email: string): Promise<void> {
      if (configured.has(email))
        throw new HttpError(409, `${email} is already an administrator (named in ADMIN_EMAILS).`, { email: 'Already an administrator' });
      await db.transaction(async (tx) => {
        const row = await createRolesRepository(tx).grant(email, ADMIN, actor.email);
        if (!row) throw new HttpError(409, `${email} is already an administrator.`, { email: 'Already an administrator' });
        await auditOn(tx).record({ actor: actor.email, action: 'role.grant', subjectType: 'administrator', subjectId: email, after: row });
      });
    },

    /**
     * Takes the admin role from `email`. Refused for an address named in `ADMIN_EMAILS` (it is
     * removed there), and for the caller when nobody else would be left to run the store.
     */
    async revoke(actor: VerifiedCaller, email: string): Promise<void> {
      if (configured.has(email)) {
        throw new HttpError(409, `${email} is named in ADMIN_EMAILS: remove the address there and restart the store to take the role away.`);
      }
      await db.transaction(async (tx) => {
        const grants = await createRolesRepository(tx).list(ADMIN, { lock: true });
        if (!grants.some((row) => row.email === email)) throw new HttpError(404, `${email} is not an administrator.`);
        const othersLeft = configured.size > 0 || grants.some((row) => row.email !== email);
        if (email === actor.email && !othersLeft) {
          throw new HttpError(
            409,
            'You are the last administrator: give someone else the role before you remove your own, so the store is never left without one.',
          );
        }
        const row = await createRolesRepository(tx).revoke(email, ADMIN);
        await auditOn(tx).record({ actor: actor.email, action: 'role.revoke', subjectType: 'administrator', subjectId: email, before: row });
      });
    },
  };
}

export type AccessService = ReturnType<typeof createAccessService>;
