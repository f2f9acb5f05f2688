// Starts the built store for the end-to-end tests on a fresh data directory. With
// E2E_STORE_LOG, the store runs as a child whose log goes to that file, for `npm test` to show
// its errors when end-to-end tests fail (Playwright shows only the store's stderr).
import { spawn } from 'node:child_process';
import { mkdirSync, openSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('songwish-e2e')) throw new Error('DATA_DIR must be the e2e data directory');
rmSync(dataDir, { recursive: true, force: true });
const main = new URL('../apps/server/dist/main.js', import.meta.url);
const logFile = process.env.E2E_STORE_LOG;

if (logFile) {
  mkdirSync(path.dirname(logFile), { recursive: true });
  const store = spawn(process.execPath, [fileURLToPath(main)], { stdio: ['ignore', openSync(logFile, 'w'), 'inherit'] });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => store.kill(signal));
  store.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
} else {
  await import(main.href);
}
