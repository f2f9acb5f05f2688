import { STATUS_CODES } from 'node:http';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  SANDBOX_API_PREFIX,
  SANDBOX_CHECKOUT_PREFIX,
  SANDBOX_ORDER_PAGE_PREFIX,
  sandboxAddItemRequestSchema,
  sandboxContactRequestSchema,
  sandboxItemParamsSchema,
  sandboxPayRequestSchema,
  sandboxPromoRequestSchema,
  orderSummaryRequestSchema,
  sandboxOrderIdSchema,
  sandboxPushRequestSchema,
  sandboxRefundRequestSchema,
  sandboxSessionIdSchema,
  sandboxSetQuantityRequestSchema,
  type SandboxErrorCode,
} from '@store/contracts';
import { SANDBOX_SCRIPT_PATH, type Config } from '#server/config/env.ts';
import { parseInput } from '#server/lib/http-error.ts';
import { clientMessage, INTERNAL_MESSAGE } from '#server/plugins/errors.ts';
import { apiSecurityHeaders } from '#server/plugins/security.ts';
import type { BrowserAsset, BrowserAssets } from './browser-assets';
import { renderCheckoutPage, renderMissingCheckoutPage, type CheckoutTheme } from './checkout-page';
import { ORDER_PAGE_CSP, renderMissingOrderPage, renderOrderPage } from './order-page';
import type { SandboxRefunds } from './sandbox-refunds';
import { SandboxError, type SandboxService } from './sandbox.service';

const CHECKOUT_SCRIPT_PATH = '/sandbox/fastspring/checkout.js';
const CHECKOUT_STYLE_PATH = '/sandbox/fastspring/checkout.css';

const itemPathSchema = sandboxItemParamsSchema.pick({ path: true });

/** Cart calls carry a few hundred bytes; anything near this is not a cart call. */
const API_BODY_LIMIT = 16 * 1024;

const STATUS: Record<SandboxErrorCode, number> = {
  invalid_request: 400,
  unknown_product: 400,
  unknown_session: 404,
  empty_cart: 409,
  coupon_refused: 409,
  price_changed: 409,
  card_declined: 402,
  insufficient_funds: 402,
  unknown_order: 404,
  nothing_to_refund: 409,
  too_large: 413,
  rate_limited: 429,
  server_error: 500,
};

export interface SandboxRoutesOptions {
  service: SandboxService;
  refunds: SandboxRefunds;
  assets: BrowserAssets;
  config: Config;
}

/**
 * The sandbox provider's HTTP face: its browser script, the cart-session JSON API the
 * script calls, and the checkout page shown in the embedded-checkout frame. Routes only
 * validate, call the service and answer.
 */
export async function sandboxRoutes(app: FastifyInstance, { service, refunds, assets, config }: SandboxRoutesOptions) {
  const apiHeaders = apiSecurityHeaders(config);
  const checkoutCsp = checkoutPolicy(config.publicUrl.startsWith('https:'));
  app.addHook('onRequest', (request, reply, done) => {
    // JSON answers get the API header set, like /api/ (docs/decisions/0004-hot-path.md).
    if (request.url.startsWith(SANDBOX_API_PREFIX)) reply.headers(apiHeaders);
    done();
  });
  app.setErrorHandler((error: FastifyError | SandboxError, request, reply) => {
    if (error instanceof SandboxError) return sendSandboxError(reply, error.code, error.message, error.fields);
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode <= 599 ? error.statusCode : 500;
    if (status >= 500) {
      request.log.error({ err: error, reqId: request.id, method: request.method, url: request.url }, 'request failed');
      return sendSandboxError(reply, 'server_error', INTERNAL_MESSAGE, undefined, status);
    }
    const code: SandboxErrorCode = status === 413 ? 'too_large' : status === 429 ? 'rate_limited' : 'invalid_request';
    return sendSandboxError(reply, code, clientMessage(error), undefined, status);
  });

  // -- browser files: served from memory, so exempt from the rate limit like hashed assets

  app.get(SANDBOX_SCRIPT_PATH, { config: { rateLimit: false } }, (request, reply) =>
    // Its URL is not versioned (storefronts load it by a fixed address): revalidate every time.
    sendAsset(request, reply, assets['builder.js'], 'no-cache'),
  );
  for (const [url, asset] of [
    [CHECKOUT_SCRIPT_PATH, assets['checkout.js']],
    [CHECKOUT_STYLE_PATH, assets['checkout.css']],
  ] as const) {
    app.get(url, { config: { rateLimit: false } }, (request, reply) => {
      const { v } = request.query as { v?: unknown };
      return sendAsset(request, reply, asset, v === asset.version ? 'public, max-age=31536000, immutable' : 'no-cache');
    });
  }

  // -- checkout page

  const pageAssets = {
    scriptUrl: `${CHECKOUT_SCRIPT_PATH}?v=${assets['checkout.js'].version}`,
    styleUrl: `${CHECKOUT_STYLE_PATH}?v=${assets['checkout.css'].version}`,
  };
  app.get(`${SANDBOX_CHECKOUT_PREFIX}/:session`, async (request, reply) => {
    const { session } = request.params as { session: string };
    const query = request.query as { theme?: unknown };
    const theme: CheckoutTheme = query.theme === 'dark' || query.theme === 'light' ? query.theme : null;
    const view = sandboxSessionIdSchema.safeParse(session).success ? await service.getCheckout(session) : null;
    const options = { storeName: config.storeName, theme, assets: pageAssets };
    return reply
      .code(view ? 200 : 404)
      .header('content-security-policy', checkoutCsp)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(view ? renderCheckoutPage(view, options) : renderMissingCheckoutPage(options));
  });

  // -- cart session API

  const json = { bodyLimit: API_BODY_LIMIT };
  const api = SANDBOX_API_PREFIX;

  app.post(`${api}/sessions`, json, async (_request, reply) => {
    return noStore(reply)
      .code(201)
      .send(await service.createSession());
  });

  app.get(`${api}/sessions/:session`, async (request, reply) => {
    const session = sessionParam(request);
    const view = await service.getSession(session);
    if (!view) throw unknownSession();
    return noStore(reply).send(view);
  });

  app.post(`${api}/sessions/:session/items`, json, async (request, reply) => {
    const session = sessionParam(request);
    const { path } = parseInput(sandboxAddItemRequestSchema, request.body, 'product');
    return noStore(reply).send(await service.addItem(session, path));
  });

  app.put(`${api}/sessions/:session/items/:path`, json, async (request, reply) => {
    const session = sessionParam(request);
    const { path } = parseInput(itemPathSchema, request.params, 'product path');
    const { quantity } = parseInput(sandboxSetQuantityRequestSchema, request.body, 'quantity');
    return noStore(reply).send(await service.setQuantity(session, path, quantity));
  });

  app.delete(`${api}/sessions/:session/items/:path`, async (request, reply) => {
    const session = sessionParam(request);
    const { path } = parseInput(itemPathSchema, request.params, 'product path');
    return noStore(reply).send(await service.setQuantity(session, path, 0));
  });

  app.post(`${api}/sessions/:session/reset`, json, async (request, reply) => {
    return noStore(reply).send(await service.reset(sessionParam(request)));
  });

  app.post(`${api}/sessions/:session/promo`, json, async (request, reply) => {
    const session = sessionParam(request);
    const { code } = parseInput(sandboxPromoRequestSchema, request.body, 'promo code');
    return noStore(reply).send(await service.applyPromo(session, code));
  });

  app.post(`${api}/sessions/:session/contact`, json, async (request, reply) => {
    const session = sessionParam(request);
    const contact = parseInput(sandboxContactRequestSchema, request.body, 'contact');
    return noStore(reply).send(await service.setContact(session, contact));
  });

  app.post(`${api}/sessions/:session/push`, json, async (request, reply) => {
    const session = sessionParam(request);
    const payload = parseInput(sandboxPushRequestSchema, request.body, 'session payload');
    return noStore(reply).send(await service.push(session, payload));
  });

  await app.register(sandboxRefundRoutes, { refunds, config });

  app.post(`${api}/sessions/:session/pay`, json, async (request, reply) => {
    const session = sessionParam(request);
    const parsed = sandboxPayRequestSchema.safeParse(request.body);
    if (!parsed.success) {
      const fields: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const name = typeof issue.path[0] === 'string' ? issue.path[0] : '';
        if (name && !(name in fields)) fields[name] = issue.message;
      }
      const message = Object.keys(fields).length > 0 ? 'Check the highlighted fields and try again.' : 'The payment request must be a JSON object.';
      throw new SandboxError('invalid_request', message, fields);
    }
    const { order } = await service.pay(session, parsed.data);
    return noStore(reply).send({ order });
  });
}

/**
 * The refunds of the sandbox (what FastSpring's app does for a seller): an order page with
 * refund buttons, and the JSON API tests use. Both send the store `return.created`.
 */
async function sandboxRefundRoutes(app: FastifyInstance, { refunds, config }: Pick<SandboxRoutesOptions, 'refunds' | 'config'>) {
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(body as string))),
  );
  const orderParam = (request: FastifyRequest) => {
    const { order } = request.params as { order: string };
    return sandboxOrderIdSchema.safeParse(order).success ? order : null;
  };
  const sendPage = async (reply: FastifyReply, orderId: string | null, notice?: string, status = 200) => {
    const view = orderId ? await refunds.getOrder(orderId) : null;
    return reply
      .code(view ? status : 404)
      .header('content-security-policy', ORDER_PAGE_CSP)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(view ? renderOrderPage(view, { storeName: config.storeName, notice }) : renderMissingOrderPage(config.storeName));
  };

  app.get(SANDBOX_ORDER_PAGE_PREFIX, async (request, reply) => {
    const { reference } = request.query as { reference?: unknown };
    const valid = typeof reference === 'string' && orderSummaryRequestSchema.safeParse({ reference }).success;
    const orderId = valid ? await refunds.findOrderId(reference) : null;
    if (!orderId) return sendPage(reply, null);
    return reply.redirect(`${SANDBOX_ORDER_PAGE_PREFIX}/${orderId}`, 303);
  });

  app.get(`${SANDBOX_ORDER_PAGE_PREFIX}/:order`, async (request, reply) => {
    const { refunded } = request.query as { refunded?: unknown };
    return sendPage(reply, orderParam(request), refunded === '1' ? 'Refunded. The store has been sent the refund.' : undefined);
  });

  app.post(`${SANDBOX_ORDER_PAGE_PREFIX}/:order/refund`, async (request, reply) => {
    const orderId = orderParam(request);
    if (!orderId) return sendPage(reply, null);
    // Only the page itself refunds: another site's form posting here is refused.
    if (request.headers['sec-fetch-site'] === 'cross-site') return sendPage(reply, orderId, 'Refunds are made from this page only.', 403);
    const { product } = (request.body ?? {}) as { product?: unknown };
    const input = typeof product === 'string' && product ? { items: [{ product, quantity: 10_000 }] } : {};
    const parsed = sandboxRefundRequestSchema.safeParse(input);
    if (!parsed.success) return sendPage(reply, orderId, 'That is not a product of this order.', 400);
    try {
      await refunds.refund(orderId, parsed.data);
    } catch (error) {
      if (error instanceof SandboxError) return sendPage(reply, orderId, error.message, STATUS[error.code]);
      throw error;
    }
    // Post/redirect/get: reloading the page does not refund again.
    return reply.redirect(`${SANDBOX_ORDER_PAGE_PREFIX}/${orderId}?refunded=1`, 303);
  });

  app.post(`${SANDBOX_API_PREFIX}/orders/:order/refund`, { bodyLimit: API_BODY_LIMIT }, async (request, reply) => {
    const orderId = orderParam(request);
    if (!orderId) throw new SandboxError('unknown_order', 'No sandbox order has this id.');
    const input = parseInput(sandboxRefundRequestSchema, request.body ?? {}, 'refund');
    return noStore(reply)
      .code(201)
      .send(await refunds.refund(orderId, input));
  });
}

/** A malformed session id names no session: 404, so the script starts a new one. */
function sessionParam(request: FastifyRequest): string {
  const { session } = request.params as { session: string };
  if (!sandboxSessionIdSchema.safeParse(session).success) throw unknownSession();
  return session;
}

function unknownSession() {
  return new SandboxError('unknown_session', 'This cart session does not exist or has expired. Start a new one.');
}

function noStore(reply: FastifyReply) {
  return reply.header('cache-control', 'no-store');
}

function sendSandboxError(reply: FastifyReply, code: SandboxErrorCode, message: string, fields?: Record<string, string>, status = STATUS[code]) {
  return reply
    .code(status)
    .header('cache-control', 'no-store')
    .type('application/json; charset=utf-8')
    .send({ error: STATUS_CODES[status] ?? 'Error', message, code, ...(fields && Object.keys(fields).length > 0 ? { fields } : {}) });
}

function sendAsset(request: FastifyRequest, reply: FastifyReply, asset: BrowserAsset, cacheControl: string) {
  reply.header('etag', asset.etag).header('cache-control', cacheControl).header('vary', 'Accept-Encoding');
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch && ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === asset.etag)) {
    return reply.code(304).send();
  }
  reply.type(asset.contentType);
  if (/\bgzip\b/.test(request.headers['accept-encoding'] ?? '')) return reply.header('content-encoding', 'gzip').send(asset.gzip);
  return reply.send(asset.body);
}

/**
 * The checkout page's own policy, stricter than the store's pages: its script and styles
 * are files of ours, it only talks to this origin, and only this origin may frame it.
 */
function checkoutPolicy(https: boolean): string {
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "form-action 'self'",
    "frame-ancestors 'self'",
    "base-uri 'none'",
    ...(https ? ['upgrade-insecure-requests'] : []),
  ].join('; ');
}
