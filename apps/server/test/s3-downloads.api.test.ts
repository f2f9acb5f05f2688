import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env';
import { outboxMessages } from '../src/db/schema';
import { createFileStorage } from '../src/modules/files/create-file-storage';
import { createFilesRepository } from '../src/modules/files/files.repository';
import { uploadMissingFiles } from '../src/modules/files/upload-missing-files';
import { PRESIGNED_URL_SECONDS } from '../src/modules/files/s3-file-storage';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { configProblems, createTestApp, SHARED_SEED_DIR, TEST_ENGINES, type TestApp, withTamperedSignature } from './helpers';
import { signInThroughIdp } from './idp-browser';
import { envelope, postWebhook, testOrder } from './webhook-fixtures';

const BUCKET = 'songwish-files';
const CREDENTIALS = { accessKeyId: 'TESTACCESSKEY123', secretAccessKey: 'test-secret-access-key-0123456789' };

/** Records a paid-in-full free order for `email`, as FastSpring's webhook would. */
async function orderFreeProduct(t: TestApp, email: string) {
  const order = envelope(testOrder({ email, items: [{ product: 'sw-free-chord-starter', subtotal: 0 }] }));
  expect((await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, order)).statusCode).toBe(200);
}

async function emailLink(t: TestApp, to: string) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const [mail] = await t.database.db.select().from(outboxMessages).where(eq(outboxMessages.toAddress, to));
    const link = mail && /http:\/\/localhost:8080(\/api\/downloads\/\S+)/.exec(mail.textBody)?.[1];
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`no download link emailed to ${to}`);
}

describe.each(TEST_ENGINES)('downloads from an S3-compatible bucket on %s', (engine) => {
  let s3: FakeS3;
  let t: TestApp;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, region: 'eu-central-1', ...CREDENTIALS });
    t = await createTestApp(engine, {
      env: {
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: CREDENTIALS.accessKeyId,
        S3_SECRET_ACCESS_KEY: CREDENTIALS.secretAccessKey,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  // First: the later tests download what this one put in the bucket (as the start does before serving).
  it('uploads the sold files the bucket lacks at start, once', async () => {
    const keys = await createFilesRepository(t.database.db).listStorageKeys();
    expect(keys.length).toBeGreaterThan(5);
    const storage = await createFileStorage(t.config.storage);
    const first = await uploadMissingFiles(createFilesRepository(t.database.db), storage, path.join(SHARED_SEED_DIR, 'files'));
    expect(first).toEqual({ uploaded: keys, missing: [] });
    expect([...s3.objects.keys()].sort()).toEqual(keys);
    const seeded = s3.objects.get(keys[0]!)!;
    expect(seeded.equals(await readFile(path.join(SHARED_SEED_DIR, 'files', ...keys[0]!.split('/'))))).toBe(true);
    // A restart asks (HeadObject) and uploads nothing again.
    const puts = s3.requests.filter((request) => request.verdict === 'put').length;
    expect(await uploadMissingFiles(createFilesRepository(t.database.db), storage, path.join(SHARED_SEED_DIR, 'files'))).toEqual({ uploaded: [], missing: [] });
    expect(s3.requests.filter((request) => request.verdict === 'put')).toHaveLength(puts);
    // A file in neither place is reported, not invented.
    const empty = await uploadMissingFiles(
      createFilesRepository(t.database.db),
      { ...storage, exists: async () => false },
      path.join(t.dataDir, 'nothing-here'),
    );
    expect(empty.missing).toEqual(keys);
  });

  it('checks the store’s link, then redirects to a short-lived presigned URL that serves the right bytes', async () => {
    const email = 'bucket-buyer@example.com';
    await orderFreeProduct(t, email);
    const link = await emailLink(t, email);

    const answer = await t.app.inject(link);
    expect(answer.statusCode).toBe(302);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    const location = new URL(answer.headers.location as string);
    expect(location.origin).toBe(s3.endpoint);
    expect(location.pathname).toMatch(new RegExp(`^/${BUCKET}/sw-free-chord-starter/[^/]+/[^/]+$`));
    expect(location.searchParams.get('X-Amz-Algorithm')).toBe('AWS4-HMAC-SHA256');
    expect(location.searchParams.get('X-Amz-Expires')).toBe(String(PRESIGNED_URL_SECONDS));
    expect(location.searchParams.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(location.searchParams.get('response-content-disposition')).toMatch(/^attachment; filename="[\w.-]+"$/);

    // What the browser does with the redirect: the bucket checks the signature and sends the file.
    const download = await fetch(location);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${location.pathname.split('/').pop()}"`);
    const bytes = Buffer.from(await download.arrayBuffer());
    expect(createHash('sha256').update(bytes).digest('hex')).toBe(answer.headers['x-content-sha256']);
    expect(s3.requests.at(-1)).toMatchObject({ method: 'GET', verdict: 'presigned-get' });

    // The fake bucket really checks: a presigned URL for another key is refused.
    const otherKey = new URL(location);
    otherKey.pathname = `/${BUCKET}/remidi-4/4.2.1/reMIDI-4-4.2.1-mac.zip`;
    expect((await fetch(otherKey)).status).toBe(403);
    expect(s3.requests.at(-1)!.verdict).toBe('SignatureDoesNotMatch');
  });

  it('still refuses an altered or expired link with 403 (a page for a browser) and never sends it to the bucket', async () => {
    const email = 'bucket-tamper@example.com';
    await orderFreeProduct(t, email);
    const link = await emailLink(t, email);
    const seen = s3.requests.length;
    const tampered = withTamperedSignature(link);
    const refused = await t.app.inject({ url: tampered, headers: { accept: 'text/html' } });
    expect(refused.statusCode).toBe(403);
    expect(refused.headers.location).toBeUndefined();
    expect(refused.body).toContain('This download link is not valid');
    const expired = link.replace(/expires=(\d+)/, 'expires=1000');
    expect((await t.app.inject(expired)).statusCode).toBe(403);
    expect(s3.requests.length).toBe(seen);
  });

  it("reports the bucket as each file's download_source in the account", async () => {
    const email = 'bucket-account@example.com';
    expect(
      (await postWebhook(t.app, t.secrets.FASTSPRING_WEBHOOK_SECRET, envelope(testOrder({ email, items: [{ product: 'remidi-4', subtotal: 79 }] }))))
        .statusCode,
    ).toBe(200);
    const { tokens } = await signInThroughIdp(t, { email, password: 'correct horse battery', signUp: true });
    const account = await t.app.inject({ url: '/api/account', headers: { authorization: `Bearer ${tokens.access_token}` } });
    expect(account.statusCode).toBe(200);
    const files = account.json().orders[0].files as Array<{ download_source: string; file_url: string }>;
    expect(files.length).toBeGreaterThan(0);
    expect(files.every((file) => file.download_source === 's3')).toBe(true);
    expect((await t.app.inject(files[0]!.file_url.replace('http://localhost:8080', ''))).statusCode).toBe(302);
  });
});

describe('S3 settings', () => {
  const s3Env = {
    STORAGE_DRIVER: 's3',
    S3_BUCKET: BUCKET,
    S3_REGION: 'auto',
    S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
    S3_ACCESS_KEY_ID: 'key-id',
    S3_SECRET_ACCESS_KEY: 'secret-key',
  };

  it('reads a complete S3 configuration', () => {
    expect(loadConfig({ ...s3Env, S3_FORCE_PATH_STYLE: 'true' }).storage).toEqual({
      driver: 's3',
      bucket: BUCKET,
      region: 'auto',
      endpoint: 'https://account.r2.cloudflarestorage.com',
      forcePathStyle: true,
      credentials: { accessKeyId: 'key-id', secretAccessKey: 'secret-key' },
    });
    expect(loadConfig({}).storage).toMatchObject({ driver: 'local', dir: expect.stringMatching(/data[/\\]files$/) });
  });

  it('stops the start with a message naming each bad or missing setting', () => {
    expect(configProblems({ STORAGE_DRIVER: 's3' })).toEqual([
      'S3_BUCKET: required when STORAGE_DRIVER is s3',
      "S3_REGION: required when STORAGE_DRIVER is s3 (e.g. 'eu-central-1'; 'auto' for Cloudflare R2)",
    ]);
    expect(configProblems({ ...s3Env, S3_SECRET_ACCESS_KEY: '' })).toEqual([
      expect.stringMatching(/^S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together/),
    ]);
    expect(configProblems({ ...s3Env, S3_ACCESS_KEY_ID: '', S3_SECRET_ACCESS_KEY: '' })).toEqual([
      expect.stringMatching(/^S3_ACCESS_KEY_ID: required with S3_ENDPOINT/),
    ]);
    const bad = configProblems({ ...s3Env, STORAGE_DRIVER: 'ftp', S3_BUCKET: 'Has_Capitals', S3_ENDPOINT: 'minio:9000', S3_FORCE_PATH_STYLE: 'maybe' });
    expect(bad).toEqual([
      expect.stringMatching(/^STORAGE_DRIVER: must be 'local' \(DATA_DIR\/files\) or 's3'/),
      expect.stringMatching(/^S3_BUCKET: must be a bucket name/),
      expect.stringMatching(/^S3_ENDPOINT: must be an http\(s\) URL/),
      expect.stringMatching(/^S3_FORCE_PATH_STYLE: /),
    ]);
    expect(configProblems({ S3_BUCKET: BUCKET })).toEqual([expect.stringMatching(/^STORAGE_DRIVER: set it to s3 to use S3_BUCKET/)]);
  });
});
