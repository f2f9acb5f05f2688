import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { ConfigError, loadConfig, type Config } from './config/env';
import { loadSecrets } from './config/secrets';
import { openDatabase, storeDatabase, type DatabaseHandle } from './db/client';
import { CatalogueFileError } from './modules/catalog/seed/catalogue-file-error';
import { importCatalogue, refreshSeedMedia, SEED_FILES_DIR } from './modules/catalog/seed/seed-catalog';
import { renderCoversApart } from './modules/catalog/seed/render-covers-apart';
import { seedCoupons } from './modules/coupons/seed/seed-coupons';
import { createFileStorage } from './modules/files/create-file-storage';
import { seedDemoLegacyLicences } from './modules/licensing/seed/seed-legacy-licences';
import { createFilesRepository } from './modules/files/files.repository';
import { uploadMissingFiles } from './modules/files/upload-missing-files';
import { acquireDataDirLock, DataDirInUseError } from './operations/data-dir-lock';
import { closeGracefullyOnSignal } from './operations/stop-on-signal';
import { restoreV8Defaults } from './operations/start-up-v8';
import { lockedMailboxLink } from './modules/mail/mailbox.routes';

/** How long after listening the seed media upkeep starts. */
const SEED_MEDIA_DELAY_MS = 1_000;

async function main() {
  const config = loadConfig();
  // Held until the process exits (after the database is closed), so a second store cannot open the same PGlite folder.
  if (!config.databaseUrl) acquireDataDirLock(config.dataDir);
  const secrets = await loadSecrets(config.dataDir);
  const database = await openDatabase(storeDatabase(config));
  let seededCoupons: string[] = [];
  const seeded = await importCatalogue(database.db, {
    filesDir: path.join(config.dataDir, 'files'),
    mediaDir: path.join(config.dataDir, 'media'),
    prebuiltFilesDir: fileURLToPath(new URL(`./${SEED_FILES_DIR}/`, import.meta.url)),
    currency: config.currency,
    alsoImport: async (tx) => {
      seededCoupons = (await seedCoupons(tx, { currency: config.currency })).inserted;
    },
  });
  // Every start of a sandbox store: a demo key removed by hand comes back, one used stays used.
  const demoKeys = await seedDemoLegacyLicences(database.db, { paymentProvider: config.payments.provider });
  // The seed's files are generated into DATA_DIR/files; with a bucket, the ones it lacks go up (ADR 0013).
  const bucketFiles = await syncBucket(config, database);

  const app = await buildApp({ config, database, secrets });
  if (database.templateProblem) {
    app.log.warn(
      { reason: database.templateProblem },
      'the new database folder was not unpacked with tar; PGlite loaded its template itself, which holds more memory until a restart',
    );
  }
  if (seeded.inserted.length > 0) app.log.info({ products: seeded.inserted }, 'seeded the catalogue');
  if (seededCoupons.length > 0) app.log.info({ coupons: seededCoupons }, 'seeded the promo codes');
  if (demoKeys.length > 0) app.log.info({ keys: demoKeys.length }, 'seeded the demo legacy licence keys of the sandbox (README: Upgrades from older licences)');
  if (bucketFiles.uploaded.length > 0) app.log.info({ files: bucketFiles.uploaded }, 'uploaded files missing from the bucket');
  if (bucketFiles.missing.length > 0)
    app.log.error({ files: bucketFiles.missing }, 'sold files are in neither the bucket nor DATA_DIR/files: upload them under these keys');

  // Work that goes on after the store is ready stops with it.
  const stopping = new AbortController();
  closeGracefullyOnSignal(() => {
    stopping.abort();
    return app.close();
  }, app.log);

  await app.listen({ host: config.host, port: config.port });
  const where = database.engine === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  // The mailbox key goes to the console only: log lines may be shipped elsewhere, and it opens every account's emails.
  const mailboxLink = lockedMailboxLink(config, secrets);
  const mailboxLine = mailboxLink ? `\n  Sandbox mailbox (keep this link private) ${mailboxLink}\n` : '';
  console.log(`\n  ${config.storeName} store is ready at ${config.publicUrl}  (database: ${where})\n${mailboxLine}`);
  // Rendering the covers' WebPs can wait: until they exist, their URLs answer with the SVG (plugins/media.ts).
  // In a process of its own, which takes the rasteriser's memory with it when it exits (~60 MB that the store kept).
  // A moment after listening, so that the first requests (a health check, a visitor) are not
  // answered after it: reading the content files alone is a fifth of a second of the only thread.
  const seedMediaUpkeep = setTimeout(() => {
    if (stopping.signal.aborted) return;
    const renderCovers = renderCoversApart(fileURLToPath(new URL('./render-covers.js', import.meta.url)), stopping.signal);
    void refreshSeedMedia(database.db, { mediaDir: path.join(config.dataDir, 'media'), renderCovers })
      .then(
        ({ previews, rasterCovers }) => {
          if (previews.length > 0) app.log.info({ products: previews }, 'sample packs now list their MIDI previews');
          if (rasterCovers.length > 0) app.log.info({ products: rasterCovers }, 'seed covers now served as WebP');
        },
        (error: unknown) => {
          if (!stopping.signal.aborted) app.log.error({ err: error }, 'could not render the seed covers or write the sample-pack previews');
        },
      )
      .finally(restoreV8Defaults);
  }, SEED_MEDIA_DELAY_MS);
  seedMediaUpkeep.unref();
  stopping.signal.addEventListener('abort', () => clearTimeout(seedMediaUpkeep));
  // …and at the latest after a minute, should that work hang (restoring twice sets the same values).
  setTimeout(restoreV8Defaults, 60_000).unref();
}

async function syncBucket(config: Config, database: DatabaseHandle) {
  if (config.storage.driver !== 's3') return { uploaded: [], missing: [] };
  const where = `bucket ${config.storage.bucket}${config.storage.endpoint ? ` at ${config.storage.endpoint}` : ''}`;
  try {
    return await uploadMissingFiles(createFilesRepository(database.db), await createFileStorage(config.storage), path.join(config.dataDir, 'files'));
  } catch (error) {
    // A refused HeadObject has no body: the HTTP status is the useful part (403: keys or rights; 404: no such bucket).
    const status = (error as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode;
    const reason = `${status ? `HTTP ${status}, ` : ''}${(error as Error).name}: ${(error as Error).message}`;
    throw new Error(`could not use the ${where} (check the S3_ settings and that the keys may read, write and list it): ${reason}`, { cause: error });
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n\nFix these environment variables and start again.\n`);
  } else if (error instanceof CatalogueFileError) {
    console.error(`\nThe store could not import its first catalogue. ${error.message}\n\nFix the file and start again.\n`);
  } else if (error instanceof DataDirInUseError) {
    console.error(`\nThe store could not start: ${error.message}\n`);
  } else {
    console.error('The store could not start:', error);
  }
  process.exit(1);
});
