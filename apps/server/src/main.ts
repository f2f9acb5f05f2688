import path from 'node:path';
import closeWithGrace from 'close-with-grace';
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config/env';
import { loadSecrets } from './config/secrets';
import { openDatabase } from './db/client';
import { seedCatalog } from './modules/catalog/seed/seed-catalog';
import { seedCoupons } from './modules/coupons/seed/seed-coupons';

async function main() {
  const config = loadConfig();
  const secrets = await loadSecrets(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { engine: 'postgresql', url: config.databaseUrl }
      : { engine: 'pglite', dataDir: path.join(config.dataDir, 'pglite') },
  );
  const seeded = await seedCatalog(database.db, {
    filesDir: path.join(config.dataDir, 'files'),
    mediaDir: path.join(config.dataDir, 'media'),
    currency: config.currency,
  });

  const coupons = await seedCoupons(database.db, { currency: config.currency });

  const app = await buildApp({ config, database, secrets });
  if (seeded.inserted.length > 0) app.log.info({ products: seeded.inserted }, 'seeded the catalogue');
  if (coupons.inserted.length > 0) app.log.info({ coupons: coupons.inserted }, 'seeded the promo codes');
  if (seeded.previews.length > 0) app.log.info({ products: seeded.previews }, 'sample packs now list their MIDI previews');
  if (seeded.rasterCovers.length > 0) app.log.info({ products: seeded.rasterCovers }, 'seed covers now served as WebP');

  closeWithGrace({ delay: 10_000 }, async ({ signal, err }) => {
    if (err) app.log.error({ err }, 'shutting down after an unexpected error');
    else app.log.info({ signal }, 'shutting down');
    await app.close();
  });

  await app.listen({ host: config.host, port: config.port });
  const where = database.engine === 'pglite' ? `PGlite in ${path.join(config.dataDir, 'pglite')}` : 'PostgreSQL';
  console.log(`\n  ${config.storeName} store is ready at ${config.publicUrl}  (database: ${where})\n`);
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(`\n${error.message}\n\nFix these environment variables and start again.\n`);
  } else {
    console.error('The store could not start:', error);
  }
  process.exit(1);
});
