import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..', '..');

export interface RunningServer {
  process: ChildProcess;
  url: string;
  output: () => string;
  /** Milliseconds from spawn until the ready line was printed. */
  readyAfterMs: number;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Runs the built store (`apps/server/dist/main.js`) as `npm start` would, and waits for its ready line. */
export async function startBuiltServer(env: Record<string, string>, timeoutMs = 60_000): Promise<RunningServer> {
  const started = Date.now();
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`server not ready after ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const check = () => {
      if (/is ready at/.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', check);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before it was ready:\n${output}`));
    });
  });
  const match = /is ready at (\S+)/.exec(output);
  return {
    process: child,
    url: match?.[1] ?? '',
    output: () => output,
    readyAfterMs: Date.now() - started,
    stop: async (signal = 'SIGTERM') => {
      child.kill(signal);
      return exited;
    },
  };
}

/** Runs the built server expecting it to fail at start; resolves with its exit code and output. */
export async function runFailingStart(env: Record<string, string>) {
  const child = spawn(process.execPath, ['apps/server/dist/main.js'], {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  return { code, output };
}
