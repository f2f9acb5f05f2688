import type { FastifyInstance, RouteOptions } from 'fastify';
import type { TestApp } from './helpers';
import { signInThroughIdp } from './idp-browser';

export const ADMIN_EMAIL = 'owner@example.com';
export const ADMIN_PASSWORD = 'correct horse battery';

/** Signs up (confirming the address) and returns an access token for the store API. */
export async function accessTokenFor(t: TestApp, email: string): Promise<string> {
  const { tokens } = await signInThroughIdp(t, { email, password: ADMIN_PASSWORD, signUp: true });
  return tokens.access_token;
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
