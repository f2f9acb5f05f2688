import type { FastifyInstance, FastifyPluginAsync } from 'fastify';
import type { AccessTokenVerifier } from '#server/modules/accounts/access-token.ts';
import type { AccessService } from './access.service';
import { adminOnly } from './admin-only';

/** A part of the back office's API: a plugin of routes and what it is given. */
export interface AdminSection<Options extends object = object> {
  plugin: FastifyPluginAsync<Options>;
  options: Options;
}

/** Pairs a section's plugin with its options, keeping their types in step. */
export const adminSection = <Options extends object>(plugin: FastifyPluginAsync<Options>, options: Options): AdminSection =>
  ({ plugin, options }) as unknown as AdminSection;

export const ADMIN_API_PREFIX = '/api/admin';

/**
 * The back office's API, `/api/admin/*`: one scope guarded by `adminOnly`, inside which every
 * section registers its routes (relative to the prefix). Register it with `{ prefix: ADMIN_API_PREFIX }`.
 */
export async function adminApi(fastify: FastifyInstance, options: { verifier: AccessTokenVerifier; access: AccessService; sections: AdminSection[] }) {
  await fastify.register(adminOnly, { verifier: options.verifier, access: options.access });
  for (const section of options.sections) await fastify.register(section.plugin, section.options);
}
