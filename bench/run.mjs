// `npm run bench`: builds what is stale, then runs every benchmark and prints its figures.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfStale } from '../scripts/build.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
buildIfStale();
const benches = (
  process.env.BENCH_ONLY ??
  'catalog-throughput.mjs,analytics-ingest.mjs,licensing-throughput.mjs,checkout-throughput.mjs,admin-queries.mjs,analytics-queries.mjs,lyra-query.mjs,song-seed.mjs,rate-limit-store.mjs,start-up.mjs,lighthouse.mjs'
).split(',');
let failed = false;
for (const bench of benches) {
  console.log(`\n━━ ${bench} ━━`);
  const result = spawnSync(process.execPath, [path.join(here, bench)], { stdio: 'inherit' });
  if (result.status !== 0) failed = true;
}
process.exit(failed ? 1 : 0);
