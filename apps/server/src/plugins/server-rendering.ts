import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { inProcessHeaders } from '#server/lib/in-process-request.ts';
import { findPage, type PageModule } from '@store/contracts/routes';
import {
  PAGE_CODE_TEMPLATE_ID,
  QUERY_STATE_SCRIPT_ID,
  SERVER_RENDERED_ATTRIBUTE,
  type ApiAnswer,
  type RenderedPage,
  type ServerRenderer,
} from '@store/contracts/server-rendering';

/**
 * The public storefront pages, whose HTML is the same for every visitor: rendered on the
 * server. Signed-in pages (account, cart, checkout), the sign-in callback, Lyra and the back
 * office are rendered in the browser only. A rendered page must not use inline `style`
 * attributes: the CSP (style-src 'self') blocks them in server HTML.
 */
const RENDERED_MODULES = new Set<PageModule>(['home', 'product-list', 'product', 'content-page', 'purchase-success']);

/** A render slower than this is given up: the visitor gets the unrendered page at once instead. */
export const RENDER_TIMEOUT_MS = 1_000;

/**
 * A render still running this long after it started is stopped: its visitors were sent the
 * unrendered page long ago, and one that never ends would hold its page's whole tree.
 */
export const RENDER_ABANDON_MS = 15_000;

/** The query parameters a rendered page reads; any other (a campaign's utm_ tags, a remix) changes nothing the server renders. */
const QUERY_READ: Partial<Record<PageModule, readonly string[]>> = { 'purchase-success': ['order'] };

/**
 * What the server renders for a page's URL: its path (as `pathname`, normalised) with only the
 * query parameters the page reads, so `?utm_source=…` or any made-up query shares the path's one
 * rendering instead of making one each. `shared` says whether that rendering can be kept for every
 * visitor; a page that reads its query (an order's thank-you page) is rendered for its visitor alone.
 */
export function renderTargetOf(pathname: string, url: string): { url: string; shared: boolean } {
  const module = findPage(pathname)?.module;
  const read = (module && QUERY_READ[module]) ?? [];
  if (read.length === 0) return { url: pathname, shared: true };
  const given = new URLSearchParams(url.split('?')[1] ?? '');
  const kept = new URLSearchParams();
  for (const name of read) {
    const value = given.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return { url: query ? `${pathname}?${query}` : pathname, shared: false };
}

/** Whether the server renders the page at `pathname` (path only, no query). */
export function isServerRenderedPage(pathname: string): boolean {
  const page = findPage(pathname);
  return page !== undefined && RENDERED_MODULES.has(page.module);
}

/** Where the build puts the web app's server bundle: `dist-server` beside the web app's `dist`. */
export function serverEntryOf(distDir: string): string | undefined {
  const entry = path.join(distDir, '..', 'dist-server', 'entry-server.js');
  return existsSync(entry) ? entry : undefined;
}

/** Loads the web app's server bundle; without one (or if it fails to load) pages are sent unrendered. */
export async function importServerRenderer(entry: string | undefined, log: FastifyBaseLogger): Promise<ServerRenderer | undefined> {
  if (!entry) {
    log.warn('Pages are sent unrendered: the web app has no server bundle (npm run build makes it)');
    return undefined;
  }
  try {
    const module = (await import(pathToFileURL(entry).href)) as Partial<ServerRenderer>;
    if (typeof module.renderPage !== 'function') throw new Error('it has no renderPage function');
    return { renderPage: module.renderPage };
  } catch (error) {
    log.warn({ err: error }, 'Pages are sent unrendered: the web app server bundle failed to load');
    return undefined;
  }
}

/** One API answer as this server sent it: its validator and its bytes, parsed only when the page is rendered. */
export interface FetchedAnswer {
  path: string;
  status: number;
  etag: string | undefined;
  payload: string;
}

/**
 * The page's API answers, asked of this server in-process exactly as the browser would ask them
 * (anonymous GETs), so the server renders what the browser would show.
 */
export async function fetchApiAnswers(app: FastifyInstance, apiPaths: readonly string[]): Promise<FetchedAnswer[]> {
  return Promise.all(
    apiPaths.map(async (apiPath) => {
      const response = await app.inject({ method: 'GET', url: apiPath, headers: { accept: 'application/json', ...inProcessHeaders() } });
      const etag = response.headers.etag;
      return { path: apiPath, status: response.statusCode, etag: typeof etag === 'string' ? etag : undefined, payload: response.payload };
    }),
  );
}

/**
 * Which version of its data a page is rendered from: the same whenever every answer is the same
 * (their ETags, or the bytes of an answer without one), different after any change to them.
 */
export function answersVersion(answers: readonly FetchedAnswer[]): string {
  return answers.map(({ path, status, etag, payload }) => `${path} ${status} ${etag ?? createHash('sha256').update(payload).digest('base64url')}`).join('\n');
}

/** The answers as the renderer takes them: a body only for a 200, as the browser's query would keep. */
export function toApiAnswers(answers: readonly FetchedAnswer[]): ApiAnswer[] {
  return answers.map(({ path, status, payload }) => ({ path, status, body: status === 200 ? (JSON.parse(payload) as unknown) : undefined }));
}

/** Rejects after `ms`: a render must never hold a page up. */
export function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`rendering took longer than ${ms} ms`)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/**
 * An image preload React writes for each eager `<img>` it renders. The page's image preloads are
 * the server's own (`describePage`, the same whether the page is rendered or not): React's would
 * preload the first cover a second time.
 */
const REACT_IMAGE_PRELOAD = /<link (?=[^>]*\brel="preload")(?=[^>]*\bas="image")[^>]*>/g;

/** The page's code as Vite and `renderIndexHtml` write it: the entry script and module preloads. */
const PAGE_CODE_TAG = /<script type="module"[^>]*\ssrc="[^"]*"[^>]*><\/script>\s*|<link rel="modulepreload"[^>]*>\s*/g;

/**
 * Moves the page's code out of `<head>` into an inert template that index.html's loader starts
 * once the page has loaded: the server's HTML paints, with its largest image, without waiting
 * for the app's code to download and run, and that code does not compete with them for bandwidth.
 */
export function deferPageCode(html: string): string {
  const tags = html.match(PAGE_CODE_TAG) ?? [];
  if (tags.length === 0) return html;
  const code = tags.map((tag) => tag.trim()).join('');
  return html.replace(PAGE_CODE_TAG, '').replace('</body>', () => `<template id="${PAGE_CODE_TEMPLATE_ID}">${code}</template>\n  </body>`);
}

/**
 * Puts a rendered page into the filled index.html: its hoisted tags in `<head>` (React's image
 * preloads left out, see REACT_IMAGE_PRELOAD; replacing the
 * template's title and description when the page has its own), its HTML inside `#root`, and
 * the query cache it was rendered with as inert JSON (`<` escaped, so the text can never close
 * the script element; not executable, so the CSP's script hashes are untouched).
 */
export function insertRenderedPage(indexHtml: string, page: RenderedPage): string {
  const replacesTitle = page.head.includes('<title>');
  const replacesDescription = page.head.includes('<meta name="description"');
  const state = JSON.stringify(page.queryState).replace(/</g, '\\u003c');
  const head = page.head.replace(REACT_IMAGE_PRELOAD, '');
  let html = indexHtml;
  if (replacesTitle) html = html.replace(/<title>[\s\S]*?<\/title>\s*/, '');
  if (replacesDescription) html = html.replace(/<meta name="description" content="[^"]*"\s*\/?>\s*/, '');
  return html
    .replace('</head>', () => `${head}\n  </head>`)
    .replace(
      '<div id="root"></div>',
      () =>
        `<div id="root" ${SERVER_RENDERED_ATTRIBUTE}>${page.html}</div>\n    <script type="application/json" id="${QUERY_STATE_SCRIPT_ID}">${state}</script>`,
    );
}
