// `npm run backup [-- FILE]`: see README "Backups".
import path from 'node:path';
import { createBackup } from './backup';
import { runCli, storeLocation } from './cli';

runCli('The backup', async () => {
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace(/\..*/, '').replace('T', '-');
  const output = path.resolve(process.argv[2] ?? `songwish-backup-${stamp}.tar.gz`);
  const manifest = await createBackup({ ...storeLocation(), output });
  return `Backup written to ${output}: the ${manifest.database.engine} database and ${manifest.files.length - 1} files.`;
});
