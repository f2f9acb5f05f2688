import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, killSpawned, portIsFree, root, startStore } from '../support/store-process';

/** `KEY=value` settings, from Dockerfile `ENV` lines or systemd `Environment=` lines. */
function settings(assignments: string[]): Record<string, string> {
  return Object.fromEntries(assignments.flatMap((line) => line.trim().split(/\s+/)).map((pair) => pair.split(/=(.*)/s).slice(0, 2) as [string, string]));
}

/** The store as the file describes it, on this machine: a fresh DATA_DIR and a free port on loopback. */
async function runAsDescribed(command: string[], env: Record<string, string>, stopSignal: NodeJS.Signals) {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-deploy-'));
  try {
    const port = String(await freePort());
    const store = await startStore(command[0]!, command.slice(1), { ...env, HOST: '127.0.0.1', PORT: port, DATA_DIR: dataDir });
    process.kill(store.child.pid!, stopSignal);
    expect(await store.exited).toBe(0);
    expect(await portIsFree(Number(port))).toBe(true);
  } finally {
    killSpawned();
    await rm(dataDir, { recursive: true, force: true });
  }
}

test.describe('the deployment examples start the store with the documented command', () => {
  test('Dockerfile: Node 20 on Debian, a non-root user, DATA_DIR on a volume, the store itself as the main process', async () => {
    test.setTimeout(120_000);
    const dockerfile = await readFile(path.join(root, 'Dockerfile'), 'utf8');
    const instructions = dockerfile.split('\n').filter((line) => /^[A-Z]+ /.test(line));
    const get = (name: string) => instructions.filter((line) => line.startsWith(`${name} `)).map((line) => line.slice(name.length + 1));
    expect(get('FROM')).toEqual(['node:20-bookworm-slim']);
    expect(get('USER')).toEqual(['node']);
    expect(get('VOLUME')).toEqual(['/data']);
    const env = settings(get('ENV'));
    expect(env).toMatchObject({ DATA_DIR: '/data', HOST: '0.0.0.0' });
    const [cmd] = get('CMD');
    const command = JSON.parse(cmd!) as string[];
    expect(command).toEqual(['node', 'apps/server/dist/main.js']);
    expect(get('STOPSIGNAL')).toEqual(['SIGTERM']);

    // Docker is not available to the tests: the image's command runs here, on loopback instead of the container's 0.0.0.0.
    await runAsDescribed([process.execPath, ...command.slice(1)], env, 'SIGTERM');
  });

  test('systemd unit: ExecStart with its Environment lines serves /status and stops on its KillSignal', async () => {
    test.setTimeout(120_000);
    const unit = await readFile(path.join(root, 'deploy', 'songwish.service'), 'utf8');
    const values = (key: string) =>
      unit
        .split('\n')
        .filter((line) => line.startsWith(`${key}=`))
        .map((line) => line.slice(key.length + 1));
    const [execStart] = values('ExecStart');
    const command = execStart!.split(/\s+/);
    expect(command).toEqual(['/usr/bin/node', 'apps/server/dist/main.js']);
    expect(values('WorkingDirectory')).toEqual(['/opt/songwish']);
    const env = settings(values('Environment'));
    expect(env).toMatchObject({ HOST: '127.0.0.1', DATA_DIR: '/var/lib/songwish' });
    expect(values('StateDirectory')).toEqual(['songwish']);

    // The repository stands in for /opt/songwish, and this machine's node for /usr/bin/node.
    await runAsDescribed([process.execPath, ...command.slice(1)], env, values('KillSignal')[0] as NodeJS.Signals);
  });
});
