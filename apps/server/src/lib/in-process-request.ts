import { randomBytes } from 'node:crypto';
import type { FastifyRequest } from 'fastify';

/**
 * Marks the requests the server makes of itself (`app.inject`, for the API answers a page is
 * rendered from), so the rate limiter does not count them against 127.0.0.1: every visitor's
 * page view would otherwise share that one budget, and a busy product page would be rendered
 * from a 429. The value is random per process and never leaves it, so no client can claim it.
 */
const IN_PROCESS_HEADER = 'x-store-in-process';
const IN_PROCESS_TOKEN = randomBytes(24).toString('base64url');

/** Headers for a request the server makes of itself. */
export function inProcessHeaders(): Record<string, string> {
  return { [IN_PROCESS_HEADER]: IN_PROCESS_TOKEN };
}

export function isInProcessRequest(request: FastifyRequest): boolean {
  return request.headers[IN_PROCESS_HEADER] === IN_PROCESS_TOKEN;
}
