// What counting every rate limit in Redis (REDIS_URL) costs a rate-limited request: GET /api/products/{path}
// (under the global limit; the listing itself is exempt) on a store counting in memory against the same store
// counting in Redis. Stores run on core 0, the load generator on core 1; rounds alternate so machine noise
// hits both alike. No target: the figure is the price of limits that hold across processes (ADR 0040).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { redisAnswers } from '../apps/server/test/redis-probe.mjs';
import { hasTaskset, load, median, pinSelf, startPinned, STORE_MAIN } from './lib.mjs';

pinSelf(1);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 20;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
const PORTS = { memory: 8423, redis: 8424 };

export async function run() {
  if (!(await redisAnswers(REDIS_URL))) {
    console.log(`Skipped: no Redis answers at ${REDIS_URL} (set BENCH_REDIS_URL).`);
    return undefined;
  }
  const dataDirs = [];
  const stores = {};
  for (const [name, port] of Object.entries(PORTS)) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-'));
    dataDirs.push(dataDir);
    stores[name] = await startPinned(0, process.execPath, [STORE_MAIN], {
      env: { PORT: String(port), DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000000', ...(name === 'redis' ? { REDIS_URL } : {}) },
      readyPattern: /is ready at/,
    });
  }
  const url = (name) => `http://localhost:${PORTS[name]}/api/products/remidi-4`;

  console.log(`Rate limits in memory vs in Redis (${REDIS_URL}): ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each`);
  console.log(hasTaskset ? 'stores pinned to core 0, load generator to core 1' : 'taskset missing: processes are NOT pinned');
  for (const name of Object.keys(PORTS)) await load(url(name), { duration: 2, connections: CONNECTIONS }); // warm-up

  const rates = { memory: [], redis: [] };
  const p99 = { memory: [], redis: [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const name of Object.keys(PORTS)) {
      const result = await load(url(name), { duration: DURATION, connections: CONNECTIONS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rates[name].push(result.requests.average);
      p99[name].push(result.latency.p99);
      console.log(`  round ${round} ${name.padEnd(6)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p99 ${result.latency.p99} ms`);
    }
  }
  for (const store of Object.values(stores)) await store.stop();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });

  const memoryRate = median(rates.memory);
  const redisRate = median(rates.redis);
  console.log(`\n  limits in memory  ${memoryRate.toFixed(0)} req/s (median), p99 ${median(p99.memory)} ms`);
  console.log(`  limits in Redis   ${redisRate.toFixed(0)} req/s (median), p99 ${median(p99.redis)} ms`);
  console.log(`  ratio Redis/memory ${(redisRate / memoryRate).toFixed(2)}`);
  return { memoryRate, redisRate };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
