import { spawn, spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import pg from 'pg';

/**
 * The store the benchmarks start: the built one, or `BENCH_STORE` (the `main.js` of a copy of
 * `dist` made before a change) to compare two builds in one session.
 */
export const STORE_MAIN = path.resolve(process.env.BENCH_STORE ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'apps/server/dist/main.js'));

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
    /** The process's id (taskset execs the command, so it is the command's own). */
    pid: child.pid,
    stop: () =>
      new Promise((resolve) => {
        // A process that already died (a crash mid-run) has no exit left to wait for.
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
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

/**
 * Creates a scratch database on the PostgreSQL server at `serverUrl`, runs `work(databaseUrl)` and drops the
 * database afterwards (BENCH_KEEP_DATABASE=1 keeps it, to study a slow query with EXPLAIN ANALYZE). Without a
 * reachable server it says so and skips; `indent` prefixes those lines to fit the caller's output.
 */
export async function withScratchDatabase(serverUrl, prefix, work, { indent = '' } = {}) {
  if (!serverUrl) {
    console.log(`${indent}PostgreSQL: set BENCH_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres) to measure it. Skipped.`);
    return undefined;
  }
  const admin = new pg.Client({ connectionString: serverUrl });
  try {
    await admin.connect();
  } catch (error) {
    console.log(`${indent}PostgreSQL is not reachable at BENCH_DATABASE_URL (${error.message}). Skipped.`);
    return undefined;
  }
  const name = `${prefix}_${randomBytes(5).toString('hex')}`;
  try {
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    return await work(url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DATABASE) console.log(`${indent}kept the database ${name}`);
    else await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
}

/** The `p`th percentile (nearest rank) of `values`. */
export const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];
};

/**
 * A minimal OpenID provider on `port`: discovery and a key set, and a token for `adminEmail`. The
 * store trusts it through `env` (its external-provider path), so a bench signs in without a browser.
 */
export async function startIssuer(port, adminEmail) {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const jwk = { ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' };
  const issuer = `http://127.0.0.1:${port}`;
  const server = http.createServer((request, response) => {
    const body =
      request.url === '/.well-known/openid-configuration'
        ? { issuer, jwks_uri: `${issuer}/jwks`, authorization_endpoint: `${issuer}/authorize`, token_endpoint: `${issuer}/token` }
        : request.url === '/jwks'
          ? { keys: [jwk] }
          : undefined;
    response.writeHead(body ? 200 : 404, { 'content-type': 'application/json' });
    response.end(JSON.stringify(body ?? {}));
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  const token = await new SignJWT({ email: adminEmail, email_verified: true })
    .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
    .setIssuer(issuer)
    .setAudience('bench-api')
    .setSubject('bench-admin')
    .setIssuedAt()
    .setExpirationTime('2h')
    .sign(privateKey);
  return {
    token,
    env: { OIDC_ISSUER: issuer, OIDC_CLIENT_ID: 'bench', OIDC_AUDIENCE: 'bench-api', ADMIN_EMAILS: adminEmail },
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
