// `npm start`: build whatever is out of date, then run the store in this process.
import { buildIfStale } from './build.mjs';

try {
  buildIfStale();
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
await import('../apps/server/dist/main.js');
