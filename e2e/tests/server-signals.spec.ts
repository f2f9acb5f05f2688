import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { freePort, killSpawned, portIsFree, root, spawned, startStore } from '../support/store-process';

test.describe('stopping the store with a signal', () => {
  let dataDir: string;
  test.beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'songwish-signals-'));
  });
  test.afterEach(async () => {
    killSpawned();
    await rm(dataDir, { recursive: true, force: true });
  });

  for (const [label, signal, toGroup] of [
    ['SIGTERM to the process npm start reports', 'SIGTERM', false],
    ['SIGINT to npm start’s process group (Ctrl-C)', 'SIGINT', true],
  ] as const) {
    test(`npm start: ${label} stops the store, frees the port and the lock`, async () => {
      test.setTimeout(180_000);
      const port = String(await freePort());
      const store = await startStore('npm', ['start'], { PORT: port, DATA_DIR: dataDir });
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(true);
      process.kill(toGroup ? -store.child.pid! : store.child.pid!, signal);
      await store.exited;
      expect(await portIsFree(Number(port)), `the port is still held after npm exited:\n${store.output()}`).toBe(true);
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);

      const again = await startStore(process.execPath, ['apps/server/dist/main.js'], { PORT: port, DATA_DIR: dataDir });
      process.kill(again.child.pid!, 'SIGTERM');
      expect(await again.exited).toBe(0);
    });
  }

  test('one Ctrl-C that arrives twice (the terminal’s and npm’s forwarded copy) closes the store cleanly', async () => {
    test.setTimeout(180_000);
    const port = String(await freePort());
    // A copy landing in the wrong instant is a race: three rounds make a store that loses it fail here.
    for (let round = 1; round <= 3; round += 1) {
      const store = await startStore(process.execPath, ['apps/server/dist/main.js'], { PORT: port, DATA_DIR: dataDir });
      let stopped = false;
      void store.exited.then(() => (stopped = true));
      // Copies keep landing while the store closes: a dense burst for 300 ms, well inside the window for one request.
      for (const startedAt = Date.now(); !stopped && Date.now() - startedAt < 300;) {
        process.kill(store.child.pid!, 'SIGINT');
        await new Promise((resolve) => setImmediate(resolve));
      }
      const code = await store.exited;
      expect({ round, code, signal: store.child.signalCode }, `the store did not close cleanly:\n${store.output()}`).toEqual({ round, code: 0, signal: null });
      expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
    }
  });

  test('the documented command (node apps/server/dist/main.js) stops on SIGTERM; a second store on the same DATA_DIR is refused meanwhile', async () => {
    test.setTimeout(180_000);
    const [port, otherPort] = [String(await freePort()), String(await freePort())];
    const store = await startStore(process.execPath, ['apps/server/dist/main.js'], { PORT: port, DATA_DIR: dataDir });

    const second = spawn(process.execPath, ['apps/server/dist/main.js'], {
      cwd: root,
      detached: true,
      env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', PORT: otherPort, DATA_DIR: dataDir },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    spawned.add(second);
    let refusal = '';
    second.stdout.on('data', (chunk) => (refusal += chunk));
    second.stderr.on('data', (chunk) => (refusal += chunk));
    // Either it exits, or it opens the same PGlite folder and serves: the fault the lock prevents.
    const outcome = await new Promise((resolve) => {
      second.once('exit', (code) => resolve(`exit ${code}`));
      second.stdout.on('data', () => /is ready at/.test(refusal) && resolve('a second store is serving the same DATA_DIR'));
    });
    expect(outcome).toBe('exit 1');
    expect(refusal).toContain(`${dataDir} is in use by process ${store.child.pid}`);
    expect(await portIsFree(Number(otherPort))).toBe(true);

    process.kill(store.child.pid!, 'SIGTERM');
    expect(await store.exited).toBe(0);
    expect(await portIsFree(Number(port))).toBe(true);
    expect(existsSync(path.join(dataDir, 'pglite.lock'))).toBe(false);
  });

  test('a lock left by a killed store is taken over', async () => {
    test.setTimeout(180_000);
    const port = String(await freePort());
    const gone = spawn(process.execPath, ['-e', '']);
    await new Promise((resolve) => gone.once('exit', resolve));
    await writeFile(path.join(dataDir, 'pglite.lock'), `${gone.pid}\n`);
    const store = await startStore(process.execPath, ['apps/server/dist/main.js'], { PORT: port, DATA_DIR: dataDir });
    process.kill(store.child.pid!, 'SIGTERM');
    expect(await store.exited).toBe(0);
  });
});
