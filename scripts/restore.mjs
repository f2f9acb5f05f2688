// `npm run restore`: build whatever is out of date, then run the restore command (apps/server/src/operations/restore-cli.ts).
import { buildIfStale } from './build.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('../apps/server/dist/restore.js');
