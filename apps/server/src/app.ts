import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/env';
import type { Secrets } from './config/secrets';
import type { DatabaseHandle } from './db/client';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { createCatalogService } from './modules/catalog/catalog.service';
import { createDownloadsRepository } from './modules/downloads/downloads.repository';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { mailboxRoutes } from './modules/mail/mailbox.routes';
import { createOutboxRepository } from './modules/mail/outbox.repository';
import { createOutboxSender, smtpTransport } from './modules/mail/outbox-sender';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createOrdersService } from './modules/orders/orders.service';
import { sandboxPaymentsPlugin, type SandboxPaymentsOptions } from './modules/payments/sandbox/sandbox.plugin';
import { statusRoutes } from './modules/status/status.routes';
import { accessLogPlugin } from './plugins/access-log';
import { errorsPlugin, sendMalformedUrl } from './plugins/errors';
import { mediaPlugin } from './plugins/media';
import { paymentProviderSources, securityPlugin } from './plugins/security';
import { loadWebApp, spaPlugin, type WebApp } from './plugins/spa';
import { STORE_VERSION } from './version';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Defaults to the built app found beside the server. */
  webApp?: WebApp;
  logger?: FastifyServerOptions['logger'];
  /** Where sold files are stored; defaults to `DATA_DIR/files`. */
  filesDir?: string;
  /** Test hooks of the sandbox payment provider (e.g. where its webhooks go). */
  sandboxPayments?: SandboxPaymentsOptions;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Credentials must never reach the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
  };
}

/** Builds the whole store: infrastructure plugins, then one plugin per domain module. */
export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // Fastify's two lines per request and a child logger per request cost half the
    // throughput; we write one access line when ACCESS_LOG is on, and errors always.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    trustProxy: config.trustProxy,
    bodyLimit: config.bodyLimit,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs (bad percent-encoding) get the same JSON error shape as everything else.
    frameworkErrors: (_error, _request, reply) => sendMalformedUrl(reply),
  });

  const webApp = deps.webApp ?? loadWebApp(config.webDistDir);
  const catalog = createCatalogService(createCatalogRepository(database.db));
  const outbox = createOutboxRepository(database.db);
  const outboxSender = createOutboxSender({
    repository: outbox,
    transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from) : undefined,
    log: app.log,
  });
  const orders = createOrdersService({
    db: database.db,
    provider: config.payments.provider,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    supportEmail: config.publicConfig.supportEmail,
    downloadSigningSecret: deps.secrets.DOWNLOAD_SIGNING_SECRET,
    onOrderCommitted: () => void outboxSender.kick(),
  });

  await app.register(errorsPlugin);
  if (config.accessLog) app.register(accessLogPlugin);
  await app.register(securityPlugin, { config, inlineScriptHashes: webApp.inlineScriptHashes, extraSources: paymentProviderSources(config.payments) });
  await app.register(mediaPlugin, { mediaDir: path.join(config.dataDir, 'media') });

  await app.register(statusRoutes, { database, version: STORE_VERSION });
  await app.register(catalogRoutes, { catalog });
  await app.register(ordersRoutes, { orders, webhookSecret: deps.secrets.FASTSPRING_WEBHOOK_SECRET });
  await app.register(downloadsRoutes, {
    downloads: createDownloadsRepository(database.db),
    signingSecret: deps.secrets.DOWNLOAD_SIGNING_SECRET,
    filesDir: deps.filesDir ?? path.join(config.dataDir, 'files'),
  });
  // Emails are readable in the browser only while they cannot have gone anywhere else.
  if (config.payments.provider === 'sandbox' && !config.mail.smtpUrl) {
    await app.register(mailboxRoutes, { outbox, storeName: config.storeName });
  }
  if (config.payments.provider === 'sandbox') {
    await app.register(sandboxPaymentsPlugin, { config, database, secrets: deps.secrets, ...deps.sandboxPayments });
  }

  await app.register(spaPlugin, {
    webApp,
    publicConfig: config.publicConfig,
    publicUrl: config.publicUrl,
    findProduct: (productPath) => catalog.getSummary(productPath),
  });

  app.addHook('onReady', async () => {
    outboxSender.start();
  });
  app.addHook('onClose', async () => {
    await outboxSender.stop();
    await database.close();
  });
  return app;
}
