import { request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { productVersions, products } from '../src/db/schema';
import type { TestApp } from './helpers';

export const UPLOADS_URL = '/api/admin/uploads';
const TUS = { 'tus-resumable': '1.0.0' };

/** tus `Upload-Metadata`: `key base64(value)` pairs. */
export const tusMetadata = (pairs: Record<string, string | number>) =>
  Object.entries(pairs)
    .map(([key, value]) => `${key} ${Buffer.from(String(value)).toString('base64')}`)
    .join(',');

/** The tus client's requests, through `app.inject`. */
export function tusClient(app: FastifyInstance, token: string) {
  const auth = { authorization: `Bearer ${token}`, ...TUS };
  return {
    create: (size: number, metadata: Record<string, string | number>) =>
      app.inject({ method: 'POST', url: UPLOADS_URL, headers: { ...auth, 'upload-length': String(size), 'upload-metadata': tusMetadata(metadata) } }),
    head: (id: string) => app.inject({ method: 'HEAD', url: `${UPLOADS_URL}/${id}`, headers: auth }),
    patch: (id: string, offset: number, bytes: Uint8Array) =>
      app.inject({
        method: 'PATCH',
        url: `${UPLOADS_URL}/${id}`,
        headers: { ...auth, 'upload-offset': String(offset), 'content-type': 'application/offset+octet-stream' },
        payload: Buffer.from(bytes),
      }),
    remove: (id: string) => app.inject({ method: 'DELETE', url: `${UPLOADS_URL}/${id}`, headers: auth }),
    complete: (id: string) => app.inject({ method: 'POST', url: `${UPLOADS_URL}/${id}/complete`, headers: { authorization: `Bearer ${token}` } }),
  };
}

/** The upload id in a creation answer's `Location`. */
export const uploadIdOf = (location: unknown) => String(location).split('/').pop()!;

/** A seed product and a new draft version of it, named so no other test's files collide with its files. */
export async function draftVersion(t: TestApp) {
  const [product] = await t.database.db.select({ id: products.id, path: products.path }).from(products).limit(1);
  const version = `0.0.${Date.now()}${Math.floor(Math.random() * 1000)}`;
  const [row] = await t.database.db.insert(productVersions).values({ productId: product!.id, version, releasedAt: new Date() }).returning();
  return { productId: product!.id, productPath: product!.path, versionId: row!.id, version };
}

/** Listens on a free port (for the tests that need a real socket: a dropped connection, a long stream). */
export async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

/**
 * A PATCH over a real socket whose body is `body`; with `dropAfter`, the connection is cut once
 * that many bytes are sent (as a laptop losing its Wi-Fi would), and the promise settles then.
 */
export function patchOverSocket(
  base: string,
  token: string,
  id: string,
  offset: number,
  body: Readable,
  dropAfter?: number,
  /** Sent as `content-length`, as a browser does; without it the body is chunked. */
  length?: number,
): Promise<number | 'dropped'> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}${UPLOADS_URL}/${id}`, {
      method: 'PATCH',
      headers: {
        authorization: `Bearer ${token}`,
        ...TUS,
        'upload-offset': String(offset),
        'content-type': 'application/offset+octet-stream',
        ...(length === undefined ? {} : { 'content-length': String(length) }),
      },
    });
    request.on('response', (response) => {
      response.resume();
      response.on('end', () => resolve(response.statusCode ?? 0));
    });
    request.on('error', (error) => (dropAfter === undefined ? reject(error) : resolve('dropped')));
    let sent = 0;
    body.on('data', (chunk: Buffer) => {
      if (dropAfter !== undefined && sent >= dropAfter) return;
      if (dropAfter !== undefined && sent + chunk.length > dropAfter) {
        request.write(chunk.subarray(0, dropAfter - sent));
        sent = dropAfter;
        body.destroy();
        // Give the bytes a moment to leave, then pull the plug.
        setTimeout(() => {
          request.destroy();
          resolve('dropped');
        }, 100);
        return;
      }
      sent += chunk.length;
      if (!request.write(chunk)) {
        body.pause();
        request.once('drain', () => body.resume());
      }
    });
    body.on('end', () => request.end());
  });
}

/** `size` bytes of a repeating pattern, produced as they are read (never all in memory). */
export function patternStream(size: number, chunkBytes = 1024 * 1024): Readable {
  const chunk = Buffer.alloc(chunkBytes);
  for (let index = 0; index < chunk.length; index++) chunk[index] = (index * 31 + 7) & 0xff;
  let left = size;
  return new Readable({
    read() {
      if (left <= 0) return this.push(null);
      const piece = left >= chunk.length ? chunk : chunk.subarray(0, left);
      left -= piece.length;
      this.push(piece);
    },
  });
}
