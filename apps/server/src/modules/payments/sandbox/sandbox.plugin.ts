import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FASTSPRING_SIGNATURE_HEADER, FASTSPRING_WEBHOOK_PATH } from '@store/contracts';
import type { Config } from '#server/config/env.ts';
import { loadBrowserAssets } from './browser-assets';
import type { SandboxRefunds } from './sandbox-refunds';
import { sandboxRoutes } from './sandbox.routes';
import type { SandboxService } from './sandbox.service';
import type { WebhookDeliverer, WebhookRetryOptions, WebhookSender } from './webhook-deliverer';

/** What tests (and only tests) change about the sandbox provider. */
export interface SandboxPaymentsOptions {
  /**
   * Sends one signed webhook. Default: `POST /webhooks/fastspring` through `app.inject`,
   * i.e. the store's own full request path (raw-body signature check included), so it
   * works behind any proxy or PUBLIC_URL.
   */
  webhookSender?: WebhookSender;
  /** Path the default sender posts to. */
  webhookPath?: string;
  webhookRetry?: WebhookRetryOptions;
  now?: () => Date;
}

export interface SandboxPluginOptions {
  service: SandboxService;
  refunds: SandboxRefunds;
  /** Runs from `onReady` until `preClose`. */
  deliverer: Pick<WebhookDeliverer, 'start' | 'stop'>;
  config: Config;
}

/**
 * The default webhook sender: `POST` to the store's own webhook path through `app.inject`,
 * i.e. the store's full request path (raw-body signature check included), so it works
 * behind any proxy or PUBLIC_URL.
 */
export function injectedWebhookSender(app: FastifyInstance, webhookPath = FASTSPRING_WEBHOOK_PATH): WebhookSender {
  return async ({ body, signature }) => {
    const response = await app.inject({
      method: 'POST',
      url: webhookPath,
      headers: { 'content-type': 'application/json', [FASTSPRING_SIGNATURE_HEADER]: signature, 'user-agent': 'FastSpring sandbox webhook' },
      payload: body,
    });
    return { statusCode: response.statusCode, body: response.body };
  };
}

/**
 * The embedded stand-in for FastSpring (docs/decisions/0006-sandbox-payment-provider.md):
 * its routes, and the webhook deliverer that runs from `onReady` until `preClose` (before
 * the database closes, with no timer left behind). Its service, refunds and deliverer are
 * built by app.ts, like every other module's.
 */
export const sandboxPaymentsPlugin = fp(
  async (app: FastifyInstance, options: SandboxPluginOptions) => {
    const { service, refunds, deliverer, config } = options;
    const assets = await loadBrowserAssets();
    app.addHook('onReady', async () => {
      await deliverer.start();
    });
    app.addHook('preClose', async () => {
      await deliverer.stop();
    });
    await app.register(sandboxRoutes, { service, refunds, assets, config });
  },
  { name: 'sandbox-payments' },
);
