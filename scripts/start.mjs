// `npm start`: build whatever is out of date, then run the store in this process.
import { buildIfStaleOrExit } from './build.mjs';

buildIfStaleOrExit();
await import('../apps/server/dist/main.js');
