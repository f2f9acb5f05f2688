// `npm run restore -- FILE`: see README "Backups".
import path from 'node:path';
import { runCli, storeLocation } from './cli';
import { restoreBackup } from './restore';
import { OperationError } from './run-command';

runCli('The restore', async () => {
  const archive = process.argv[2];
  if (!archive) throw new OperationError('name the backup to restore: npm run restore -- songwish-backup-….tar.gz');
  const location = storeLocation();
  const manifest = await restoreBackup({ ...location, archive: path.resolve(archive) });
  return `Restored the backup of ${manifest.created} into ${location.dataDir}${location.databaseUrl ? ' and the PostgreSQL database' : ''}. Start the store.`;
});
