// `npm run restore`: build whatever is out of date, then run the restore command (apps/server/src/operations/restore-cli.ts).
import { buildIfStaleOrExit } from './build.mjs';

buildIfStaleOrExit();
await import('../apps/server/dist/restore.js');
