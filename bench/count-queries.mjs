// Preloaded into the store by the checkout bench (node --import): counts the SQL statements the
// store sends through `pg` (BEGIN and COMMIT included, each a round trip), and on SIGWINCH (SIGUSR2 would
// close the store: close-with-grace listens for it) writes
// "<sequence> <count>" to BENCH_QUERY_COUNT_FILE so the bench can read it before and after its window.
import { writeFileSync } from 'node:fs';
import pg from 'pg';

const file = process.env.BENCH_QUERY_COUNT_FILE;
let count = 0;
let sequence = 0;
const query = pg.Client.prototype.query;
pg.Client.prototype.query = function countedQuery(...args) {
  count += 1;
  return query.apply(this, args);
};
if (file) process.on('SIGWINCH', () => writeFileSync(file, `${(sequence += 1)} ${count}`));
