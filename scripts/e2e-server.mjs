// Starts the built store for the end-to-end tests on a fresh data directory.
import { rmSync } from 'node:fs';

const dataDir = process.env.DATA_DIR;
if (!dataDir || !dataDir.includes('songwish-e2e')) throw new Error('DATA_DIR must be the e2e data directory');
rmSync(dataDir, { recursive: true, force: true });
await import('../apps/server/dist/main.js');
