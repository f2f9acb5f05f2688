// Starting the built store as an operator would (npm start, the documented command, a service manager), and checking its port.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { expect } from '@playwright/test';

export const root = path.resolve(import.meta.dirname, '..', '..');

/** A port nothing listens on right now, so parallel runs of the suite never share one. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** True when a new listener can bind the port: the store that had it let it go. */
export async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  const bound = await new Promise<boolean>((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => resolve(true));
  });
  if (bound) await new Promise((resolve) => server.close(resolve));
  return bound;
}

export interface Started {
  child: ChildProcess;
  exited: Promise<number | null>;
  output: () => string;
}

/** Spawns a command in its own process group (as a terminal, systemd or Docker runs it) and waits until /status answers. */
export async function startStore(command: string, args: string[], env: Record<string, string>): Promise<Started> {
  const child = spawn(command, args, {
    cwd: root,
    detached: true,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  spawned.add(child);
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let stopped = false;
  void exited.then(() => (stopped = true));
  await expect
    .poll(
      async () => {
        if (stopped) throw new Error(`${command} exited before it was ready:\n${output}`);
        return fetch(`http://127.0.0.1:${env.PORT}/status`).then(
          (response) => response.status,
          () => 0,
        );
      },
      { timeout: 90_000, intervals: [250] },
    )
    .toBe(200);
  return { child, exited, output: () => output };
}

/** Every process a test started, killed in afterEach: a timed-out test does not run its own clean-up. */
export const spawned = new Set<ChildProcess>();

/** Kills every process group a test started, including a node that outlived npm. */
export function killSpawned() {
  for (const child of spawned) {
    try {
      process.kill(-child.pid!, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  spawned.clear();
}
