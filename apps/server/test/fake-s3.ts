import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible endpoint for tests (path-style: /{bucket}/{key}). GET must be a SigV4
 * presigned URL whose signature checks out with the test credentials (as S3, MinIO and R2 do);
 * HEAD and PUT must carry a SigV4 Authorization header for those credentials. It keeps every
 * request it saw, for the tests to look at.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  requests: Array<{ method: string; url: string; verdict: string }>;
  close(): Promise<void>;
}

const rfc3986 = (value: string) => encodeURIComponent(value).replace(/[!'()*]/g, (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`);
const hmac = (key: Buffer | string, data: string) => createHmac('sha256', key).update(data).digest();
const sha256Hex = (data: string) => createHash('sha256').update(data).digest('hex');

/** The signature S3 expects for a presigned GET (AWS Signature Version 4, query parameters). */
export function presignedSignature(request: { method: string; path: string; query: URLSearchParams; headers: IncomingMessage['headers'] }, secret: string) {
  const query = [...request.query.entries()]
    .filter(([name]) => name !== 'X-Amz-Signature')
    .map(([name, value]) => [rfc3986(name), rfc3986(value)] as const)
    .sort(([a, av], [b, bv]) => (a === b ? (av < bv ? -1 : 1) : a < b ? -1 : 1))
    .map(([name, value]) => `${name}=${value}`)
    .join('&');
  const signedHeaders = (request.query.get('X-Amz-SignedHeaders') ?? '').split(';');
  const headers = signedHeaders.map((name) => `${name}:${String(request.headers[name] ?? '').trim()}\n`).join('');
  const canonical = [request.method, request.path, query, headers, signedHeaders.join(';'), 'UNSIGNED-PAYLOAD'].join('\n');
  const [, date, region, service] = (request.query.get('X-Amz-Credential') ?? '').split('/');
  const scope = `${date}/${region}/${service}/aws4_request`;
  const toSign = ['AWS4-HMAC-SHA256', request.query.get('X-Amz-Date'), scope, sha256Hex(canonical)].join('\n');
  const key = hmac(hmac(hmac(hmac(`AWS4${secret}`, date!), region!), service!), 'aws4_request');
  return createHmac('sha256', key).update(toSign).digest('hex');
}

export async function startFakeS3(options: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const requests: FakeS3['requests'] = [];

  function refuse(response: ServerResponse, status: number, code: string) {
    response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    return code;
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer): string {
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const prefix = `/${options.bucket}/`;
    if (!url.pathname.startsWith(prefix)) return refuse(response, 404, 'NoSuchBucket');
    const key = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');

    if (request.method === 'GET') {
      const query = url.searchParams;
      if (query.get('X-Amz-Algorithm') !== 'AWS4-HMAC-SHA256') return refuse(response, 403, 'NotPresigned');
      if (
        !(query.get('X-Amz-Credential') ?? '').startsWith(`${options.accessKeyId}/`) ||
        !(query.get('X-Amz-Credential') ?? '').includes(`/${options.region}/s3/aws4_request`)
      ) {
        return refuse(response, 403, 'InvalidAccessKeyId');
      }
      const expires = Number(query.get('X-Amz-Expires'));
      if (!Number.isInteger(expires) || expires <= 0 || expires > 604_800) return refuse(response, 400, 'AuthorizationQueryParametersError');
      const signedAt = Date.parse((query.get('X-Amz-Date') ?? '').replace(/^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z$/, '$1-$2-$3T$4:$5:$6Z'));
      if (!(signedAt + expires * 1000 > Date.now())) return refuse(response, 403, 'AccessDenied: Request has expired');
      if (!(query.get('X-Amz-SignedHeaders') ?? '').split(';').includes('host')) return refuse(response, 403, 'HostNotSigned');
      const expected = presignedSignature({ method: 'GET', path: url.pathname, query, headers: request.headers }, options.secretAccessKey);
      if (query.get('X-Amz-Signature') !== expected) return refuse(response, 403, 'SignatureDoesNotMatch');
      const object = objects.get(key);
      if (!object) return refuse(response, 404, 'NoSuchKey');
      response
        .writeHead(200, {
          'content-type': query.get('response-content-type') ?? 'binary/octet-stream',
          ...(query.get('response-content-disposition') ? { 'content-disposition': query.get('response-content-disposition')! } : {}),
          'content-length': object.byteLength,
        })
        .end(object);
      return 'presigned-get';
    }

    const authorization = request.headers.authorization ?? '';
    if (!authorization.startsWith(`AWS4-HMAC-SHA256 Credential=${options.accessKeyId}/`) || !/Signature=[0-9a-f]{64}$/.test(authorization)) {
      return refuse(response, 403, 'MissingSignature');
    }
    if (request.method === 'HEAD') {
      const object = objects.get(key);
      response.writeHead(object ? 200 : 404, object ? { 'content-length': object.byteLength } : {}).end();
      return object ? 'head-found' : 'head-missing';
    }
    if (request.method === 'PUT') {
      objects.set(key, body);
      response.writeHead(200, { etag: `"${createHash('md5').update(body).digest('hex')}"` }).end();
      return 'put';
    }
    return refuse(response, 405, 'MethodNotAllowed');
  }

  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const verdict = handle(request, response, Buffer.concat(chunks));
      requests.push({ method: request.method ?? '', url: request.url ?? '', verdict });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    objects,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
