import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config/env';

export interface SecurityOptions {
  config: Config;
  /** CSP hashes ('sha256-…') of the inline scripts in the app's index.html. */
  inlineScriptHashes: string[];
  /** Extra origins the page may talk to or frame (payment provider, identity provider). */
  extraSources?: { script?: string[]; connect?: string[]; frame?: string[]; img?: string[] };
}

/** Helmet with a Content-Security-Policy that allows only what the app needs, CORS and rate limiting. */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const { config, inlineScriptHashes, extraSources = {} } = options;
  const crossOriginClients = config.corsOrigins.length > 0;

  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'self'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", ...inlineScriptHashes.map((hash) => `'${hash}'`), ...(extraSources.script ?? [])],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...(extraSources.img ?? [])],
        mediaSrc: ["'self'", 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...(extraSources.connect ?? [])],
        frameSrc: ["'self'", ...(extraSources.frame ?? [])],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        // On plain http (local use) upgrading would break every sub-resource.
        upgradeInsecureRequests: config.publicUrl.startsWith('https:') ? [] : null,
      },
    },
    crossOriginResourcePolicy: { policy: crossOriginClients ? 'cross-origin' : 'same-origin' },
    strictTransportSecurity: config.publicUrl.startsWith('https:'),
  });

  await app.register(cors, {
    origin: crossOriginClients ? config.corsOrigins : false,
    credentials: true,
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
    maxAge: 600,
  });

  await app.register(rateLimit, {
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Hashed assets are cheap and a single page load fetches several of them.
    allowList: (request) => request.url.startsWith('/assets/'),
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      error: 'Too Many Requests',
      message: `Too many requests. Please wait ${context.after} and try again.`,
    }),
  });
});
