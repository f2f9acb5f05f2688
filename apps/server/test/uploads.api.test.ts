import { createHash, randomBytes } from 'node:crypto';
import { readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { uploadMetadata } from '@store/contracts/admin';
import { Upload as TusUpload } from 'tus-js-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents, productFiles, uploads } from '../src/db/schema';
import { rasteriseSvgToWebp } from '../src/lib/webp-raster';
import { ADMIN_EMAIL, accessTokenFor } from './admin-fixtures';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { buildSecondApp, createTestApp, SHARED_SEED_DIR, TEST_ENGINES, type TestApp } from './helpers';
import { draftVersion, listen, patchOverSocket, patternStream, tusClient, UPLOADS_URL, uploadIdOf } from './upload-fixtures';

const MiB = 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const filesDir = path.join(SHARED_SEED_DIR, 'files');

describe.each(TEST_ENGINES)('resumable uploads on %s', (engine) => {
  let t: TestApp;
  let token: string;
  let otherToken: string;
  let tus: ReturnType<typeof tusClient>;
  const written: string[] = [];
  let listening: Promise<string> | undefined;
  const base = () => (listening ??= listen(t.app));

  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: `${ADMIN_EMAIL},second@example.com`, RATE_LIMIT_MAX: '100000' } });
    [token, otherToken] = await Promise.all([accessTokenFor(t, ADMIN_EMAIL), accessTokenFor(t, 'second@example.com')]);
    tus = tusClient(t.app, token);
  });
  afterAll(async () => {
    await t?.close();
    await Promise.all(written.map((key) => rm(path.join(filesDir, key), { force: true })));
  });

  /** Creates an upload and returns its id. */
  async function start(size: number, metadata: Record<string, string | number>, client = tus) {
    const created = await client.create(size, metadata);
    expect(created.statusCode, created.body).toBe(201);
    return uploadIdOf(created.headers.location);
  }

  /** HEAD's offset once the server has stored what reached it before a dropped connection. */
  async function settledOffset(id: string) {
    let previous = -1;
    for (let attempt = 0; attempt < 50; attempt++) {
      const head = await tus.head(id);
      expect(head.statusCode).toBe(200);
      const offset = Number(head.headers['upload-offset']);
      if (offset === previous) return offset;
      previous = offset;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error('the offset never settled');
  }

  it('resumes a release file after a dropped connection and turns it into the version’s file, with its SHA-256, size and audit record', async () => {
    const release = await draftVersion(t);
    const bytes = randomBytes(3 * MiB);
    const id = await start(bytes.length, { purpose: 'release-file', filename: 'Pad Mapper.zip', ...release, os: 'mac', format: 'zip' });
    expect(await t.database.db.select().from(uploads).where(eq(uploads.id, id))).toEqual([
      expect.objectContaining({ owner: ADMIN_EMAIL, purpose: 'release-file', sizeBytes: bytes.length, receivedBytes: 0, status: 'receiving' }),
    ]);

    const first = await tus.patch(id, 0, bytes.subarray(0, MiB));
    expect(first.statusCode).toBe(204);
    expect(first.headers['upload-offset']).toBe(String(MiB));

    // The connection drops 700 KB into the second PATCH: what arrived is kept.
    const dropped = await patchOverSocket(await base(), token, id, MiB, streamOf(bytes.subarray(MiB)), 700 * 1024);
    expect(dropped).toBe('dropped');
    const offset = await settledOffset(id);
    expect(offset).toBeGreaterThan(MiB);
    expect(offset).toBeLessThan(bytes.length);

    const last = await tus.patch(id, offset, bytes.subarray(offset));
    expect(last.statusCode).toBe(204);
    expect(last.headers['upload-offset']).toBe(String(bytes.length));
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'complete', receivedBytes: bytes.length, sha256: sha256(bytes) });

    const completed = await tus.complete(id);
    expect(completed.statusCode, completed.body).toBe(200);
    const { file } = completed.json();
    expect(file).toEqual({ id: expect.any(Number), os: 'mac', format: 'zip', filename: 'Pad Mapper.zip', sizeBytes: bytes.length, sha256: sha256(bytes) });

    const storageKey = `${release.productPath}/${release.version}/Pad Mapper.zip`;
    written.push(storageKey);
    const [fileRow] = await t.database.db.select().from(productFiles).where(eq(productFiles.id, file.id));
    expect(fileRow).toMatchObject({ versionId: release.versionId, storageKey, sizeBytes: bytes.length, sha256: sha256(bytes) });
    expect(sha256(await readFile(path.join(filesDir, storageKey)))).toBe(sha256(bytes));
    const [event] = await t.database.db.select().from(auditEvents).where(eq(auditEvents.subjectType, 'release-file'));
    expect(event).toMatchObject({ actor: ADMIN_EMAIL, action: 'release-file.upload', subjectId: String(file.id), before: null });
    // The upload is gone: its row, and its bytes in DATA_DIR/uploads.
    expect(await t.database.db.$count(uploads, eq(uploads.id, id))).toBe(0);
    expect((await readdir(path.join(t.dataDir, 'uploads'))).filter((name) => name.startsWith(id))).toEqual([]);
    expect((await tus.complete(id)).statusCode).toBe(404);
  });

  it('rebuilds the running hash from the stored bytes when another process takes the next PATCH', async () => {
    const release = await draftVersion(t);
    const bytes = randomBytes(2 * MiB + 123);
    const id = await start(bytes.length, { purpose: 'release-file', filename: 'Pad Mapper.exe', ...release, os: 'windows', format: 'standalone' });
    expect((await tus.patch(id, 0, bytes.subarray(0, MiB))).statusCode).toBe(204);
    const second = await buildSecondApp(t, { filesDir });
    try {
      await second.ready();
      expect((await tusClient(second, token).patch(id, MiB, bytes.subarray(MiB))).statusCode).toBe(204);
    } finally {
      await second.close();
    }
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]).toMatchObject({ status: 'complete', sha256: sha256(bytes) });
    expect((await tus.remove(id)).statusCode).toBe(204);
  });

  it('saves nothing when the bytes cannot be moved into the file storage, and the upload can be completed later', async () => {
    const release = await draftVersion(t);
    const id = await start(5, { purpose: 'release-file', filename: 'Loop Kit.dmg', ...release, os: 'mac', format: 'standalone' });
    expect((await tus.patch(id, 0, Buffer.from('hello'))).statusCode).toBe(204);
    const received = path.join(t.dataDir, 'uploads', id);
    const aside = `${received}.aside`;
    await rename(received, aside);
    const events = await t.database.db.$count(auditEvents);
    expect((await tus.complete(id)).statusCode).toBe(500);
    expect(await t.database.db.$count(productFiles, eq(productFiles.versionId, release.versionId))).toBe(0);
    expect(await t.database.db.$count(auditEvents)).toBe(events);
    await rename(aside, received);
    expect((await tus.complete(id)).statusCode).toBe(200);
    written.push(`${release.productPath}/${release.version}/Loop Kit.dmg`);
    expect(await t.database.db.$count(productFiles, eq(productFiles.versionId, release.versionId))).toBe(1);
  });

  it('works with the tus client the web app uses, chunk by chunk', async () => {
    const release = await draftVersion(t);
    const bytes = randomBytes(2 * MiB + 5);
    const url = await base();
    const progress: number[] = [];
    const location = await new Promise<string>((resolve, reject) => {
      const upload = new TusUpload(bytes, {
        endpoint: `${url}${UPLOADS_URL}`,
        chunkSize: MiB,
        headers: { authorization: `Bearer ${token}` },
        metadata: uploadMetadata(
          'release-file',
          { productId: release.productId, versionId: release.versionId, os: 'linux', format: 'other' },
          { name: 'Loop Kit.tar.gz', type: '' },
        ),
        onProgress: (sent) => progress.push(sent),
        onSuccess: () => resolve(upload.url!),
        onError: reject,
      });
      upload.start();
    });
    expect(progress.at(-1)).toBe(bytes.length);
    const completed = await tus.complete(uploadIdOf(location));
    expect(completed.json().file).toMatchObject({ filename: 'Loop Kit.tar.gz', sizeBytes: bytes.length, sha256: sha256(bytes) });
    written.push(`${release.productPath}/${release.version}/Loop Kit.tar.gz`);
  });

  it('answers tus requests with the store’s headers: no caching, and CORS only for the configured origins', async () => {
    const release = await draftVersion(t);
    const id = await start(3, { purpose: 'product-media', filename: 'Demo.ogg', productId: release.productId });
    const head = await t.app.inject({
      method: 'HEAD',
      url: `${UPLOADS_URL}/${id}`,
      headers: { authorization: `Bearer ${token}`, 'tus-resumable': '1.0.0', origin: 'https://elsewhere.example' },
    });
    expect(head.headers['cache-control']).toBe('no-store');
    expect(head.headers['access-control-allow-origin']).toBeUndefined();
    expect((await tus.remove(id)).statusCode).toBe(204);
  });

  it('sweeps an upload not completed within 24 hours, its record and its bytes, and refuses to continue it', async () => {
    const { productId } = await draftVersion(t);
    const id = await start(10, { purpose: 'product-media', filename: 'Old.mp3', productId });
    expect((await tus.patch(id, 0, Buffer.from('ID3'))).statusCode).toBe(204);
    await t.database.db
      .update(uploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(uploads.id, id));
    expect((await tus.patch(id, 3, Buffer.from('x'))).statusCode).toBe(410);
    // A store starting up sweeps at once (then hourly).
    const restarted = await buildSecondApp(t, { filesDir });
    await restarted.ready();
    try {
      await expect.poll(() => t.database.db.$count(uploads, eq(uploads.id, id))).toBe(0);
      expect((await readdir(path.join(t.dataDir, 'uploads'))).filter((name) => name.startsWith(id))).toEqual([]);
    } finally {
      await restarted.close();
    }
  });

  it('lets a PATCH take longer than the server’s request timeout (a slow uplink sends each chunk for minutes)', async () => {
    const { productId } = await draftVersion(t);
    const size = 40 * 16 * 1024;
    const id = await start(size, { purpose: 'product-media', filename: 'Slow.mp4', productId });
    const slow = await buildSecondApp(t, { filesDir, serverTimeouts: { requestMs: 1000, checkMs: 100 } });
    try {
      const url = await listen(slow);
      // 16 KB every 100 ms for 4 s: four times the 1 s a request may take.
      let sent = 0;
      const trickle = new Readable({ read() {} });
      const timer = setInterval(() => {
        trickle.push(Buffer.alloc(16 * 1024, 1));
        sent += 16 * 1024;
        if (sent >= size) {
          clearInterval(timer);
          trickle.push(null);
        }
      }, 100);
      const started = Date.now();
      expect(await patchOverSocket(url, token, id, 0, trickle, undefined, size)).toBe(204);
      expect(Date.now() - started).toBeGreaterThan(3000);
    } finally {
      await slow.close();
    }
    expect((await t.database.db.select().from(uploads).where(eq(uploads.id, id)))[0]).toMatchObject({ status: 'complete', receivedBytes: size });
    expect((await tus.remove(id)).statusCode).toBe(204);
  });

  it('replaces the version’s file for the same OS and format, recording the file it replaced', async () => {
    const release = await draftVersion(t);
    const target = { purpose: 'release-file', ...release, os: 'windows', format: 'vst3' } as const;
    for (const [name, content] of [
      ['Loop Kit.zip', 'first build'],
      ['Loop Kit 2.zip', 'second build'],
    ] as const) {
      const id = await start(content.length, { ...target, filename: name });
      expect((await tus.patch(id, 0, Buffer.from(content))).statusCode).toBe(204);
      expect((await tus.complete(id)).statusCode).toBe(200);
      written.push(`${release.productPath}/${release.version}/${name}`);
    }
    const rows = await t.database.db.select().from(productFiles).where(eq(productFiles.versionId, release.versionId));
    expect(rows).toEqual([expect.objectContaining({ os: 'windows', format: 'vst3', filename: 'Loop Kit 2.zip', sha256: sha256(Buffer.from('second build')) })]);
    const events = await t.database.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.subjectType, 'release-file'), eq(auditEvents.subjectId, String(rows[0]!.id))))
      .orderBy(auditEvents.id);
    expect(events.map((event) => [event.before?.filename ?? null, event.after?.filename])).toEqual([
      [null, 'Loop Kit.zip'],
      ['Loop Kit.zip', 'Loop Kit 2.zip'],
    ]);
  });

  it('refuses a new upload whose metadata or target is wrong, before any byte is sent, and records nothing', async () => {
    const release = await draftVersion(t);
    const before = await t.database.db.$count(uploads);
    const badOs = await tus.create(10, { purpose: 'release-file', filename: 'x.zip', ...release, os: 'beos', format: 'zip' });
    expect(badOs.statusCode).toBe(400);
    expect(JSON.parse(badOs.body)).toMatchObject({
      message: expect.stringContaining('os: must be one of mac, windows, linux, any'),
      fields: { os: expect.any(String) },
    });
    const badName = await tus.create(10, { purpose: 'release-file', filename: '../etc/passwd', ...release, os: 'mac', format: 'zip' });
    expect(badName.statusCode).toBe(400);
    expect(JSON.parse(badName.body).fields).toEqual({ filename: expect.stringContaining('no folders') });
    const badPurpose = await tus.create(10, { purpose: 'avatar', filename: 'x.png' });
    expect(badPurpose.statusCode).toBe(400);
    const noVersion = await tus.create(10, {
      purpose: 'release-file',
      filename: 'x.zip',
      productId: release.productId,
      versionId: 999_999,
      os: 'mac',
      format: 'zip',
    });
    expect(noVersion.statusCode).toBe(404);
    expect(JSON.parse(noVersion.body).message).toContain('has no version 999999');
    const empty = await tus.create(0, { purpose: 'product-media', filename: 'x.png', productId: release.productId });
    expect(empty.statusCode).toBe(400);
    expect(await t.database.db.$count(uploads)).toBe(before);
  });

  it('lets only the administrator who started an upload continue, complete or cancel it', async () => {
    const release = await draftVersion(t);
    const id = await start(4, { purpose: 'product-media', filename: 'Demo.wav', productId: release.productId });
    const other = tusClient(t.app, otherToken);
    const patched = await other.patch(id, 0, Buffer.from('RIFF'));
    expect(patched.statusCode).toBe(403);
    expect(patched.json().message).toContain(ADMIN_EMAIL);
    expect((await other.head(id)).statusCode).toBe(403);
    expect((await other.complete(id)).statusCode).toBe(403);
    expect((await other.remove(id)).statusCode).toBe(403);
    expect(Number((await tus.head(id)).headers['upload-offset'])).toBe(0);
    // Completing before the last byte has arrived says how far it got.
    const early = await tus.complete(id);
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toContain('0 of 4 bytes');
    // The owner cancels it: the row and the bytes go.
    expect((await tus.remove(id)).statusCode).toBe(204);
    expect(await t.database.db.$count(uploads, eq(uploads.id, id))).toBe(0);
  });

  it('turns an image into the WebP renditions covers are served in, without changing the product', async () => {
    const { productId } = await draftVersion(t);
    const png = await readFile(path.resolve(import.meta.dirname, '../../web/public/og-image.png'));
    const id = await start(png.length, { purpose: 'product-media', filename: 'pad-mapper_screen.png', contentType: 'image/png', productId });
    expect((await tus.patch(id, 0, png)).statusCode).toBe(204);
    const completed = await tus.complete(id);
    expect(completed.statusCode, completed.body).toBe(200);
    const { mediaItem } = completed.json();
    expect(mediaItem).toMatchObject({ kind: 'image', title: 'pad mapper screen', width: 800, height: expect.any(Number) });
    expect(mediaItem.variants.map((variant: { width: number }) => variant.width)).toEqual([400, 600, 800]);
    expect(mediaItem.src).toMatch(new RegExp(`^/media/uploads/${productId}/pad-mapper-screen-[0-9a-f]{8}\\.800\\.webp$`));
    const served = await t.app.inject({ method: 'GET', url: mediaItem.variants[0].src });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.subarray(8, 12).toString('ascii')).toBe('WEBP');
    expect(await t.database.db.$count(auditEvents, eq(auditEvents.action, 'product-media.upload'))).toBe(1);
  });

  it('decodes a WebP and keeps audio as it is', async () => {
    const { productId } = await draftVersion(t);
    const [webp] = await rasteriseSvgToWebp(
      '<svg xmlns="http://www.w3.org/2000/svg" width="500" height="250"><rect width="500" height="250" fill="teal"/></svg>',
      [500],
    );
    const imageId = await start(webp!.webp.length, { purpose: 'product-media', filename: 'Banner.webp', productId });
    expect((await tus.patch(imageId, 0, webp!.webp)).statusCode).toBe(204);
    const image = (await tus.complete(imageId)).json().mediaItem;
    expect(image).toMatchObject({ kind: 'image', width: 400, height: 200, variants: [{ width: 400 }] });

    const wav = Buffer.concat([Buffer.from('RIFF'), Buffer.alloc(4), Buffer.from('WAVEfmt '), randomBytes(100)]);
    const audioId = await start(wav.length, { purpose: 'product-media', filename: 'Loop Kit demo.wav', productId });
    expect((await tus.patch(audioId, 0, wav)).statusCode).toBe(204);
    const audio = (await tus.complete(audioId)).json().mediaItem;
    expect(audio).toEqual({ kind: 'audio', src: expect.stringMatching(/\.wav$/), title: 'Loop Kit demo' });
    expect((await t.app.inject({ method: 'GET', url: audio.src })).rawPayload.equals(wav)).toBe(true);
  });

  it('refuses a file that is not an image though it is named like one, and writes nothing', async () => {
    const { productId } = await draftVersion(t);
    const text = Buffer.from('just some notes, not a picture at all');
    const id = await start(text.length, { purpose: 'product-media', filename: 'cover.png', contentType: 'image/png', productId });
    expect((await tus.patch(id, 0, text)).statusCode).toBe(204);
    const events = await t.database.db.$count(auditEvents);
    const folder = path.join(t.dataDir, 'media', 'uploads', String(productId));
    const filesBefore = await readdir(folder).catch(() => []);
    const refused = await tus.complete(id);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe('This file is not a JPEG, PNG, WebP or GIF image');
    expect(await readdir(folder).catch(() => [])).toEqual(filesBefore);
    expect(await t.database.db.$count(auditEvents)).toBe(events);
    expect(await t.database.db.$count(uploads, eq(uploads.id, id))).toBe(0);
  });

  it('streams 200 MB through without holding it in memory, hashing it on the way', async () => {
    const { productId } = await draftVersion(t);
    const size = 200 * MiB;
    const id = await start(size, { purpose: 'product-media', filename: 'Walkthrough.mp4', productId });
    const url = await base();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    const expected = createHash('sha256');
    for await (const chunk of patternStream(size)) expected.update(chunk as Buffer);
    // One PATCH of all of it: a server that buffered a body would hold 200 MB at once.
    expect(await patchOverSocket(url, token, id, 0, patternStream(size))).toBe(204);
    clearInterval(sampler);
    expect(peak - rssBefore).toBeLessThan(64 * MiB);
    const [row] = await t.database.db.select().from(uploads).where(eq(uploads.id, id));
    expect(row).toMatchObject({ status: 'complete', sha256: expected.digest('hex') });
    expect((await tus.remove(id)).statusCode).toBe(204);
  }, 60_000);

  it('gives the limit to the client', async () => {
    expect((await t.app.inject({ method: 'GET', url: `${UPLOADS_URL}/limits`, headers: { authorization: `Bearer ${token}` } })).json()).toEqual({
      maxBytes: 2 * 1024 ** 3,
    });
  });
});

describe.each(TEST_ENGINES)('upload limits on %s', (engine) => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp(engine, { env: { ADMIN_EMAILS: ADMIN_EMAIL, UPLOAD_MAX_BYTES: String(MiB) } });
    token = await accessTokenFor(t, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses an upload over UPLOAD_MAX_BYTES with 413 and says what the limit is', async () => {
    const { productId } = await draftVersion(t);
    const refused = await tusClient(t.app, token).create(MiB + 1, { purpose: 'product-media', filename: 'Big.mp4', productId });
    expect(refused.statusCode).toBe(413);
    expect(JSON.parse(refused.body).message).toBe(
      'This file is larger than the store accepts: the limit is 1 MB (UPLOAD_MAX_BYTES). Make the file smaller, or raise UPLOAD_MAX_BYTES and restart the store.',
    );
    expect(await t.database.db.$count(uploads)).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `${UPLOADS_URL}/limits`, headers: { authorization: `Bearer ${token}` } })).json()).toEqual({
      maxBytes: MiB,
    });
  });
});

describe.each(TEST_ENGINES)('resumable uploads into an S3-compatible bucket on %s', (engine) => {
  const BUCKET = 'songwish-uploads';
  let s3: FakeS3;
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    s3 = await startFakeS3({ bucket: BUCKET, region: 'eu-central-1', accessKeyId: 'TESTACCESSKEY123', secretAccessKey: 'test-secret-access-key-0123456789' });
    t = await createTestApp(engine, {
      env: {
        ADMIN_EMAILS: ADMIN_EMAIL,
        STORAGE_DRIVER: 's3',
        S3_BUCKET: BUCKET,
        S3_REGION: 'eu-central-1',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_ACCESS_KEY_ID: 'TESTACCESSKEY123',
        S3_SECRET_ACCESS_KEY: 'test-secret-access-key-0123456789',
      },
    });
    token = await accessTokenFor(t, ADMIN_EMAIL);
  });
  afterAll(async () => {
    await t?.close();
    await s3?.close();
  });

  it('sends the bytes as multipart parts, resumes, and copies the finished file to its storage key', async () => {
    const tus = tusClient(t.app, token);
    const release = await draftVersion(t);
    const bytes = randomBytes(13 * MiB);
    const created = await tus.create(bytes.length, { purpose: 'release-file', filename: 'Pad Mapper.pkg', ...release, os: 'mac', format: 'standalone' });
    expect(created.statusCode, created.body).toBe(201);
    const id = uploadIdOf(created.headers.location);
    // 10 MiB: one 8 MiB part, and 2 MiB kept aside until the next PATCH makes a part of it.
    expect((await tus.patch(id, 0, bytes.subarray(0, 10 * MiB))).statusCode).toBe(204);
    expect(Number((await tus.head(id)).headers['upload-offset'])).toBe(10 * MiB);
    expect([...s3.multipart.values()][0]?.parts.size).toBe(1);
    const last = await tus.patch(id, 10 * MiB, bytes.subarray(10 * MiB));
    expect(last.statusCode, last.body).toBe(204);
    expect(s3.requests.some((request) => request.verdict === 'complete-multipart')).toBe(true);

    const completed = await tus.complete(id);
    expect(completed.statusCode, completed.body).toBe(200);
    expect(completed.json().file).toMatchObject({ sizeBytes: bytes.length, sha256: sha256(bytes) });
    const storageKey = `${release.productPath}/${release.version}/Pad Mapper.pkg`;
    expect(sha256(s3.objects.get(storageKey)!)).toBe(sha256(bytes));
    // Only the file is left: the upload's object, its .info and any .part are deleted.
    expect([...s3.objects.keys()].filter((key) => key.startsWith(id))).toEqual([]);
  });

  it('reads a finished media upload back from the bucket into the media folder, and deletes it there', async () => {
    const tus = tusClient(t.app, token);
    const { productId } = await draftVersion(t);
    const flac = Buffer.concat([Buffer.from('fLaC'), randomBytes(2000)]);
    const created = await tus.create(flac.length, { purpose: 'product-media', filename: 'Loop Kit preview.flac', productId });
    const id = uploadIdOf(created.headers.location);
    expect((await tus.patch(id, 0, flac)).statusCode).toBe(204);
    const completed = await tus.complete(id);
    expect(completed.statusCode, completed.body).toBe(200);
    const { mediaItem } = completed.json();
    expect(mediaItem).toMatchObject({ kind: 'audio', title: 'Loop Kit preview' });
    expect((await t.app.inject({ method: 'GET', url: mediaItem.src })).rawPayload.equals(flac)).toBe(true);
    expect([...s3.objects.keys()].filter((key) => key.startsWith(id))).toEqual([]);
  });
});

/** A stream of `bytes`, in 64 KB chunks (as a socket delivers them). */
function streamOf(bytes: Uint8Array) {
  const chunks: Buffer[] = [];
  for (let at = 0; at < bytes.length; at += 64 * 1024) chunks.push(Buffer.from(bytes.subarray(at, at + 64 * 1024)));
  return Readable.from(chunks);
}
