// `npm run licensing:public-key`: build whatever is out of date, then print the public key plugins embed
// to verify machine files (apps/server/src/operations/licensing-public-key-cli.ts).
import { buildIfStaleOrExit } from './build.mjs';

buildIfStaleOrExit();
await import('../apps/server/dist/licensing-public-key.js');
