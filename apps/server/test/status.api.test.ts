import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { statusResponseSchema } from '@store/contracts';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

describe.each(TEST_ENGINES)('GET /status on %s', (engine) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(engine, { seed: false });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reports the version, engine and uptime', async () => {
    const response = await t.app.inject('/status');
    expect(response.statusCode).toBe(200);
    const body = statusResponseSchema.parse(response.json());
    expect(body.status).toBe('ok');
    expect(body.database).toBe(engine);
    expect(body.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(response.headers['cache-control']).toBe('no-store');
  });

  it('answers 503 when the database does not answer', async () => {
    await t.database.close();
    const response = await t.app.inject('/status');
    expect(response.statusCode).toBe(503);
    expect(statusResponseSchema.parse(response.json()).status).toBe('unavailable');
  });
});
