// Start-up: the embedded store (PGlite, embedded sign-in, sandbox payments, local files) from
// process launch to its first healthy `/status`, on an empty DATA_DIR (first start) and again on
// the same DATA_DIR (restart), and its resident memory after sitting idle. The store runs the
// built bundle pinned to core 0; this script polls from core 1.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { hasTaskset, median, pinSelf, STORE_MAIN } from './lib.mjs';

pinSelf(1);

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const IDLE_MS = Number(process.env.BENCH_IDLE_MS ?? 20_000);
const PORT = Number(process.env.BENCH_PORT ?? 8450);
const POLL_MS = 20;
const GIVE_UP_MS = 120_000;
const BARS = { firstMs: 5000, restartMs: 1000, rssMb: 300 };
// Another build to compare against in the same run (e.g. a checkout of main), since the machine is shared.
const SERVERS = [STORE_MAIN, ...(process.env.BENCH_BASELINE ? [path.resolve(process.env.BENCH_BASELINE)] : [])];
const CLOCK_TICKS_PER_MS = 100 / 1000;

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Launches the store on `dataDir`, returns the child, its launch time and its output so far. */
function launch(server, dataDir) {
  const command = [process.execPath, server];
  const [file, argv] = hasTaskset ? ['taskset', ['-c', '0', ...command]] : [command[0], command.slice(1)];
  const launchedAt = performance.now();
  const child = spawn(file, argv, {
    cwd: path.resolve(path.dirname(server), '../../..'),
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), HOST: '127.0.0.1', NODE_ENV: 'production', DATABASE_URL: '', STORAGE_DRIVER: 'local' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const run = { child, launchedAt, output: '', exited: false };
  child.stdout.on('data', (chunk) => (run.output += chunk));
  child.stderr.on('data', (chunk) => (run.output += chunk));
  child.once('exit', () => (run.exited = true));
  return run;
}

/** Milliseconds from launch to the first 200 of /status whose body says the store is healthy. */
async function timeToStatus(run) {
  for (;;) {
    if (run.exited) throw new Error(`the store exited before answering /status:\n${run.output}`);
    if (performance.now() - run.launchedAt > GIVE_UP_MS) throw new Error(`no healthy /status after ${GIVE_UP_MS} ms:\n${run.output}`);
    const answer = await fetch(`http://127.0.0.1:${PORT}/status`).catch(() => undefined);
    if (answer?.status === 200) {
      const body = await answer.json();
      if (body.status === 'ok') return performance.now() - run.launchedAt;
    }
    await sleep(POLL_MS);
  }
}

/** CPU time (user + system) the store's process used so far: less swayed by a busy machine than the wall clock. */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / CLOCK_TICKS_PER_MS;
}

/** VmRSS of the store's node process (taskset execs it, so the child's pid is node's). */
function rssMb(pid) {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((text) => text.startsWith('VmRSS:'));
  return Number(line.match(/(\d+)/)[1]) / 1024;
}

async function stop(run) {
  if (run.exited) return;
  const exited = new Promise((resolve) => run.child.once('exit', resolve));
  run.child.kill('SIGTERM');
  await exited;
}

async function measure(server, dataDir) {
  const run = launch(server, dataDir);
  try {
    const ms = await timeToStatus(run);
    const cpu = cpuMs(run.child.pid);
    await sleep(IDLE_MS);
    return { ms, cpu, rss: rssMb(run.child.pid) };
  } finally {
    await stop(run);
  }
}

const fmt = (value, unit) => `${Math.round(value)} ${unit}`;
const verdict = (value, bar) => (value <= bar ? 'met' : 'NOT met');

console.log(`Start-up: ${RUNS} runs, /status polled every ${POLL_MS} ms from launch, RSS after ${IDLE_MS / 1000} s idle`);
console.log(hasTaskset ? 'store pinned to core 0, this script to core 1' : 'taskset missing: NOT pinned');
for (const server of SERVERS) {
  console.log(`\n${path.relative(process.cwd(), server)}`);
  const first = [];
  const restart = [];
  for (let index = 0; index < RUNS; index += 1) {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'songwish-start-'));
    try {
      const a = await measure(server, dataDir);
      const b = await measure(server, dataDir);
      first.push(a);
      restart.push(b);
      const line = (r) => `${fmt(r.ms, 'ms')} (CPU ${fmt(r.cpu, 'ms')}, idle RSS ${fmt(r.rss, 'MB')})`;
      console.log(`  run ${index + 1}: first ${line(a)}, restart ${line(b)}`);
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const rows = [
    ['first start to /status', median(first.map((r) => r.ms)), BARS.firstMs, 'ms'],
    ['restart to /status', median(restart.map((r) => r.ms)), BARS.restartMs, 'ms'],
    ['idle RSS after first start', median(first.map((r) => r.rss)), BARS.rssMb, 'MB'],
    ['idle RSS after restart', median(restart.map((r) => r.rss)), BARS.rssMb, 'MB'],
  ];
  console.log('  medians:');
  for (const [label, value, bar, unit] of rows)
    console.log(`    ${label.padEnd(28)} ${fmt(value, unit).padStart(8)}  (bar ≤ ${bar} ${unit}: ${verdict(value, bar)})`);
  console.log(`    CPU to /status: first ${fmt(median(first.map((r) => r.cpu)), 'ms')}, restart ${fmt(median(restart.map((r) => r.cpu)), 'ms')}`);
}
