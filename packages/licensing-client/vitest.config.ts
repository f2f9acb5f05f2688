import { defineProject } from 'vitest/config';

export default defineProject({ test: { name: 'licensing-client', environment: 'node', include: ['src/**/*.test.ts'] } });
