// GET /api/products/ throughput of the store against a bare node:http server sending the same
// answer (body and headers, so the ratio is what the store's own code costs), and, for reference,
// against one sending the body with only the headers node:http must send. Servers run on core 0,
// the load generator on core 1; rounds alternate so machine noise hits every side alike.
// Target: ratio >= 0.8 against the same answer.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { hasTaskset, load, median, pinSelf, startPinned, STORE_MAIN } from './lib.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
pinSelf(1);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 20;
const STORE_PORT = 8401;
const BARE_PORT = 8402;
const BODY_ONLY_PORT = 8404;
const TARGET = 0.8;
/** Headers the bare server writes itself (content type and length) or node:http adds per answer. */
const NOT_COPIED = new Set(['date', 'connection', 'keep-alive', 'content-length', 'content-type']);

export async function run() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-'));
  const bodyFile = path.join(dataDir, 'products.json');
  const store = await startPinned(0, process.execPath, [STORE_MAIN], {
    env: { PORT: String(STORE_PORT), DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000000' },
    readyPattern: /is ready at/,
  });
  const storeUrl = `http://localhost:${STORE_PORT}/api/products/`;
  // As autocannon asks: no compression.
  const answer = await fetch(storeUrl, { headers: { 'accept-encoding': 'identity' } });
  const body = Buffer.from(await answer.arrayBuffer());
  writeFileSync(bodyFile, body);
  const headersFile = path.join(dataDir, 'headers.json');
  writeFileSync(headersFile, JSON.stringify(Object.fromEntries([...answer.headers].filter(([name]) => !NOT_COPIED.has(name)))));
  const bareScript = path.join(root, 'bench/bare-server.mjs');
  const bare = await startPinned(0, process.execPath, [bareScript, bodyFile, String(BARE_PORT), headersFile]);
  const bodyOnly = await startPinned(0, process.execPath, [bareScript, bodyFile, String(BODY_ONLY_PORT)]);
  const bareUrl = `http://127.0.0.1:${BARE_PORT}/`;
  const bodyOnlyUrl = `http://127.0.0.1:${BODY_ONLY_PORT}/`;

  console.log(`Catalogue throughput: ${body.length} bytes per answer, ${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION} s each`);
  console.log(hasTaskset ? 'servers pinned to core 0, load generator to core 1' : 'taskset missing: processes are NOT pinned');
  await load(storeUrl, { duration: 2, connections: CONNECTIONS }); // warm-up
  await load(bareUrl, { duration: 2, connections: CONNECTIONS });
  await load(bodyOnlyUrl, { duration: 2, connections: CONNECTIONS });

  const rates = { store: [], bare: [], 'body only': [] };
  const p99 = { store: [], bare: [], 'body only': [] };
  for (let round = 1; round <= ROUNDS; round++) {
    for (const [name, url] of [
      ['bare', bareUrl],
      ['body only', bodyOnlyUrl],
      ['store', storeUrl],
    ]) {
      const result = await load(url, { duration: DURATION, connections: CONNECTIONS });
      if (result.non2xx > 0 || result.errors > 0) throw new Error(`${name}: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
      rates[name].push(result.requests.average);
      p99[name].push(result.latency.p99);
      console.log(`  round ${round} ${name.padEnd(9)} ${result.requests.average.toFixed(0).padStart(7)} req/s  p99 ${result.latency.p99} ms`);
    }
  }
  await store.stop();
  await bare.stop();
  await bodyOnly.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const storeRate = median(rates.store);
  const bareRate = median(rates.bare);
  const ratio = storeRate / bareRate;
  console.log(`\n  store GET /api/products/  ${storeRate.toFixed(0)} req/s (median), p99 ${median(p99.store)} ms`);
  const bodyOnlyRate = median(rates['body only']);
  console.log(`  bare node:http           ${bareRate.toFixed(0)} req/s (median), p99 ${median(p99.bare)} ms  (the same answer, headers and body)`);
  console.log(
    `  bare, body only          ${bodyOnlyRate.toFixed(0)} req/s (median), p99 ${median(p99['body only'])} ms  (without the store's security and caching headers)`,
  );
  console.log(`  ratio store/bare         ${ratio.toFixed(2)}  (target >= ${TARGET}: ${ratio >= TARGET ? 'met' : 'NOT met'})`);
  console.log(`  ratio store/body only    ${(storeRate / bodyOnlyRate).toFixed(2)}  (reference: what the headers cost on top)`);
  return { storeRate, bareRate, ratio };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
