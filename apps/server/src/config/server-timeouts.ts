/**
 * How long a client may take, in milliseconds. Without them a client sending its body a byte
 * at a time holds a connection for ever. Bodies are at most BODY_LIMIT_BYTES (1 MB by default),
 * so 30 s for a whole request is generous; headers get 15 s; keep-alive stays above the 60 s
 * idle timeout of common proxies and load balancers, so they never reuse a connection the
 * store is closing; a socket silent for 2 minutes mid-request is closed. Node checks the
 * header and request limits every `checkMs`.
 */
export const SERVER_TIMEOUTS = { headersMs: 15_000, requestMs: 30_000, keepAliveMs: 72_000, idleMs: 120_000, checkMs: 5_000 };
export type ServerTimeouts = typeof SERVER_TIMEOUTS;

/** Fastify's and Node's options for them. */
export function serverTimeoutOptions(overrides: Partial<ServerTimeouts> = {}) {
  const timeouts = { ...SERVER_TIMEOUTS, ...overrides };
  return {
    requestTimeout: timeouts.requestMs,
    keepAliveTimeout: timeouts.keepAliveMs,
    connectionTimeout: timeouts.idleMs,
    http: { headersTimeout: timeouts.headersMs, connectionsCheckingInterval: timeouts.checkMs },
  };
}
