import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshSeedMedia } from '../src/modules/catalog/seed/seed-catalog';
import { createTestApp, type TestApp } from './helpers';

// The covers' WebPs are rendered after the store starts serving; their URLs must work before that.
describe('seed cover renditions while they are being rendered', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers a rendition not rendered yet with the SVG, not cached, then with the WebP once rendered', async () => {
    const before = await t.app.inject('/media/covers/remidi-4.600.webp');
    expect(before.statusCode).toBe(200);
    expect(before.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(before.headers['cache-control']).toBe('no-store');
    expect(before.body).toMatch(/^<svg/);

    await refreshSeedMedia(t.database.db, { mediaDir: `${t.dataDir}/media` });
    const after = await t.app.inject('/media/covers/remidi-4.600.webp');
    expect(after.statusCode).toBe(200);
    expect(after.headers['content-type']).toBe('image/webp');
    expect(after.headers['cache-control']).toBe('public, max-age=86400');
    expect(after.rawPayload.subarray(8, 12).toString()).toBe('WEBP');
  });

  it('still answers 404 for a rendition of a cover that does not exist', async () => {
    expect((await t.app.inject('/media/covers/no-such-product.800.webp')).statusCode).toBe(404);
  });
});
