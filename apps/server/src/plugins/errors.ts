import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifySchema, FastifySchemaValidationError, FastifyServerOptions } from 'fastify';
import fp from 'fastify-plugin';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { HttpError } from '#server/lib/http-error.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** What the route's input is called in a 400 ("Invalid {input}: …"), e.g. 'product path'. */
    input?: string;
  }
}

/**
 * The zod compilers as Fastify's schema compiler factory (`schemaController.compilersFactory`):
 * given at construction, Fastify never loads its default ones (Ajv and fast-json-stringify, a
 * few hundred ms of module loading on every start) only for `errorsPlugin` to replace them.
 */
export const zodSchemaCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
  // Fastify types the factories after Ajv's; it only calls them and compiles with what they return, as setValidatorCompiler does.
} as unknown as CompilersFactory;

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

export const INTERNAL_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';

/** The one place errors become answers: `{error, message}`; a 5xx never shows its internals. */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  // Routes declare their input and output with the zod contracts; set once here, so every
  // route (whatever plugin registers it) validates and serialises the same way.
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  // The API is the contract the web app is written against: a route under /api/ without a
  // declared schema stops the store from starting, so one cannot be added by forgetting.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith(API_PREFIX) && !declaresContract(route.schema)) {
      throw new Error(`${route.method.toString()} ${route.url} declares no schema: give it its params, querystring, body or response from @store/contracts`);
    }
  });
  app.setErrorHandler((error: FastifyError, request, reply) => {
    // A request that fails its route's schema reads as it did when handlers parsed input themselves.
    if (error.validation) {
      return sendError(reply, 400, invalidInputMessage(request, error.validation, error.validationContext), fieldMessages(error.validation));
    }
    const status = statusOf(error);
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id, method: request.method, url: request.url }, 'request failed');
      return sendError(reply, status, INTERNAL_MESSAGE);
    }
    return sendError(reply, status, clientMessage(error), error instanceof HttpError ? error.fields : undefined);
  });
});

const API_PREFIX = '/api/';

function declaresContract(schema: FastifySchema | undefined) {
  return Boolean(schema && (schema.params || schema.querystring || schema.body || schema.response));
}

export function sendError(reply: FastifyReply, status: number, message: string, fields?: Readonly<Record<string, string>>) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: STATUS_CODES[status] ?? 'Error', message, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) });
}

/** The first problem of each field, by its path: what a form shows beside the field. */
export function fieldMessages(problems: FastifySchemaValidationError[]): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const problem of problems.slice(0, 50)) {
    const path = issuePath(problem);
    if (path && !Object.hasOwn(fields, path)) fields[path] = truncate(problem.message ?? 'Invalid value', 200);
  }
  return fields;
}

/** The URL is not repeated: it is the client's own input and may be many kilobytes long. */
export function sendMalformedUrl(reply: FastifyReply) {
  return sendError(reply, 400, 'The request URL is malformed: it has invalid percent-encoding or a part that is too long.');
}

export function notFoundMessage(request: FastifyRequest) {
  return `Nothing is served at ${request.method} ${truncate(request.url.split('?')[0] ?? '', 200)}`;
}

/** "Invalid product path: path: …; …": names the input and every problem, with the field each is in. */
export function invalidInputMessage(request: FastifyRequest, problems: FastifySchemaValidationError[], context: string | undefined) {
  const what = request.routeOptions.config.input ?? `request ${context ?? 'input'}`;
  const lines = problems.map((problem) => {
    const path = issuePath(problem);
    return path ? `${path}: ${problem.message}` : problem.message;
  });
  return truncate(`Invalid ${what}: ${lines.join('; ')}`, 500);
}

/** `items.0.path`, as zod names a field; the validator hands it over as a JSON pointer (`/items/0/path`). */
function issuePath(problem: FastifySchemaValidationError) {
  return problem.instancePath.replace(/^\//, '').replaceAll('/', '.');
}

function statusOf(error: FastifyError) {
  const status = error.statusCode ?? 500;
  return status >= 400 && status <= 599 ? status : 500;
}

export function clientMessage(error: FastifyError) {
  switch (error.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is larger than this endpoint accepts.';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'This endpoint does not accept that content type.';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request says it carries JSON but its body is empty.';
    default:
      if (error instanceof SyntaxError || error.code === 'FST_ERR_CTP_INVALID_JSON_BODY') return 'The request body is not valid JSON.';
      return truncate(error.message, 500);
  }
}

function truncate(text: string, max: number) {
  return text.length > max ? `${text.slice(0, max)}…` : text;
}
