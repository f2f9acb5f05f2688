// `npm run backup`: build whatever is out of date, then run the backup command (apps/server/src/operations/backup-cli.ts).
import { buildIfStaleOrExit } from './build.mjs';

buildIfStaleOrExit();
await import('../apps/server/dist/backup.js');
