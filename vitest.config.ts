import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: ['packages/contracts', 'packages/content', 'packages/licensing-client', 'apps/server', 'apps/web'],
  },
});
