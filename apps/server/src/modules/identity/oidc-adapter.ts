import type { Adapter, AdapterFactory, AdapterPayload } from 'oidc-provider';
import type { OidcPayloadsRepository } from './oidc-payloads.repository';

/**
 * oidc-provider's storage contract on our database: sessions, interactions, grants, codes and
 * refresh tokens survive restarts and are shared by every store process on one PostgreSQL.
 * A consumed row keeps its payload with `consumed` set, as the provider expects (that is how
 * a reused authorization code or rotated refresh token is detected and its grant revoked).
 */
export function drizzleAdapterFactory(repository: OidcPayloadsRepository): AdapterFactory {
  return (model: string): Adapter => {
    const toPayload = (row: Awaited<ReturnType<OidcPayloadsRepository['find']>>): AdapterPayload | undefined => {
      if (!row) return undefined;
      const payload = row.payload as AdapterPayload;
      return row.consumedAt ? { ...payload, consumed: Math.floor(row.consumedAt.getTime() / 1000) } : payload;
    };
    return {
      async upsert(id, payload, expiresIn) {
        await repository.upsert(model, id, payload as Record<string, unknown>, expiresIn);
      },
      find: async (id) => toPayload(await repository.find(model, id)),
      findByUid: async (uid) => toPayload(await repository.findByUid(model, uid)),
      findByUserCode: async (userCode) => toPayload(await repository.findByUserCode(model, userCode)),
      consume: (id) => repository.consume(model, id),
      destroy: (id) => repository.destroy(model, id),
      revokeByGrantId: (grantId) => repository.revokeByGrantId(grantId),
    };
  };
}
