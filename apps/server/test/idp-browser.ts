import { createHash, randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { eq } from 'drizzle-orm';
import { outboxMessages } from '../src/db/schema';
import type { TestApp } from './helpers';

interface Cookie {
  name: string;
  value: string;
  path: string;
}

/**
 * A browser for the embedded identity provider's pages over `inject`: it keeps cookies by path
 * (the interaction cookies are scoped to their page), sends the store's Host, and posts forms
 * the way a browser does.
 */
export class IdpBrowser {
  private cookies: Cookie[] = [];

  constructor(
    private readonly app: FastifyInstance,
    private readonly host = 'localhost:8080',
    /** Each browser has an address of its own, so per-address limits of one test do not spill into another. */
    readonly remoteAddress = `203.0.113.${Math.floor(Math.random() * 250) + 1}`,
  ) {}

  private cookieHeader(url: string) {
    const pathname = new URL(url, `http://${this.host}`).pathname;
    return this.cookies
      .filter((cookie) => pathname === cookie.path || pathname.startsWith(cookie.path.endsWith('/') ? cookie.path : `${cookie.path}/`) || cookie.path === '/')
      .map((cookie) => `${cookie.name}=${cookie.value}`)
      .join('; ');
  }

  private keep(response: LightMyRequestResponse) {
    for (const cookie of response.cookies as Array<{ name: string; value: string; path?: string; expires?: Date; maxAge?: number }>) {
      const path = cookie.path ?? '/';
      this.cookies = this.cookies.filter((existing) => !(existing.name === cookie.name && existing.path === path));
      const expired = (cookie.expires && cookie.expires.getTime() < Date.now()) || cookie.maxAge === 0 || cookie.value === '';
      if (!expired) this.cookies.push({ name: cookie.name, value: cookie.value, path });
    }
    return response;
  }

  async get(url: string, headers: Record<string, string> = {}) {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    return this.keep(
      await this.app.inject({
        method: 'GET',
        url: path,
        remoteAddress: this.remoteAddress,
        headers: { host: this.host, accept: 'text/html', cookie: this.cookieHeader(path), ...headers },
      }),
    );
  }

  async post(url: string, form: Record<string, string> | Array<[string, string]>, headers: Record<string, string> = {}) {
    const path = url.replace(/^https?:\/\/[^/]+/, '');
    return this.keep(
      await this.app.inject({
        method: 'POST',
        url: path,
        remoteAddress: this.remoteAddress,
        headers: {
          host: this.host,
          origin: `http://${this.host}`,
          'content-type': 'application/x-www-form-urlencoded',
          cookie: this.cookieHeader(path),
          ...headers,
        },
        payload: new URLSearchParams(form).toString(),
      }),
    );
  }

  has(name: string) {
    return this.cookies.some((cookie) => cookie.name === name);
  }
}

export function pkcePair() {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/**
 * Opens the sign-in page the way the storefront does (authorization code with PKCE), in a
 * browser of its own; `remoteAddress` picks the client address the store sees.
 */
export async function openSignInPage(app: FastifyInstance, options: { remoteAddress?: string; params?: Record<string, string> } = {}) {
  const browser = new IdpBrowser(app, 'localhost:8080', options.remoteAddress);
  const { challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: 'songwish-web',
    response_type: 'code',
    redirect_uri: 'http://localhost:8080/callback',
    scope: 'openid profile email offline_access',
    code_challenge: challenge,
    code_challenge_method: 'S256',
    ...options.params,
  });
  const authorize = await browser.get(`/idp/auth?${query}`);
  const url = authorize.headers.location as string;
  const page = await browser.get(url);
  return { browser, authorize, url, page, csrf: page.statusCode === 200 ? hiddenField(page.body, 'csrf') : '' };
}

export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`name="${name}" value="([^"]*)"`).exec(html);
  if (!match) throw new Error(`no hidden field ${name} in the page`);
  return match[1]!.replace(/&amp;/g, '&');
}

/** The newest email to an address whose kind matches, and the first link into /idp in it. */
export async function latestEmailLink(t: TestApp, toAddress: string, kind: string, pathname: string): Promise<string> {
  const rows = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, toAddress));
  const message = rows.filter((row) => row.kind === kind).sort((a, b) => b.id - a.id)[0];
  if (!message) throw new Error(`no ${kind} email to ${toAddress}`);
  const match = new RegExp(`https?://[^\\s"]+${pathname.replace(/\//g, '\\/')}\\?token=[\\w-]+`).exec(message.textBody);
  if (!match) throw new Error(`no ${pathname} link in the ${kind} email`);
  return match[0];
}

/** What a shopper does with the confirmation email: open the link, enter the account's password, press "Verify my email". */
export async function confirmEmail(browser: IdpBrowser, link: string, password: string) {
  const page = await browser.get(link);
  if (page.statusCode !== 200) return page;
  return browser.post('/idp/verify-email', { token: hiddenField(page.body, 'token'), password });
}

export interface SignInOptions {
  email: string;
  password: string;
  givenName?: string;
  familyName?: string;
  /** Sign up first (screen_hint=signup), confirm the email from the outbox, then sign in. */
  signUp?: boolean;
  verify?: boolean;
  clientId?: string;
  audience?: string;
}

/**
 * The whole browser flow of the web app against the embedded provider: authorize with PKCE,
 * the provider's pages, the code exchange. Returns the token response and the browser.
 */
export async function signInThroughIdp(t: TestApp, options: SignInOptions) {
  const browser = new IdpBrowser(t.app);
  const { verifier, challenge } = pkcePair();
  const query = new URLSearchParams({
    client_id: options.clientId ?? 'songwish-web',
    response_type: 'code',
    redirect_uri: 'http://localhost:8080/callback',
    scope: 'openid profile email offline_access',
    state: randomBytes(8).toString('hex'),
    nonce: randomBytes(8).toString('hex'),
    code_challenge: challenge,
    code_challenge_method: 'S256',
    audience: options.audience ?? 'http://localhost:8080/api',
    ...(options.signUp ? { screen_hint: 'signup' } : {}),
  });
  const authorize = await browser.get(`/idp/auth?${query}`);
  if (authorize.statusCode !== 303) throw new Error(`authorize answered ${authorize.statusCode}: ${authorize.body.slice(0, 300)}`);
  const interactionUrl = authorize.headers.location as string;
  const start = await browser.get(interactionUrl);
  const csrf = hiddenField(start.body, 'csrf');

  if (options.signUp) {
    const signup = await browser.post(`${interactionUrl}/signup`, {
      csrf,
      given_name: options.givenName ?? 'Ada',
      family_name: options.familyName ?? 'Lovelace',
      email: options.email,
      password: options.password,
    });
    if (signup.statusCode !== 200) throw new Error(`sign-up answered ${signup.statusCode}`);
    if (options.verify !== false) {
      await waitForEmail(t, options.email.toLowerCase(), 'verify-email');
      const link = await latestEmailLink(t, options.email.toLowerCase(), 'verify-email', '/idp/verify-email');
      const verified = await confirmEmail(browser, link, options.password);
      if (verified.statusCode !== 200) throw new Error(`verification answered ${verified.statusCode}`);
    }
  }

  const login = await browser.post(`${interactionUrl}/login`, { csrf, email: options.email, password: options.password });
  if (login.statusCode !== 303) throw new Error(`login answered ${login.statusCode}: ${login.body.slice(0, 300)}`);
  let location = login.headers.location as string;
  // Follow the provider's redirects until the web app's callback.
  for (let hop = 0; hop < 5 && !location.startsWith('http://localhost:8080/callback'); hop += 1) {
    const next = await browser.get(location);
    if (next.statusCode !== 303 && next.statusCode !== 302) throw new Error(`redirect to ${location} answered ${next.statusCode}: ${next.body.slice(0, 300)}`);
    location = next.headers.location as string;
  }
  const callback = new URL(location);
  const code = callback.searchParams.get('code');
  if (!code) throw new Error(`no code in ${location}`);
  const token = await t.app.inject({
    method: 'POST',
    url: '/idp/token',
    headers: { host: 'localhost:8080', 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
    payload: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: 'http://localhost:8080/callback',
      client_id: options.clientId ?? 'songwish-web',
      code_verifier: verifier,
    }).toString(),
  });
  if (token.statusCode !== 200) throw new Error(`token answered ${token.statusCode}: ${token.body}`);
  return {
    browser,
    callback,
    interactionUrl,
    tokens: token.json() as { access_token: string; id_token: string; refresh_token: string; expires_in: number; scope: string; token_type: string },
  };
}

/** The outbox sender runs right after the commit; wait until the message exists. */
export async function waitForEmail(t: TestApp, toAddress: string, kind: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const rows = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, toAddress));
    if (rows.some((row) => row.kind === kind)) return;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  throw new Error(`no ${kind} email to ${toAddress}`);
}
