import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { FASTSPRING_SIGNATURE_HEADER, FASTSPRING_WEBHOOK_PATH } from '@store/contracts';
import type { Config } from '../../../config/env';
import type { Secrets } from '../../../config/secrets';
import type { DatabaseHandle } from '../../../db/client';
import { loadBrowserAssets } from './browser-assets';
import { createSandboxRefunds } from './sandbox-refunds';
import { createSandboxRepository } from './sandbox.repository';
import { sandboxRoutes } from './sandbox.routes';
import { createSandboxService } from './sandbox.service';
import { createWebhookDeliverer, type WebhookRetryOptions, type WebhookSender } from './webhook-deliverer';

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

export interface SandboxPluginOptions extends SandboxPaymentsOptions {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
}

/**
 * The embedded stand-in for FastSpring (docs/decisions/0006-sandbox-payment-provider.md):
 * its routes, and the webhook deliverer that runs from `onReady` until `preClose` (before
 * the database closes, with no timer left behind).
 */
export const sandboxPaymentsPlugin = fp(
  async (app: FastifyInstance, options: SandboxPluginOptions) => {
    const { config, database, secrets } = options;
    const assets = await loadBrowserAssets();
    const webhookPath = options.webhookPath ?? FASTSPRING_WEBHOOK_PATH;
    const send: WebhookSender =
      options.webhookSender ??
      (async ({ body, signature }) => {
        const response = await app.inject({
          method: 'POST',
          url: webhookPath,
          headers: { 'content-type': 'application/json', [FASTSPRING_SIGNATURE_HEADER]: signature, 'user-agent': 'FastSpring sandbox webhook' },
          payload: body,
        });
        return { statusCode: response.statusCode };
      });
    const deliverer = createWebhookDeliverer({
      ...options.webhookRetry,
      repository: createSandboxRepository(database.db),
      secret: secrets.FASTSPRING_WEBHOOK_SECRET,
      send,
      log: app.log,
      now: options.now,
    });
    const service = createSandboxService({
      db: database.db,
      currency: config.currency,
      storeName: config.storeName,
      now: options.now,
      // The shopper's thank-you page waits for the order: deliver at once, not at the next poll.
      onOrderCompleted: () => void deliverer.kick(),
    });

    app.addHook('onReady', async () => {
      await deliverer.start();
    });
    app.addHook('preClose', async () => {
      await deliverer.stop();
    });
    const refunds = createSandboxRefunds({ db: database.db, now: options.now, onRefunded: () => void deliverer.kick() });
    await app.register(sandboxRoutes, { service, refunds, assets, config });
  },
  { name: 'sandbox-payments' },
);
