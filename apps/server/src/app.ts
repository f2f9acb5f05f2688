import path from 'node:path';
import Fastify, { LogController, type FastifyInstance, type FastifyServerOptions, type RouteOptions } from 'fastify';
import type { Config } from './config/env';
import { serverTimeoutOptions, type ServerTimeouts } from './config/server-timeouts';
import { fastifyTrustProxy } from './config/trust-proxy';
import type { Secrets } from './config/secrets';
import type { Database, DatabaseHandle } from './db/client';
import { createAnalyticsRepository } from './modules/analytics/analytics.repository';
import { analyticsRoutes } from './modules/analytics/analytics.routes';
import { createAnalyticsService, type AnalyticsService } from './modules/analytics/analytics.service';
import { analyticsAdminRoutes } from './modules/analytics/analytics-admin.routes';
import { createAnalyticsDashboardRepository } from './modules/analytics/analytics-dashboard.repository';
import { createAnalyticsDashboardService } from './modules/analytics/analytics-dashboard.service';
import { createAnalyticsRollupJob } from './modules/analytics/analytics-rollups';
import { accessRoutes, accessStatusRoutes } from './modules/access/access.routes';
import { createAccessService } from './modules/access/access.service';
import { ADMIN_API_PREFIX, adminApi, adminSection } from './modules/access/admin-api';
import { createAuditRepository } from './modules/audit/audit.repository';
import { auditRoutes } from './modules/audit/audit.routes';
import { embeddedTokenVerifier, externalTokenVerifier, type AccessTokenVerifier } from './modules/accounts/access-token';
import { createAccountsRepository } from './modules/accounts/accounts.repository';
import { accountsRoutes } from './modules/accounts/accounts.routes';
import { createAccountsService } from './modules/accounts/accounts.service';
import { createReleaseFiles } from './modules/catalog/admin/release-files';
import { createCatalogRepository } from './modules/catalog/catalog.repository';
import { catalogRoutes } from './modules/catalog/catalog.routes';
import { CATALOG_CHANGED_CHANNEL, createCatalogService } from './modules/catalog/catalog.service';
import { seoRoutes } from './modules/seo/seo.routes';
import { createSeoService } from './modules/seo/seo.service';
import { createDatabaseChanges } from './db/database-changes';
import { createReleasesRepository } from './modules/catalog/admin/releases.repository';
import { releasesRoutes } from './modules/catalog/admin/releases.routes';
import { createReleasesService } from './modules/catalog/admin/releases.service';
import { adminCatalogRoutes } from './modules/catalog/admin/admin-catalog.routes';
import { createAdminCatalogService } from './modules/catalog/admin/admin-catalog.service';
import { createCouponRepository } from './modules/coupons/coupons.repository';
import { createCouponAdminService } from './modules/coupons/coupons-admin.service';
import { couponAdminRoutes } from './modules/coupons/coupons.routes';
import { createCouponService } from './modules/coupons/coupons.service';
import { createDownloadsRepository } from './modules/downloads/downloads.repository';
import { createLicenceIssuing } from './modules/licensing/licence-issuing';
import { createLicencesRepository } from './modules/licensing/licences.repository';
import { createFileStorage } from './modules/files/create-file-storage';
import type { FileStorage } from './modules/files/file-storage';
import { createEmbeddedIdentity, type EmbeddedIdentity } from './modules/identity/embedded-identity';
import { idpRoutes } from './modules/identity/idp.routes';
import type { ScryptParams } from './modules/identity/password';
import { downloadsRoutes } from './modules/downloads/downloads.routes';
import { hasSandboxMailbox, mailboxLock, mailboxRoutes } from './modules/mail/mailbox.routes';
import { createMailService } from './modules/mail/mail.service';
import { createReleaseMail } from './modules/mail/release-mail';
import { unsubscribeRoutes } from './modules/mail/unsubscribe.routes';
import { lyraSketchRoutes } from './modules/lyra/sketches.routes';
import { createOutboxRepository } from './modules/mail/outbox.repository';
import { createOutboxSender, smtpTransport } from './modules/mail/outbox-sender';
import { ordersRoutes } from './modules/orders/orders.routes';
import { createCustomersAdminService } from './modules/orders/customers/customers-admin.service';
import { customerAdminRoutes } from './modules/orders/customers/customers.routes';
import { adminOrdersRoutes } from './modules/orders/admin/admin-orders.routes';
import { createAdminOrdersService } from './modules/orders/admin/admin-orders.service';
import { fastspringRefundProvider, sandboxRefundProvider, type RefundProvider } from './modules/orders/admin/refund-provider';
import { sealSecurePayload } from './modules/payments/fastspring/secure-payload';
import { createOrdersRepository } from './modules/orders/orders.repository';
import { createOrdersService, salesOn } from './modules/orders/orders.service';
import { createSandboxRefunds } from './modules/payments/sandbox/sandbox-refunds';
import { injectedWebhookSender, sandboxPaymentsPlugin, type SandboxPaymentsOptions } from './modules/payments/sandbox/sandbox.plugin';
import { createSandboxRepository } from './modules/payments/sandbox/sandbox.repository';
import { createSandboxService } from './modules/payments/sandbox/sandbox.service';
import { createWebhookDeliverer } from './modules/payments/sandbox/webhook-deliverer';
import { createLiveCatalogue, type LiveCatalogue } from './modules/payments/sandbox/live-catalogue';
import { createOrderCatalogue } from './modules/catalog/order-catalogue';
import { loadContentPages } from './modules/lyra/knowledge';
import { createLlmClient } from './modules/lyra/llm-client';
import { upgradesRoutes } from './modules/licensing/upgrades.routes';
import { createUpgradesService } from './modules/licensing/upgrades.service';
import { createLyraRepository } from './modules/lyra/lyra.repository';
import { createLyraMemoryService, type LyraMemoryService } from './modules/lyra/lyra-memory.service';
import { lyraRoutes } from './modules/lyra/lyra.routes';
import { createLyraService } from './modules/lyra/lyra.service';
import { createSketcher } from './modules/lyra/song-seed/index';
import { accountLicencesRoutes } from './modules/licensing/account-licences.routes';
import { licenceDeskRoutes } from './modules/licensing/admin/licence-desk.routes';
import { createLicenceDeskService } from './modules/licensing/admin/licence-desk.service';
import { createLicensingLimits } from './modules/licensing/licensing-limits';
import { createLicenceCache, LICENCE_CHANGED_CHANNEL } from './modules/licensing/licence-cache';
import { createLicensingRepository } from './modules/licensing/licensing.repository';
import { licensingRoutes } from './modules/licensing/licensing.routes';
import { createLicensingService } from './modules/licensing/licensing.service';
import { loadLicensingKeys } from './modules/licensing/signing-key';
import { createStaleMachinesJob } from './modules/licensing/stale-machines';
import { createGroupedCounters } from './modules/rate-limits/grouped-counters';
import { createRateLimitHitsRepository } from './modules/rate-limits/rate-limit-hits.repository';
import { createSharedRateLimits } from './modules/rate-limits/shared-rate-limits';
import { createRateLimitRedis } from './modules/rate-limits/redis-client';
import { createMissingFilesCheck } from './modules/reports/missing-files';
import { createReportsRepository } from './modules/reports/reports.repository';
import { reportsRoutes } from './modules/reports/reports.routes';
import { createReportsService } from './modules/reports/reports.service';
import { statusRoutes } from './modules/status/status.routes';
import { createUploadArea, type UploadArea } from './modules/uploads/upload-area';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { createUploadsService } from './modules/uploads/uploads.service';
import { accessLogPlugin } from './plugins/access-log';
import { errorsPlugin, sendMalformedUrl, zodSchemaCompilers } from './plugins/errors';
import { contentPlugin } from './plugins/content';
import { mediaPlugin } from './plugins/media';
import { contentCspSources, identityCspSources, mergeSources, paymentProviderSources, securityPlugin } from './plugins/security';
import { loadWebApp, spaPlugin, type WebApp } from './plugins/spa';
import { serializeError } from './lib/log-errors';
import { STORE_VERSION } from './version';
import { paths } from '@store/contracts/paths';

export interface AppDependencies {
  config: Config;
  database: DatabaseHandle;
  secrets: Secrets;
  /** Defaults to the built app found beside the server. */
  webApp?: WebApp;
  logger?: FastifyServerOptions['logger'];
  /** Where sold files are stored with the local driver; defaults to `DATA_DIR/files`. */
  filesDir?: string;
  /** Test hooks of the sandbox payment provider (e.g. where its webhooks go). */
  sandboxPayments?: SandboxPaymentsOptions;
  /** Password hashing cost of the embedded identity provider (tests use a cheap one). */
  passwordHashing?: ScryptParams;
  /**
   * Whether the limits every process must share (Lyra's) are counted in the database; by default
   * on PostgreSQL only. Tests set it to run two stores on one PGlite database.
   */
  sharedRateLimitsInDatabase?: boolean;
  /** Tests shorten them to watch a slow client being cut off. */
  serverTimeouts?: Partial<ServerTimeouts>;
  /** Sees every route as it is registered (tests enumerate the back office's routes with it). */
  onRoute?: (route: RouteOptions) => void;
  /** Tests write Lyra's buffered counts with it instead of waiting for them. */
  onLyraMemory?: (memory: LyraMemoryService) => void;
  /** Tests write the buffered analytics events with it instead of waiting for them. */
  onAnalytics?: (analytics: AnalyticsService) => void;
}

export function loggerOptions(config: Config): FastifyServerOptions['logger'] {
  return {
    level: config.logLevel,
    // Credentials must never reach the logs.
    redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    // Nor the values of a failed query (emails, amounts).
    serializers: { err: serializeError },
  };
}

/** Builds the whole store: infrastructure plugins, then one plugin per domain module. */
/** How long after listening the embedded sign-in provider is built (a first /idp request builds it sooner). */
const IDENTITY_WARM_UP_MS = 1_000;

export async function buildApp(deps: AppDependencies): Promise<FastifyInstance> {
  const { config, database } = deps;
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(config),
    // Fastify's two lines per request and a child logger per request cost half the
    // throughput; we write one access line when ACCESS_LOG is on, and errors always.
    logController: new LogController({ disableRequestLogging: true }),
    childLoggerFactory: (logger) => logger,
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: config.bodyLimit,
    ...serverTimeoutOptions(deps.serverTimeouts),
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 500 },
    // Malformed URLs (bad percent-encoding) get the same JSON error shape as everything else.
    frameworkErrors: (_error, _request, reply) => sendMalformedUrl(reply),
    schemaController: { compilersFactory: zodSchemaCompilers },
  });

  if (deps.onRoute) app.addHook('onRoute', deps.onRoute);
  // What holds PGlite's one connection (a transaction and where it began, or an unanswered query): nothing else shows why requests wait.
  database.onStalledDatabase?.(({ heldForMs, ...what }) =>
    app.log.error(
      { heldForSeconds: Math.round(heldForMs / 1000), ...what },
      what.startedFrom
        ? 'a database transaction is still open; every request that needs the database waits for it'
        : 'the database has not answered a query; every request that needs it waits',
    ),
  );
  const webApp = deps.webApp ?? loadWebApp(config.webDistDir);
  const catalog = createCatalogService(createCatalogRepository(database.db));
  // Every catalogue or licence write drops the cached answers of every store process on the database.
  const databaseChanges = createDatabaseChanges({
    database,
    onListenerError: (error) => app.log.warn({ err: error }, 'listening for catalogue and licence changes failed; reconnecting'),
  });
  const licensingRepository = createLicensingRepository(database.db);
  const licenceCache = createLicenceCache({
    load: (key) => licensingRepository.loadLicence(key),
    listening: () => licenceChanges.listening(),
  });
  // A licence's cached answer names its product: a catalogue write drops the licences too (rare).
  const catalogChanges = databaseChanges.channel(CATALOG_CHANGED_CHANNEL, () => {
    catalog.invalidate();
    licenceCache.invalidate(undefined);
    sandboxCatalogue.invalidate();
    orderCatalogue.invalidate();
  });
  // The sandbox prices every cart request from the live products: read once per catalogue write.
  const sandboxCatalogue = createLiveCatalogue({
    load: () => createSandboxRepository(database.db).listLiveProductRows(),
    listening: () => catalogChanges.listening(),
  });
  // Every order reads the products it names and their newest files: read once per catalogue write.
  const orderCatalogue = createOrderCatalogue({ listening: () => catalogChanges.listening() });
  const licenceChanges = databaseChanges.channel(LICENCE_CHANGED_CHANNEL, (licenceId) =>
    licenceCache.invalidate(licenceId === undefined ? undefined : Number(licenceId)),
  );
  // Writes that do not NOTIFY inside their own transaction (releases, uploaded files) announce after it.
  const announceCatalogChange = () =>
    catalogChanges.committed(database.db).catch((error: unknown) => app.log.warn({ err: error }, 'announcing a catalogue change to other processes failed'));
  const outbox = createOutboxRepository(database.db);
  const releaseMail = createReleaseMail({
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    linkSecret: deps.secrets.MAIL_LINK_SECRET,
    downloadsUrl: `${config.publicUrl}${paths.account.getHref()}`,
    mailServer: config.mail.smtpUrl !== undefined,
  });
  const outboxSender = createOutboxSender({
    repository: outbox,
    transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from, releaseMail.headersFor) : undefined,
    log: app.log,
  });
  const mail = createMailService({ mailServer: config.mail.smtpUrl !== undefined });
  // Without a mail server each message is held as it is queued (the sandbox mailbox shows it):
  // there is nothing to send, and a kick would only look for it (a transaction per order).
  const mailQueued = config.mail.smtpUrl ? () => void outboxSender.kick() : () => {};
  const analyticsRepository = createAnalyticsRepository(database.db);
  const analytics = createAnalyticsService({
    repository: analyticsRepository,
    enabled: config.analytics.enabled,
    publicUrl: config.publicUrl,
    log: app.log,
  });
  deps.onAnalytics?.(analytics);
  // Also with ANALYTICS=off: what was recorded stays readable, and is rolled up once.
  const analyticsRollups = createAnalyticsRollupJob({ repository: analyticsRepository, log: app.log });

  const orders = createOrdersService({
    db: database.db,
    // The modules an order touches, each on the order's transaction.
    modules: {
      repository: createOrdersRepository,
      catalog: (tx) => orderCatalogue.on(tx),
      coupons: couponsOn,
      licensing: (tx, afterCommit) => createLicenceIssuing(tx, { trialDays: config.licensing.trialDays, changes: licenceChanges, afterCommit }),
      mail,
      analytics,
    },
    provider: config.payments.provider,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    supportEmail: config.publicConfig.supportEmail,
    downloadSigningSecret: deps.secrets.DOWNLOAD_SIGNING_SECRET,
    acceptTestOrders: config.payments.provider === 'sandbox' || config.payments.acceptTestOrders,
    onOrderCommitted: mailQueued,
    // The reason only: the error never carries the event's data into the log.
    onWebhookLogFailed: (error) =>
      app.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'writing the webhook log failed; the event itself was handled'),
  });

  const lyraRepository = createLyraRepository(database.db);
  const lyra = createLyraService({
    catalog,
    loadPages: () => loadContentPages(contentTokens(config)),
    repository: lyraRepository,
    supportEmail: config.publicConfig.supportEmail,
    sketcher: createSketcher(),
    llm: config.lyra.llm && createLlmClient(config.lyra.llm),
    storeName: config.storeName,
    // The reason only: the error never holds the prompt or the key.
    onLlmFailure: (error) =>
      app.log.warn({ reason: error instanceof Error ? error.message : 'unknown' }, 'Lyra’s language model failed; answered from the store’s pages'),
    onBackgroundError: (error) => app.log.error({ err: error }, 'recording or deleting unanswered Lyra questions or old memories failed'),
  });
  // The errors are serialised without the failed query's values (emails, questions).
  const lyraMemory = createLyraMemoryService({
    lyra,
    repository: lyraRepository,
    onCountsError: (error) => app.log.error({ err: error }, 'writing Lyra’s counts failed'),
    onTurnError: (error) => app.log.error({ err: error }, 'storing a Lyra conversation turn failed; answered without remembering it'),
  });
  deps.onLyraMemory?.(lyraMemory);

  // Only PostgreSQL can have other store processes on the same data; PGlite's one process counts in memory.
  const countLimitsInDatabase = deps.sharedRateLimitsInDatabase ?? database.engine === 'postgresql';
  // Requests arriving while a count is in flight are counted together in the next statement (exact, fewer writes).
  const rateLimitCounters = countLimitsInDatabase ? createGroupedCounters(createRateLimitHitsRepository(database.db)) : undefined;
  // With REDIS_URL every limit, the global one included, is counted there and holds across processes (ADR 0040).
  const rateLimitRedis = config.redisUrl ? await createRateLimitRedis(config.redisUrl, (error) => sharedRateLimits.redisFailed(error)) : undefined;
  const sharedRateLimits = createSharedRateLimits({ counters: rateLimitCounters, redis: rateLimitRedis?.redis, log: app.log });

  const licensing = createLicensingService({
    repository: licensingRepository,
    reads: licenceCache,
    // PGlite is one backend: its statements run one at a time.
    statementsRunAlone: database.engine === 'pglite',
    changes: {
      announce: (tx, ...licenceIds) => licenceChanges.announce(tx, ...licenceIds),
      afterCommit: (...licenceIds) => licenceChanges.afterCommit(...licenceIds),
      committed: (...licenceIds) => licenceChanges.committed(database.db, ...licenceIds),
    },
    catalog: createCatalogRepository(database.db),
    keys: loadLicensingKeys(deps.secrets.LICENSING_SIGNING_KEY),
    publicUrl: config.publicUrl,
    fileTtlDays: config.licensing.fileTtlDays,
    staleDays: config.licensing.staleDays,
  });
  const staleMachines = createStaleMachinesJob({ release: () => licensing.releaseStaleMachines(), log: app.log });

  const fileStorage = await createFileStorage(config.storage.driver === 'local' && deps.filesDir ? { driver: 'local', dir: deps.filesDir } : config.storage);
  const uploadArea = await createUploadArea(config.storage, config.dataDir);

  const securePayloadKey = config.payments.provider === 'fastspring' ? config.payments.securePayloadKey : undefined;

  const identityConfig = config.identity;
  let embeddedIdentity: EmbeddedIdentity | undefined;
  if (identityConfig.provider === 'embedded') {
    embeddedIdentity = await createEmbeddedIdentity({
      db: database.db,
      dataDir: config.dataDir,
      signingKeys: deps.secrets.IDP_SIGNING_KEYS,
      issuer: identityConfig.issuer,
      publicUrl: config.publicUrl,
      clientId: identityConfig.clientId,
      audience: identityConfig.audience,
      storeName: config.storeName,
      supportEmail: config.publicConfig.supportEmail,
      sessionSecret: deps.secrets.SESSION_SECRET,
      corsOrigins: config.corsOrigins,
      log: app.log,
      mail,
      onMessageQueued: mailQueued,
      scrypt: deps.passwordHashing,
    });
  }

  const tokenVerifier: AccessTokenVerifier = embeddedIdentity
    ? embeddedTokenVerifier({
        issuer: identityConfig.issuer,
        audience: identityConfig.audience,
        publicJwks: embeddedIdentity.keys.publicJwks,
        findAccount: (subject) => embeddedIdentity.identity.findAccount(subject),
      })
    : externalTokenVerifier({
        issuer: identityConfig.issuer,
        audience: identityConfig.audience,
        claimsNamespace: identityConfig.provider === 'external' ? identityConfig.claimsNamespace : undefined,
        rolesClaim: identityConfig.provider === 'external' ? identityConfig.rolesClaim : undefined,
      });

  await app.register(errorsPlugin);
  if (config.accessLog) app.register(accessLogPlugin);
  await app.register(securityPlugin, {
    config,
    inlineScriptHashes: webApp.inlineScriptHashes,
    extraSources: mergeSources(paymentProviderSources(config.payments), identityCspSources(identityConfig), contentCspSources(config)),
    rateLimitStore: sharedRateLimits.Store,
  });
  await app.register(mediaPlugin, { mediaDir: path.join(config.dataDir, 'media') });
  await app.register(contentPlugin, { contentDir: path.join(config.dataDir, 'content') });

  await app.register(statusRoutes, { database, version: STORE_VERSION });
  await app.register(catalogRoutes, { catalog });
  await app.register(seoRoutes, { seo: createSeoService({ catalog, publicUrl: config.publicUrl }) });
  await app.register(lyraSketchRoutes, { filesPerMinute: config.lyra.sketchFilesPerMinute });
  await app.register(ordersRoutes, { orders, webhookSecret: deps.secrets.FASTSPRING_WEBHOOK_SECRET });
  await app.register(downloadsRoutes, {
    downloads: createDownloadsRepository(database.db),
    signingSecret: deps.secrets.DOWNLOAD_SIGNING_SECRET,
    storage: fileStorage,
    storeName: config.storeName,
    publicUrl: config.publicUrl,
    supportEmail: config.publicConfig.supportEmail,
  });
  await app.register(accountsRoutes, {
    accounts: createAccountsService({
      repository: createAccountsRepository(database.db),
      licences: { ofCustomer: (customerId) => createLicencesRepository(database.db).licencesOfCustomer(customerId) },
      publicUrl: config.publicUrl,
      downloadSigningSecret: deps.secrets.DOWNLOAD_SIGNING_SECRET,
      downloadSource: fileStorage.driver,
      sealPrefill: securePayloadKey ? (payload) => sealSecurePayload(payload, securePayloadKey) : undefined,
      mailPreferences: {
        releaseEmails: (email) => releaseMail.wantsReleaseEmails(database.db, email),
        setReleaseEmails: (email, wanted) => releaseMail.setReleaseEmails(database.db, email, wanted),
      },
    }),
    verifier: tokenVerifier,
  });
  await app.register(licensingRoutes, {
    licensing,
    limits: createLicensingLimits({
      counters: rateLimitCounters,
      keyRequestsPerMinute: config.licensing.keyRequestsPerMinute,
      unknownKeysPer15Minutes: config.licensing.unknownKeysPer15Minutes,
    }),
    requestsPerMinute: config.licensing.requestsPerMinute,
  });
  await app.register(accountLicencesRoutes, { licensing, verifier: tokenVerifier });
  await app.register(upgradesRoutes, {
    upgrades: createUpgradesService({ db: database.db, coupons: couponsOn, supportEmail: config.publicConfig.supportEmail }),
    // Each answer says whether a key exists: the unknown-key budget of the licensing API bounds guessing here too.
    requestsPerWindow: config.licensing.unknownKeysPer15Minutes,
    windowMs: 15 * 60_000,
  });
  await app.register(lyraRoutes, { memory: lyraMemory, verifier: tokenVerifier, queriesPerMinute: config.lyra.queriesPerMinute });
  await app.register(analyticsRoutes, { analytics, eventsPerMinute: config.analytics.eventsPerMinute });
  // The sandbox provider is built before the back office, whose refunds it makes in sandbox mode.
  const sandbox = config.payments.provider === 'sandbox' ? sandboxPayments(app, deps, sandboxCatalogue) : undefined;
  const reportsRepository = createReportsRepository(database.db);
  const missingFiles = createMissingFilesCheck({
    listFiles: () => reportsRepository.storedFiles(),
    storage: fileStorage,
    onError: (error) => app.log.warn({ err: error }, 'checking the stored files for the dashboard failed'),
  });
  const access = createAccessService({ db: database.db, adminEmails: config.admin.emails, rolesClaim: config.admin.rolesClaim });
  await app.register(accessStatusRoutes, { access, verifier: tokenVerifier });
  // The back office: every section below is inside one administrators-only scope.
  await app.register(adminApi, {
    prefix: ADMIN_API_PREFIX,
    verifier: tokenVerifier,
    access,
    sections: [
      adminSection(accessRoutes, { access }),
      adminSection(auditRoutes, { audit: createAuditRepository(database.db) }),
      adminSection(couponAdminRoutes, { coupons: createCouponAdminService({ db: database.db, currency: config.currency }) }),

      adminSection(releasesRoutes, {
        releases: createReleasesService({
          db: database.db,
          repository: createReleasesRepository,
          mail: releaseMail,
          removeStoredFile: (storageKey) => fileStorage.remove(storageKey),
          onCatalogChanged: () => void announceCatalogChange(),
          onMailQueued: mailQueued,
          onRemoveFailed: (storageKey, error) => app.log.error({ err: error, storageKey }, 'a removed release file could not be deleted from storage'),
        }),
      }),

      adminSection(
        uploadsRoutes,
        uploadsSection(app, deps, uploadArea, fileStorage, () => void announceCatalogChange()),
      ),
      adminSection(adminOrdersRoutes, {
        orders: createAdminOrdersService({
          db: database.db,
          modules: {
            licences: createLicencesRepository,
            downloads: createAccountsRepository,
            mail: createOutboxRepository,
            confirmation: { queueAgain: (tx, orderId, dedupeKey) => orders.queueConfirmationAgain(tx, orderId, dedupeKey) },
          },
          timeZone: config.timeZone,
          paymentProvider: config.payments.provider,
          refunds: refundProviderOf(config, sandbox),
          mailboxHref: hasSandboxMailbox(config) ? (messageId) => `${config.publicUrl}/dev/mailbox/${messageId}` : undefined,
          onMailQueued: mailQueued,
        }),
      }),
      adminSection(adminCatalogRoutes, {
        catalog: createAdminCatalogService({ db: database.db, currency: config.currency, sales: salesOn, changes: catalogChanges }),
      }),
      adminSection(licenceDeskRoutes, {
        desk: createLicenceDeskService({
          db: database.db,
          orders,
          currency: config.currency,
          auditTrail: (licenceId) => createAuditRepository(database.db).list({ subjectType: 'licence', subjectId: String(licenceId), limit: 500 }),
          changes: {
            announce: (tx, ...licenceIds) => licenceChanges.announce(tx, ...licenceIds),
            afterCommit: (...licenceIds) => licenceChanges.afterCommit(...licenceIds),
          },
        }),
      }),
      adminSection(customerAdminRoutes, {
        customers: createCustomersAdminService({
          db: database.db,
          currency: config.currency,
          storeName: config.storeName,
          identity: identityConfig.provider,
          isAdministrator: (email, tx) => access.isAdministrator(email, tx),
          mailboxHref: hasSandboxMailbox(config) ? (id) => `/dev/mailbox/${id}` : undefined,
        }),
      }),
      adminSection(reportsRoutes, {
        reports: createReportsService({ repository: reportsRepository, missingFiles, currency: config.currency, timeZone: config.timeZone }),
      }),
      adminSection(analyticsAdminRoutes, {
        dashboard: createAnalyticsDashboardService({
          repository: createAnalyticsDashboardRepository(database.db),
          timeZone: config.timeZone,
          recording: config.analytics.enabled,
        }),
      }),
    ],
  });
  await app.register(unsubscribeRoutes, { db: database.db, releaseMail, storeName: config.storeName, publicUrl: config.publicUrl });
  if (embeddedIdentity) {
    await app.register(idpRoutes, {
      provider: embeddedIdentity.provider,
      identity: embeddedIdentity.identity,
      page: { storeName: config.storeName, storeUrl: config.publicUrl },
      formSecret: deps.secrets.SESSION_SECRET,
      clientId: identityConfig.clientId,
      audience: identityConfig.audience,
      emailFormsPer15Minutes: config.rateLimit.identityEmailForms,
    });
  }
  // Emails are readable in the browser only while they cannot have gone anywhere else.
  if (hasSandboxMailbox(config)) {
    await app.register(mailboxRoutes, { outbox, storeName: config.storeName, lock: mailboxLock(config, deps.secrets) });
  }
  if (sandbox) {
    await app.register(sandboxPaymentsPlugin, { config, ...sandbox });
  }

  await app.register(spaPlugin, {
    webApp,
    publicConfig: config.publicConfig,
    publicUrl: config.publicUrl,
    findProduct: (productPath) => catalog.getSummary(productPath),
    findCategory: (slug) => catalog.findCategory(slug),
    firstListedProduct: () => catalog.getFirstListed(),
  });

  app.addHook('onReady', async () => {
    await databaseChanges.start();
    await outboxSender.start();
    embeddedIdentity?.startSweeping();
    sharedRateLimits.startSweeping();
    await rateLimitRedis?.ready();
    staleMachines.start();
    lyra.start();
    analytics.start();
    analyticsRollups.start();
  });
  // Built a moment after the store listens: neither the start nor the first sign-in waits for oidc-provider's import.
  let identityWarmUp: NodeJS.Timeout | undefined;
  app.addHook('onListen', async () => {
    const identity = embeddedIdentity;
    if (!identity) return;
    identityWarmUp = setTimeout(
      () => identity.provider().catch((error: unknown) => app.log.error({ err: error }, 'identity provider error')),
      IDENTITY_WARM_UP_MS,
    );
    identityWarmUp.unref();
  });
  app.addHook('onClose', async () => {
    clearTimeout(identityWarmUp);
    await databaseChanges.stop();
    await outboxSender.stop();
    await embeddedIdentity?.stopSweeping();
    await sharedRateLimits.stopSweeping();
    await rateLimitRedis?.close();
    await staleMachines.stop();
    await lyra.stop();
    await lyraMemory.stop();
    // The events of the last second are written before the database closes.
    await analytics.stop();
    await analyticsRollups.stop();
    await missingFiles.close();
    await database.close();
  });
  return app;
}

/** The values of the content pages' `{{TOKEN}}`s, from the store's configuration (as the web app fills them). */
const contentTokens = ({ publicConfig }: Config) => ({
  STORE_NAME: publicConfig.storeName,
  CONTACT_EMAIL: publicConfig.contactEmail,
  SUPPORT_EMAIL: publicConfig.supportEmail,
  PRIVACY_EMAIL: publicConfig.privacyEmail,
  VIDEO_CHANNEL_URL: publicConfig.social.video,
});

/** Resumable uploads: received in the upload area (beside the files: a folder, or the bucket), then moved where they belong. */
function uploadsSection(app: FastifyInstance, { config, database }: AppDependencies, area: UploadArea, fileStorage: FileStorage, onCatalogChanged: () => void) {
  const uploads = createUploadsService({
    db: database.db,
    area,
    storage: fileStorage,
    releaseFiles: createReleaseFiles,
    mediaDir: path.join(config.dataDir, 'media'),
    maxBytes: config.uploadMaxBytes,
    onCatalogChanged,
  });
  return { uploads, area, tusPath: `${ADMIN_API_PREFIX}/uploads`, maxBytes: config.uploadMaxBytes, corsOrigins: config.corsOrigins, log: app.log };
}

/** Who the back office asks for refunds: the sandbox in process, FastSpring's returns API with credentials, else nobody (FastSpring's app). */
function refundProviderOf(config: Config, sandbox: ReturnType<typeof sandboxPayments> | undefined): RefundProvider | undefined {
  if (sandbox) return sandboxRefundProvider(sandbox.refunds);
  const { payments } = config;
  if (payments.provider === 'fastspring' && payments.api) return fastspringRefundProvider({ baseUrl: payments.apiUrl, ...payments.api });
  return undefined;
}

/** The coupons module on the database or on a caller's transaction. */
const couponsOn = (db: Database) => createCouponService(createCouponRepository(db));

/** The sandbox payment provider's service, refunds and webhook deliverer, handed their dependencies like every other module. */
function sandboxPayments(app: FastifyInstance, deps: AppDependencies, catalogue: LiveCatalogue) {
  const { config, database } = deps;
  const testing = deps.sandboxPayments ?? {};
  const deliverer = createWebhookDeliverer({
    ...testing.webhookRetry,
    repository: createSandboxRepository(database.db),
    secret: deps.secrets.FASTSPRING_WEBHOOK_SECRET,
    send: testing.webhookSender ?? injectedWebhookSender(app, testing.webhookPath),
    log: app.log,
    now: testing.now,
  });
  const service = createSandboxService({
    db: database.db,
    repository: createSandboxRepository,
    catalogue,
    coupons: couponsOn,
    currency: config.currency,
    storeName: config.storeName,
    now: testing.now,
    // The shopper's thank-you page waits for the order: deliver at once, not at the next poll.
    onOrderCompleted: () => void deliverer.kick(),
  });
  const refunds = createSandboxRefunds({
    db: database.db,
    repository: createSandboxRepository,
    now: testing.now,
    onRefunded: () => void deliverer.kick(),
  });
  return { service, refunds, deliverer };
}
