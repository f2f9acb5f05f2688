import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, TEST_ENGINES, type TestApp } from './helpers';

/** Every endpoint answers hostile input with a clear 4xx JSON error, stays up and writes nothing. */
describe.each(TEST_ENGINES)('bad input on %s', (engine) => {
  let t: TestApp;
  let productCount: number;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { RATE_LIMIT_MAX: '100000' } });
    productCount = await countProducts(t);
  });
  afterAll(async () => {
    await t?.close();
  });

  const expectJsonError = (response: { statusCode: number; json: () => unknown }, status: number) => {
    expect(response.statusCode).toBe(status);
    const body = response.json() as { error: unknown; message: unknown };
    expect(typeof body.error).toBe('string');
    expect(typeof body.message).toBe('string');
    expect((body.message as string).length).toBeGreaterThan(0);
  };

  it.each([
    ['uppercase', '/api/products/ReMIDI-4'],
    ['underscore', '/api/products/remidi_4'],
    ['double hyphen', '/api/products/remidi--4'],
    ['unicode letters', `/api/products/${encodeURIComponent('rémïdi-4')}`],
    ['emoji', `/api/products/${encodeURIComponent('🎹')}`],
    ['right-to-left text', `/api/products/${encodeURIComponent('מוצר')}`],
    ['sql', `/api/products/${encodeURIComponent("x' or 1=1--")}`],
    ['overlong path', `/api/products/${'a'.repeat(101)}`],
    ['null byte', '/api/products/remidi%004'],
  ])('GET /api/products/{path} rejects a malformed path (%s) with 400', async (_name, url) => {
    expectJsonError(await t.app.inject(url), 400);
  });

  it('rejects bad percent-encoding with 400', async () => {
    expectJsonError(await t.app.inject('/api/products/%E0%A4%A'), 400);
    expectJsonError(await t.app.inject('/api/products/%'), 400);
  });

  it('answers a very long URL with a 400 that does not repeat it', async () => {
    const response = await t.app.inject(`/api/products/${'a'.repeat(20_000)}`);
    expectJsonError(response, 400);
    expect(response.body.length).toBeLessThan(300);
  });

  it.each([
    ['POST', '/api/products/'],
    ['PUT', '/api/products/remidi-4'],
    ['DELETE', '/api/products/remidi-4'],
    ['POST', '/status'],
  ])('%s %s (no such method) is a JSON 404', async (method, url) => {
    const response = await t.app.inject({
      method: method as 'POST',
      url,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ price: 0 }),
    });
    expectJsonError(response, 404);
  });

  it('rejects an oversized body with 413 before reading it all', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/products/',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ blob: 'x'.repeat(t.config.bodyLimit + 10) }),
    });
    expectJsonError(response, 413);
  });

  it('ignores a body sent with GET and still answers correctly', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/products/remidi-4',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ path: 'remidi-4' });
  });

  it('answers a unicode-laden query string on /status without error', async () => {
    const response = await t.app.inject(`/status?x=${encodeURIComponent('ü🎹\u202e')}`);
    expect(response.statusCode).toBe(200);
  });

  it('unknown API routes are JSON 404s, not the web app', async () => {
    const response = await t.app.inject({ url: '/api/nothing-here', headers: { accept: 'text/html' } });
    expectJsonError(response, 404);
  });

  it('wrote nothing and is still serving', async () => {
    expect(await countProducts(t)).toBe(productCount);
    expect((await t.app.inject('/api/products/')).statusCode).toBe(200);
  });
});

async function countProducts(t: TestApp) {
  const rows = await t.database.db.query.products.findMany({ columns: { id: true } });
  return rows.length;
}
