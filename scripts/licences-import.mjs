// `npm run licences:import -- FILE.csv`: build whatever is out of date, then import legacy licence keys (apps/server/src/modules/licensing/legacy-import-cli.ts).
import { buildIfStaleOrExit } from './build.mjs';

buildIfStaleOrExit();
await import('../apps/server/dist/licences-import.js');
