import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/content', 'packages/licensing-client', 'apps/server', 'apps/web'],
    // Vitest's default leaves a core idle (cores − 1): on the 2-core CI machine that is one worker.
    // The API tests spend much of their time waiting on a database, so a worker per core is faster.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
  },
});
