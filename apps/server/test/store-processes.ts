import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const MAIN = fileURLToPath(new URL('../dist/main.js', import.meta.url));

/** Builds the server bundle when its sources changed since the last build (about a second), as `npm start` does. */
export function buildServerIfStale() {
  const script = "const { buildIfStale } = await import('./scripts/build.mjs'); buildIfStale({ only: ['server'] });";
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`building the server failed:\n${result.stdout}${result.stderr}`);
}

export interface StoreProcess {
  port: number;
  /** What it printed, for the failure message of a start that went wrong. */
  output(): string;
  /** SIGTERM, then waits for it to exit (SIGKILL after 10 s). */
  stop(): Promise<void>;
}

/**
 * The store as production runs it (`node apps/server/dist/main.js`: migrations, seed, listen) in
 * a process of its own. Resolves once `/status` answers.
 */
export async function startStoreProcess(env: Record<string, string>, port: number, timeoutMs = 90_000): Promise<StoreProcess> {
  const child = spawn(process.execPath, [MAIN], {
    cwd: ROOT,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', HOST: '127.0.0.1', PORT: String(port), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const store: StoreProcess = { port, output: () => output, stop: () => stopChild(child, exited) };
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    if (child.exitCode !== null) throw new Error(`the store on port ${port} exited with ${child.exitCode}:\n${output}`);
    if (await answers(port)) return store;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  await store.stop();
  throw new Error(`the store on port ${port} did not answer within ${timeoutMs} ms:\n${output}`);
}

async function stopChild(child: ChildProcess, exited: Promise<void>) {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(killer);
}

function answers(port: number) {
  return new Promise<boolean>((resolve) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/status', timeout: 1_000 }, (response) => {
      response.resume();
      resolve(response.statusCode === 200);
    });
    request.on('error', () => resolve(false));
    request.on('timeout', () => request.destroy());
  });
}

/**
 * A reverse proxy in front of the stores, like a load balancer without sticky sessions: each
 * request goes to the next store in turn. It appends the client's address to X-Forwarded-For.
 */
export async function startRoundRobinProxy(port: number, upstreamPorts: number[]) {
  let next = 0;
  const served = new Map<number, number>(upstreamPorts.map((upstream) => [upstream, 0]));
  const server = http.createServer((request, response) => {
    const upstream = upstreamPorts[next++ % upstreamPorts.length]!;
    served.set(upstream, served.get(upstream)! + 1);
    const forwardedFor = [request.headers['x-forwarded-for'], request.socket.remoteAddress].filter(Boolean).join(', ');
    const outgoing = http.request(
      { host: '127.0.0.1', port: upstream, method: request.method, path: request.url, headers: { ...request.headers, 'x-forwarded-for': forwardedFor } },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      },
    );
    outgoing.on('error', () => {
      response.writeHead(502);
      response.end();
    });
    request.pipe(outgoing);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    /** How many requests each store was sent. */
    served,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface HttpAnswer {
  statusCode: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  cookies: Array<{ name: string; value: string; path?: string; expires?: Date; maxAge?: number }>;
  json(): Record<string, unknown>;
}

export interface HttpRequest {
  method?: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | object;
  /** The client address the store should see (sent as X-Forwarded-For; the stores trust the proxy). */
  remoteAddress?: string;
}

/**
 * Real HTTP with `app.inject`'s shape, so the helpers written for `inject` (the identity
 * provider's browser) can drive the stores through the proxy.
 */
export function httpClient(port: number, defaults: { host: string }) {
  const inject = (options: HttpRequest | string): Promise<HttpAnswer> => {
    const { method = 'GET', url, headers = {}, payload, remoteAddress } = typeof options === 'string' ? { url: options } : options;
    const body = payload === undefined ? undefined : typeof payload === 'string' ? payload : JSON.stringify(payload);
    const sent: Record<string, string> = { host: defaults.host, ...headers };
    if (body !== undefined && !Object.keys(sent).some((name) => name.toLowerCase() === 'content-type')) sent['content-type'] = 'application/json';
    if (remoteAddress) sent['x-forwarded-for'] = remoteAddress;
    for (const [name, value] of Object.entries(sent)) if (value === '') delete sent[name];
    return new Promise((resolve, reject) => {
      const request = http.request({ host: '127.0.0.1', port, method, path: url, headers: sent }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (chunk: string) => (text += chunk));
        response.on('end', () =>
          resolve({
            statusCode: response.statusCode ?? 0,
            headers: response.headers,
            body: text,
            cookies: (response.headers['set-cookie'] ?? []).map(parseSetCookie),
            json: () => JSON.parse(text),
          }),
        );
      });
      request.on('error', reject);
      request.end(body);
    });
  };
  return { inject };
}

function parseSetCookie(header: string): HttpAnswer['cookies'][number] {
  const [pair = '', ...attributes] = header.split(';').map((part) => part.trim());
  const equals = pair.indexOf('=');
  const cookie: HttpAnswer['cookies'][number] = { name: pair.slice(0, equals), value: pair.slice(equals + 1) };
  for (const attribute of attributes) {
    const [name = '', value = ''] = attribute.split('=');
    if (name.toLowerCase() === 'path') cookie.path = value;
    if (name.toLowerCase() === 'expires') cookie.expires = new Date(value);
    if (name.toLowerCase() === 'max-age') cookie.maxAge = Number(value);
  }
  return cookie;
}
