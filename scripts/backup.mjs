// `npm run backup`: build whatever is out of date, then run the backup command (apps/server/src/operations/backup-cli.ts).
import { buildIfStale } from './build.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('../apps/server/dist/backup.js');
