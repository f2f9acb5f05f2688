import { HttpError } from '#server/lib/http-error.ts';
import { isInProcessRequest } from '#server/lib/in-process-request.ts';
import type { IncomingMessage, ServerResponse } from 'node:http';
import cors from '@fastify/cors';
import rateLimit, { type FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config, IdentityConfig, PaymentsConfig } from '../config/env';

export interface SecurityOptions {
  config: Config;
  /** CSP hashes ('sha256-…') of the inline scripts in the app's index.html. */
  inlineScriptHashes: string[];
  /** Extra origins the page may talk to or frame (payment provider, identity provider). */
  extraSources?: { script?: string[]; connect?: string[]; frame?: string[]; img?: string[] };
  /** Where limits are counted; in memory when not given. Routes opt in to a shared count (modules/rate-limits). */
  rateLimitStore?: FastifyRateLimitStoreCtor;
}

/**
 * Security headers, CORS and rate limiting.
 *
 * The headers are helmet's, computed once at start: they depend only on configuration, and
 * running helmet as per-request middleware cost two thirds of the catalogue's throughput
 * (docs/decisions/0004-hot-path.md).
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: SecurityOptions) => {
  const { config } = options;
  const pageHeaders = securityHeaders(options);
  const apiHeaders = apiSecurityHeaders(config);
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApiUrl(request.url) ? apiHeaders : pageHeaders);
    done();
  });

  // With no configured origins the API is same-origin only: no CORS headers at all.
  if (config.corsOrigins.length > 0) {
    await app.register(cors, {
      origin: config.corsOrigins,
      credentials: true,
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
      maxAge: 600,
    });
  }

  await app.register(rateLimit, {
    store: options.rateLimitStore,
    max: config.rateLimit.max,
    timeWindow: config.rateLimit.windowMs,
    // Hashed assets are cheap and a single page load fetches several of them; the server's
    // requests of itself are counted as the page view that caused them, not again.
    allowList: (request) => request.url.startsWith('/assets/') || isInProcessRequest(request),
    // The limit is still enforced everywhere; its three informational headers are only sent
    // with a 429 (with Retry-After), not on every answer (docs/decisions/0004-hot-path.md).
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    // An Error, not a plain object: an error handler of a route's plugin may pass it on to the store's.
    errorResponseBuilder: (_request, context) => new HttpError(429, `Too many requests. Please wait ${context.after} and try again.`),
  });
});

/**
 * What the page must reach when FastSpring is the payment provider: the Store Builder
 * Library's origin (its script) and the storefront's origin (the SBL's requests, the
 * embedded checkout frame and its images). The sandbox is served by the store itself.
 */
export function paymentProviderSources(payments: PaymentsConfig): NonNullable<SecurityOptions['extraSources']> {
  if (payments.provider !== 'fastspring') return {};
  const origins = [...new Set([new URL(payments.scriptUrl).origin, `https://${payments.storefront.split('/')[0]}`])];
  return { script: origins, connect: origins, frame: origins, img: origins };
}

const API_PREFIXES = ['/api/', '/status', '/webhooks/', '/lookup'];

/**
 * An external identity provider is called from the page (discovery, token endpoint) and may
 * be framed for a silent session check; the embedded one is on our own origin.
 */
/** Joins the origins each provider needs into one set of extra CSP sources. */
export function mergeSources(...sets: Array<SecurityOptions['extraSources']>): NonNullable<SecurityOptions['extraSources']> {
  const merged: NonNullable<SecurityOptions['extraSources']> = {};
  for (const set of sets) {
    for (const [directive, origins] of Object.entries(set ?? {}) as Array<[keyof typeof merged, string[]]>) {
      merged[directive] = [...new Set([...(merged[directive] ?? []), ...origins])];
    }
  }
  return merged;
}

/** A landing MIDI on another origin (a CDN, `LANDING_MIDI_URL`) is fetched by the page. */
export function contentCspSources(config: Config): SecurityOptions['extraSources'] {
  const url = config.publicConfig.visualizer.landingMidiUrl;
  if (!URL.canParse(url)) return {};
  const origin = new URL(url).origin;
  return origin === new URL(config.publicUrl).origin ? {} : { connect: [origin] };
}

export function identityCspSources(identity: IdentityConfig): SecurityOptions['extraSources'] {
  if (identity.provider !== 'external') return {};
  const origin = new URL(identity.issuer).origin;
  return { connect: [origin], frame: [origin] };
}
const isApiUrl = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * JSON answers are never rendered as documents, so they carry the short set OWASP
 * recommends for APIs instead of the page policy (a kilobyte of headers on every answer).
 */
export function apiSecurityHeaders(config: Config): Record<string, string> {
  return {
    'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
    'x-content-type-options': 'nosniff',
    'cross-origin-resource-policy': config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin',
    'referrer-policy': 'no-referrer',
    ...(config.publicUrl.startsWith('https:') ? { 'strict-transport-security': 'max-age=31536000; includeSubDomains' } : {}),
  };
}

/** The header set helmet produces for the pages' policy, captured once. */
export function securityHeaders({ config, inlineScriptHashes, extraSources = {} }: SecurityOptions): Record<string, string> {
  const https = config.publicUrl.startsWith('https:');
  const options: HelmetOptions = {
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
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // A shop on another origin (CORS_ORIGINS) must be able to load our images and files.
    crossOriginResourcePolicy: { policy: config.corsOrigins.length > 0 ? 'cross-origin' : 'same-origin' },
    strictTransportSecurity: https,
  };
  const captured: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => {
      captured[name.toLowerCase()] = String(value);
    },
    removeHeader: (name: string) => {
      delete captured[name.toLowerCase()];
    },
  } as unknown as ServerResponse;
  let failure: unknown;
  helmet(options)({} as IncomingMessage, response, (error?: unknown) => {
    failure = error;
  });
  if (failure) throw failure;
  return captured;
}
