import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { isInProcessRequest } from '#server/lib/in-process-request.ts';

/**
 * One line per answered request (ACCESS_LOG=true); the query string is left out, it may carry
 * tokens. The server's own requests (a rendered page's API answers) are part of the page's line.
 */
export const accessLogPlugin = fp(async (app: FastifyInstance) => {
  app.addHook('onResponse', (request, reply, done) => {
    if (isInProcessRequest(request)) return done();
    request.log.info(
      {
        reqId: request.id,
        method: request.method,
        path: request.url.split('?')[0],
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime * 10) / 10,
        ip: request.ip,
      },
      'request',
    );
    done();
  });
});
