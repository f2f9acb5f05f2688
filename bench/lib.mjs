import { spawn, spawnSync } from 'node:child_process';
import autocannon from 'autocannon';

export const hasTaskset = spawnSync('taskset', ['--version']).status === 0;

/** Spawns a command pinned to one CPU core (when taskset exists) and waits for `readyPattern` in its output. */
export async function startPinned(core, command, args, { env = {}, readyPattern = /ready/, timeoutMs = 60_000 } = {}) {
  const [file, argv] = hasTaskset ? ['taskset', ['-c', String(core), command, ...args]] : [command, args];
  const child = spawn(file, argv, { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`not ready after ${timeoutMs} ms: ${output}`)), timeoutMs);
    const onData = (chunk) => {
      output += chunk;
      if (readyPattern.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}: ${output}`));
    });
  });
  // Keep draining so a chatty process never blocks on a full pipe.
  child.stdout.resume();
  child.stderr.resume();
  return {
    stop: () =>
      new Promise((resolve) => {
        child.once('exit', resolve);
        child.kill('SIGTERM');
      }),
  };
}

/**
 * Runs one bounded autocannon load against a loopback URL; `requests` (autocannon's) varies method and body,
 * `overallRate` caps the requests per second (a steady background load instead of as many as possible).
 */
export function load(url, { connections = 20, duration = 8, headers = {}, requests, overallRate } = {}) {
  return new Promise((resolve, reject) => {
    autocannon({ url, connections, duration, headers, requests, overallRate, pipelining: 1 }, (error, result) => (error ? reject(error) : resolve(result)));
  });
}

export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** Re-runs this script pinned to `core` unless it already is; returns true when the caller should stop. */
export function pinSelf(core) {
  if (!hasTaskset || process.env.BENCH_PINNED) return false;
  const result = spawnSync('taskset', ['-c', String(core), process.execPath, ...process.argv.slice(1)], {
    stdio: 'inherit',
    env: { ...process.env, BENCH_PINNED: '1' },
  });
  process.exit(result.status ?? 1);
}
