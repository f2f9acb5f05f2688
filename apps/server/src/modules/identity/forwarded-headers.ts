import type { FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';

/**
 * oidc-provider is a Koa app, and Koa trusts X-Forwarded-* all or nothing. Fastify decides
 * what to trust (TRUST_PROXY: a hop count or proxy addresses), so before the provider sees a
 * request its forwarded headers are replaced by what Fastify concluded; the provider trusts
 * exactly one entry of them. A client's own X-Forwarded-For can then move neither.
 */
export function alignForwardedHeaders(request: FastifyRequest) {
  // Read all three before writing any: Fastify derives them from these very headers.
  const resolved = { 'x-forwarded-for': request.ip, 'x-forwarded-proto': request.protocol, 'x-forwarded-host': request.host };
  const headers = request.raw.headers;
  for (const [name, value] of Object.entries(resolved)) {
    if (value) headers[name] = value;
    else delete headers[name];
  }
}

/** The provider's half of the agreement: read the single entry alignForwardedHeaders wrote. */
export function trustAlignedForwardedHeaders(provider: Provider) {
  provider.proxy = true;
  provider.app.maxIpsCount = 1;
}
