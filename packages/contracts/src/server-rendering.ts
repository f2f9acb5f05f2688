import type { PublicStoreConfig } from './public-config';

/**
 * What the server and the web app agree on for pages rendered on the server: the server fills
 * index.html with the rendered page, and the browser adopts it instead of rendering anew.
 */

/** Attribute on `#root` saying its children are the server's rendering of this page. */
export const SERVER_RENDERED_ATTRIBUTE = 'data-server-rendered';

/** Id of the `<script type="application/json">` holding the query cache the page was rendered with. */
export const QUERY_STATE_SCRIPT_ID = 'query-state';

/**
 * Id of the `<template>` into which the server moves a rendered page's code (the entry script
 * and its module preloads); the inline loader in index.html starts it once the page has loaded.
 */
export const PAGE_CODE_TEMPLATE_ID = 'page-code';

/**
 * Attribute on `<html>` once the page view of the page the shopper landed on has been sent: by
 * the app when it starts, or by the inline loader when the shopper leaves a rendered page before
 * its code has run. Whichever comes first sends it; the other sees the mark and does not.
 */
export const PAGEVIEW_COUNTED_ATTRIBUTE = 'data-pageview-counted';

/** One API answer the page was rendered with, as the browser would have received it. */
export interface ApiAnswer {
  /** The API path asked (`/api/products/`). */
  path: string;
  status: number;
  body: unknown;
}

export interface RenderPageInput {
  /** Absolute URL of the page (origin, path and query). */
  url: string;
  config: PublicStoreConfig;
  answers: readonly ApiAnswer[];
  /** Aborting it stops the rendering, which then rejects: a render that never ends holds nothing. */
  signal?: AbortSignal;
}

export interface RenderedPage {
  /** The tags the page puts in `<head>` (its `<title>`, description, preloads), as React hoists them. */
  head: string;
  /** The page's HTML, for inside `#root`. */
  html: string;
  /** The query cache (TanStack Query's dehydrated state), as JSON for the browser. */
  queryState: unknown;
}

/** The server bundle of the web app (`apps/web/dist-server/entry-server.js`). */
export interface ServerRenderer {
  renderPage(input: RenderPageInput): Promise<RenderedPage>;
}
