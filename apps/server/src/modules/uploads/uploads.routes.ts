import { STATUS_CODES, type IncomingMessage } from 'node:http';
import { ERRORS, Server, type ServerOptions } from '@tus/server';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { completeUploadResponseSchema, formatBytes, tusRequestHeadersSchema, uploadLimitsSchema, uploadParamsSchema } from '@store/contracts/admin';
import { z } from 'zod';
import { HttpError } from '#server/lib/http-error.ts';
import { INTERNAL_MESSAGE } from '#server/plugins/errors.ts';
import { administrator } from '#server/modules/access/admin-only.ts';
import { HashingStore } from './hashing-store';
import type { UploadArea } from './upload-area';
import type { UploadsService } from './uploads.service';

export interface UploadsRoutesOptions {
  uploads: UploadsService;
  area: UploadArea;
  /** The URL the tus client is given for each upload: `/api/admin/uploads`. */
  tusPath: string;
  maxBytes: number;
  /** CORS_ORIGINS: the web app's origins when it is served from another host (tus would otherwise allow any). */
  corsOrigins: readonly string[];
  log: FastifyInstance['log'];
}

const SWEEP_EVERY_MS = 60 * 60 * 1000;

/**
 * Inside the admin scope (the guard runs before any byte is read): a tus 1.0 server at
 * `/uploads` (POST creates, HEAD gives the offset, PATCH appends, DELETE cancels), and
 * `GET /uploads/limits` and `POST /uploads/{uploadId}/complete`.
 */
export async function uploadsRoutes(fastify: FastifyInstance, options: UploadsRoutesOptions) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { uploads } = options;
  const owners = new WeakMap<IncomingMessage, string>();
  const tus = new Server({
    path: options.tusPath,
    relativeLocation: true,
    allowedOrigins: (origin) => options.corsOrigins.includes(origin),
    maxSize: options.maxBytes,
    datastore: new HashingStore(options.area, { onReceived: uploads.received, onFinished: uploads.finished, onRemoved: uploads.removed }),
    namingFunction: () => crypto.randomUUID(),
    async onUploadCreate(request, upload) {
      const owner = owners.get(nodeRequest(request));
      if (!owner) throw tusError(new HttpError(403, 'Sign in as an administrator to upload.'));
      await uploads.begin(owner, upload).catch((error: unknown) => {
        throw tusError(error);
      });
      return {};
    },
    onResponseError: (_request, error) => {
      if ('status_code' in error) return tusErrorBody(error, options.maxBytes);
      // Not one of tus's refusals: a failure of ours, logged, and answered without its internals.
      options.log.error({ err: error }, 'an upload request failed');
      return { status_code: 500, body: errorBody(500, INTERNAL_MESSAGE) };
    },
  });

  // tus PATCH bodies are handed to the tus server as the stream they arrive as, never buffered.
  app.addContentTypeParser('application/offset+octet-stream', (_request, _payload, done) => done(null));

  const handOver = async (request: FastifyRequest, reply: FastifyReply) => {
    owners.set(request.raw, administrator(request).email);
    // The headers set so far (security headers, CORS, no-store) would be dropped with the reply: keep them.
    for (const [name, value] of Object.entries(reply.getHeaders())) if (value !== undefined) reply.raw.setHeader(name, value);
    reply.hijack();
    await tus.handle(request.raw, reply.raw);
  };

  app.post('/uploads', { config: { input: 'upload' }, schema: { headers: tusRequestHeadersSchema, response: { 201: z.null() } } }, handOver);

  app.route({
    method: ['HEAD', 'PATCH', 'DELETE'],
    url: '/uploads/:uploadId',
    config: { input: 'upload' },
    schema: { params: uploadParamsSchema, headers: tusRequestHeadersSchema, response: { 200: z.null(), 204: z.null() } },
    handler: async (request, reply) => {
      await uploads.checkOwner(administrator(request).email, request.params.uploadId);
      await handOver(request, reply);
    },
  });

  app.get('/uploads/limits', { schema: { response: { 200: uploadLimitsSchema } } }, () => uploads.limits());

  app.post(
    '/uploads/:uploadId/complete',
    { config: { input: 'upload' }, schema: { params: uploadParamsSchema, response: { 200: completeUploadResponseSchema } } },
    (request) => uploads.complete(administrator(request).email, request.params.uploadId),
  );

  // Abandoned uploads are swept hourly (and at start), bytes and rows.
  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<void> | undefined;
  const sweep = () => {
    sweeping ??= uploads
      .sweep()
      .then(() => undefined)
      .catch((error: unknown) => options.log.error({ err: error }, 'sweeping expired uploads failed'))
      .finally(() => (sweeping = undefined));
  };
  fastify.addHook('onReady', async () => {
    sweep();
    timer = setInterval(sweep, SWEEP_EVERY_MS);
    timer.unref();
  });
  // A sweep under way finishes before the database closes.
  fastify.addHook('onClose', async () => {
    clearInterval(timer);
    await sweeping;
  });
}

/** The Node request behind the tus server's web request (srvx keeps it). */
function nodeRequest(request: Parameters<NonNullable<ServerOptions['onUploadCreate']>>[0]): IncomingMessage {
  return (request as unknown as { runtime: { node: { req: IncomingMessage } } }).runtime.node.req;
}

/** An error as the tus server sends it: a status and a body (the store's JSON error shape). */
function tusError(error: unknown) {
  if (!(error instanceof HttpError)) return error;
  return { status_code: error.statusCode, body: errorBody(error.statusCode, error.message, error.fields) };
}

function errorBody(status: number, message: string, fields?: Readonly<Record<string, string>>) {
  return JSON.stringify({ error: STATUS_CODES[status] ?? 'Error', message, ...(fields ? { fields } : {}) });
}

/** Every refusal of the tus server in the store's error shape, with what to do about it. */
function tusErrorBody(error: { status_code: number; body: string }, maxBytes: number) {
  if (error.body.startsWith('{')) return error;
  if (error.status_code === ERRORS.ERR_MAX_SIZE_EXCEEDED.status_code) {
    return {
      status_code: 413,
      body: errorBody(
        413,
        `This file is larger than the store accepts: the limit is ${formatBytes(maxBytes)} (UPLOAD_MAX_BYTES). Make the file smaller, or raise UPLOAD_MAX_BYTES and restart the store.`,
      ),
    };
  }
  return { status_code: error.status_code, body: errorBody(error.status_code, error.body.trim()) };
}
