import {
  activateRequestSchema,
  activateResponseSchema,
  checkoutFileRequestSchema,
  checkoutFileResponseSchema,
  deactivateRequestSchema,
  deactivateResponseSchema,
  licensingRefusalSchema,
  publicKeyResponseSchema,
  releasesCheckRequestSchema,
  releasesCheckResponseSchema,
  validateRequestSchema,
  validateResponseSchema,
  type LicensingCode,
  type LicensingRefusal as LicensingRefusalBody,
} from '@store/contracts';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clientMessage, fieldMessages, invalidInputMessage } from '#server/plugins/errors.ts';
import { sharedRateLimit } from '#server/modules/rate-limits/shared-rate-limits.ts';
import type { LicensingLimits } from './licensing-limits';
import { LicensingRefusal, type LicensingService } from './licensing.service';

export const LICENSING_API_PREFIX = '/api/licensing/v1';

export interface LicensingRoutesOptions {
  licensing: LicensingService;
  limits: LicensingLimits;
  /** Calls one client address may make per minute, counted by every process together. */
  requestsPerMinute: number;
}

/** The HTTP status of each refusal. */
const STATUS: Record<LicensingCode, number> = {
  NOT_FOUND: 404,
  NO_MACHINE: 404,
  PRODUCT_MISMATCH: 422,
  REVOKED: 403,
  EXPIRED: 403,
  TOO_MANY_MACHINES: 409,
  TRIAL_ALREADY_USED: 409,
  TOO_MANY_DEACTIVATIONS: 409,
  RATE_LIMITED: 429,
  INVALID_REQUEST: 400,
  VALID: 200,
};

const refusals = {
  400: licensingRefusalSchema,
  403: licensingRefusalSchema,
  404: licensingRefusalSchema,
  409: licensingRefusalSchema,
  422: licensingRefusalSchema,
  429: licensingRefusalSchema,
};

/** Thrown by the limits: rendered as RATE_LIMITED with Retry-After. */
class RateLimited extends Error {
  readonly statusCode = 429;
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}

/**
 * The plugin API (docs/behaviour/licensing.md), `/api/licensing/v1`: no session, the licence
 * key is the credential. Every refusal is `{valid: false, code, message}`; answers are never cached.
 *
 * - `POST /activate`, `/validate`, `/deactivate`, `/checkout-file`, `/releases/check`
 * - `GET /public-key`
 */
export async function licensingRoutes(fastify: FastifyInstance, options: LicensingRoutesOptions) {
  fastify.setErrorHandler(licensingErrorHandler(options.limits));
  fastify.addHook('onRequest', async (_request, reply) => {
    reply.header('cache-control', 'no-store');
  });
  const { licensing, limits } = options;
  const config = (input: string) => ({ input, rateLimit: sharedRateLimit('licensing', options.requestsPerMinute) });

  /** The brute-force guard and the per-key budget, once the body is known to be well-formed. */
  const keyLimits = async (request: FastifyRequest) => {
    const refused = await limits.checkAddress(request.ip);
    if (refused) throw new RateLimited(refused.message, refused.retryAfterSeconds);
    const licenseKey = (request.body as { licenseKey?: string } | undefined)?.licenseKey;
    if (licenseKey === undefined) return;
    const overKey = await limits.hitKey(licenseKey);
    if (overKey) throw new RateLimited(overKey.message, overKey.retryAfterSeconds);
  };
  /** A NOT_FOUND answer counts against the address. */
  const countUnknown = async (request: FastifyRequest, code: string) => {
    if (code === 'NOT_FOUND') await limits.hitUnknown(request.ip);
  };

  await fastify.register(
    async (scope) => {
      const api = scope.withTypeProvider<ZodTypeProvider>();
      // After the body is checked: a malformed request is a 400 that counts against nothing but the address.
      api.addHook('preHandler', keyLimits);

      api.post(
        '/activate',
        {
          config: config('activation'),
          schema: { body: activateRequestSchema, response: { 200: activateResponseSchema, 201: activateResponseSchema, ...refusals } },
        },
        async (request, reply) => {
          const { created, answer } = await licensing.activate(request.body);
          return reply.code(created ? 201 : 200).send(answer);
        },
      );

      api.post(
        '/validate',
        { config: config('validation'), schema: { body: validateRequestSchema, response: { 200: validateResponseSchema, ...refusals } } },
        async (request) => {
          const answer = await licensing.validate(request.body);
          await countUnknown(request, answer.code);
          return answer;
        },
      );

      api.post(
        '/deactivate',
        {
          config: config('deactivation'),
          schema: { body: deactivateRequestSchema, response: { 200: deactivateResponseSchema, ...refusals } },
        },
        async (request) => licensing.deactivate(request.body),
      );

      api.post(
        '/checkout-file',
        {
          config: config('machine file request'),
          schema: { body: checkoutFileRequestSchema, response: { 200: checkoutFileResponseSchema, ...refusals } },
        },
        async (request) => licensing.checkoutFile(request.body),
      );

      api.post(
        '/releases/check',
        {
          config: config('update check'),
          schema: { body: releasesCheckRequestSchema, response: { 200: releasesCheckResponseSchema, ...refusals } },
        },
        async (request) => {
          const { answer, unknownKey } = await licensing.releasesCheck(request.body);
          if (unknownKey) await countUnknown(request, 'NOT_FOUND');
          return answer;
        },
      );

      api.get(
        '/public-key',
        { config: config('public key request'), schema: { response: { 200: publicKeyResponseSchema, 429: licensingRefusalSchema } } },
        () => licensing.publicKey(),
      );
    },
    { prefix: LICENSING_API_PREFIX },
  );
}

/** Every failure in the licensing shape a plugin reads; 5xx go on to the store's handler (logged, no internals). */
function licensingErrorHandler(limits: LicensingLimits) {
  return async (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    const send = (status: number, body: LicensingRefusalBody) => reply.code(status).header('cache-control', 'no-store').send(body);
    if (error.validation) {
      return send(400, {
        valid: false,
        code: 'INVALID_REQUEST',
        message: invalidInputMessage(request, error.validation, error.validationContext),
        fields: fieldMessages(error.validation),
      });
    }
    if (error instanceof LicensingRefusal) {
      // An unknown key counts against the address: the brute-force guard.
      if (error.code === 'NOT_FOUND') await limits.hitUnknown(request.ip);
      return send(STATUS[error.code], { valid: false, code: error.code, message: error.message });
    }
    if (error instanceof RateLimited) {
      reply.header('retry-after', String(error.retryAfterSeconds));
      return send(429, { valid: false, code: 'RATE_LIMITED', message: error.message });
    }
    // The per-address limit (its Retry-After is already set).
    if (error.statusCode === 429) return send(429, { valid: false, code: 'RATE_LIMITED', message: error.message });
    // Bad JSON, a body too large, a wrong content type: the client's fault, said in its words.
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return send(status, { valid: false, code: 'INVALID_REQUEST', message: clientMessage(error) });
    throw error;
  };
}
