// POST /api/lyra/query in search mode, with the seed catalogue and every content page indexed:
// latency of one client asking the golden-set questions one after another (p50/p95), and
// answers per second under load (20 connections). The store runs on core 0, this script and
// the load generator on core 1; medians of the rounds. Targets: p95 <= 30 ms, >= 500 answers/s.
// Also prints the golden-set figures (first citation right, out-of-scope declined).
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { citesAcceptably, GOLDEN_QUESTIONS, OUT_OF_SCOPE_QUESTIONS } from '../apps/server/test/lyra-golden-set.mjs';
import { hasTaskset, load, median, pinSelf, startPinned, STORE_MAIN } from './lib.mjs';

pinSelf(1);

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const DURATION = Number(process.env.BENCH_DURATION ?? 8);
const CONNECTIONS = 20;
const PORT = 8403;
const URL_QUERY = `http://localhost:${PORT}/api/lyra/query`;
const QUESTIONS = [...GOLDEN_QUESTIONS.map((entry) => entry.question), ...OUT_OF_SCOPE_QUESTIONS];

async function ask(query) {
  const response = await fetch(URL_QUERY, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) });
  if (response.status !== 200) throw new Error(`${query}: ${response.status} ${await response.text()}`);
  return response.json();
}

function percentile(values, share) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(share * sorted.length) - 1)];
}

export async function run() {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-bench-'));
  const store = await startPinned(0, process.execPath, [STORE_MAIN], {
    env: { PORT: String(PORT), DATA_DIR: dataDir, RATE_LIMIT_MAX: '1000000000', LYRA_RATE_LIMIT_PER_MINUTE: '1000000000' },
    readyPattern: /is ready at/,
  });

  // Answer quality, from the running store.
  let cited = 0;
  for (const { question, cite } of GOLDEN_QUESTIONS) if (citesAcceptably((await ask(question)).citations[0]?.url, cite)) cited += 1;
  let declined = 0;
  for (const question of OUT_OF_SCOPE_QUESTIONS) if (!(await ask(question)).answered) declined += 1;

  console.log(`Lyra query (search mode): ${QUESTIONS.length} questions in turn, ${ROUNDS} rounds`);
  console.log(hasTaskset ? 'store pinned to core 0, load generator to core 1' : 'taskset missing: processes are NOT pinned');
  const requests = QUESTIONS.map((query) => ({ method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ query }) }));
  await load(URL_QUERY, { duration: 2, connections: CONNECTIONS, requests }); // warm-up

  const p50s = [];
  const p95s = [];
  const rates = [];
  for (let round = 1; round <= ROUNDS; round++) {
    const latencies = [];
    for (let pass = 0; pass < 10; pass++) {
      for (const query of QUESTIONS) {
        const started = performance.now();
        await ask(query);
        latencies.push(performance.now() - started);
      }
    }
    const result = await load(URL_QUERY, { duration: DURATION, connections: CONNECTIONS, requests });
    if (result.non2xx > 0 || result.errors > 0) throw new Error(`${result.non2xx} non-2xx answers, ${result.errors} errors`);
    p50s.push(percentile(latencies, 0.5));
    p95s.push(percentile(latencies, 0.95));
    rates.push(result.requests.average);
    console.log(
      `  round ${round}  one client p50 ${p50s.at(-1).toFixed(2)} ms p95 ${p95s.at(-1).toFixed(2)} ms   ${CONNECTIONS} connections ${result.requests.average.toFixed(0)} answers/s (p99 ${result.latency.p99} ms)`,
    );
  }
  await store.stop();
  rmSync(dataDir, { recursive: true, force: true });

  const p95 = median(p95s);
  const rate = median(rates);
  const citedShare = cited / GOLDEN_QUESTIONS.length;
  const declinedShare = declined / OUT_OF_SCOPE_QUESTIONS.length;
  console.log(`\n  p95 one client        ${p95.toFixed(2)} ms (median; target <= 30 ms: ${p95 <= 30 ? 'met' : 'NOT met'}), p50 ${median(p50s).toFixed(2)} ms`);
  console.log(`  answers per second    ${rate.toFixed(0)} (median; target >= 500: ${rate >= 500 ? 'met' : 'NOT met'})`);
  console.log(`  golden set            first citation right ${cited}/${GOLDEN_QUESTIONS.length} (${(citedShare * 100).toFixed(1)}%, target >= 90%)`);
  console.log(`  out of scope          declined ${declined}/${OUT_OF_SCOPE_QUESTIONS.length} (${(declinedShare * 100).toFixed(1)}%, target >= 90%)`);
  return { p95, rate, citedShare, declinedShare };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await run();
