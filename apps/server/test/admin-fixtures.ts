import type { FastifyInstance, RouteOptions } from 'fastify';
import type { AdminProductInput } from '@store/contracts/admin';
import type { DatabaseEngine } from '../src/db/client';
import { createTestApp, type TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';

export const ADMIN_EMAIL = 'owner@example.com';
export const ADMIN_PASSWORD = 'correct horse battery';

/** A complete, valid back-office form for a new live product; a test overrides what it is about. */
export const productForm = (overrides: Partial<AdminProductInput> = {}): AdminProductInput => ({
  path: 'tape-echo',
  displayName: 'Tape Echo',
  category: 'Plugins',
  priceMinor: 2900,
  deal: null,
  dealReason: '',
  dealStartsAt: null,
  dealEndsAt: null,
  summaryMarkdown: 'Warm repeats.',
  descriptionMarkdown: 'Warm repeats.',
  keyFacts: [],
  relatedPaths: [],
  trialOfPath: null,
  licenceSeats: null,
  downloadable: true,
  live: true,
  sortOrder: 500,
  media: [],
  version: 0,
  ...overrides,
});

/** Signs up (confirming the address) and returns an access token for the store API. */
export async function accessTokenFor(t: TestApp, email: string): Promise<string> {
  const { tokens } = await signInThroughIdp(t, { email, password: ADMIN_PASSWORD, signUp: true });
  return tokens.access_token;
}

/**
 * The app with ADMIN_EMAIL as its administrator, signed in, and a rate limit no test reaches;
 * `options.env` adds to (or overrides) that environment.
 */
export async function adminTestApp(engine: DatabaseEngine, options: Parameters<typeof createTestApp>[1] = {}) {
  const t = await createTestApp(engine, { ...options, env: { ADMIN_EMAILS: ADMIN_EMAIL, RATE_LIMIT_MAX: '100000', ...options.env } });
  return { t, admin: adminRequest(t.app, await accessTokenFor(t, ADMIN_EMAIL)) };
}

/** `app.inject` with a bearer token and a JSON body. */
export function adminRequest(app: FastifyInstance, token: string | undefined) {
  return (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, payload?: unknown) =>
    app.inject({
      method,
      url,
      headers: token ? { authorization: `Bearer ${token}` } : {},
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
}

/** Collects the routes registered under a prefix, for tests that must cover every one of them. */
export function routeCollector(prefix: string) {
  const routes: Array<{ method: string; url: string }> = [];
  return {
    routes,
    onRoute(route: RouteOptions) {
      if (!route.url.startsWith(prefix)) return;
      for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
    },
  };
}
