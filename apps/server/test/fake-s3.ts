import { createHash, createHmac } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny S3-compatible endpoint for tests (path-style: /{bucket}/{key}). A GET without an
 * Authorization header must be a SigV4 presigned URL whose signature checks out with the test
 * credentials (as S3, MinIO and R2 do); every other request must carry a SigV4 Authorization
 * header for those credentials. Besides GET, HEAD, PUT and DELETE of objects it speaks what
 * tus's S3 store uses: multipart uploads (create, upload part, list parts, complete, abort,
 * list), CopyObject, DeleteObjects and user metadata (`x-amz-meta-*`). It keeps every request
 * it saw, for the tests to look at.
 */
export interface FakeS3 {
  endpoint: string;
  objects: Map<string, Buffer>;
  /** Multipart uploads in progress, by upload id. */
  multipart: Map<string, { key: string; parts: Map<number, Buffer> }>;
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

const etagOf = (body: Buffer) => `"${createHash('md5').update(body).digest('hex')}"`;
const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeXml = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');

/** The `x-amz-meta-*` headers of a PUT, returned with the object as S3 does. */
function userMetadata(request: IncomingMessage): Record<string, string> {
  return Object.fromEntries(
    Object.entries(request.headers)
      .filter(([name]) => name.startsWith('x-amz-meta-'))
      .map(([name, value]) => [name, String(value)]),
  );
}

export async function startFakeS3(options: { bucket: string; region: string; accessKeyId: string; secretAccessKey: string }): Promise<FakeS3> {
  const objects = new Map<string, Buffer>();
  const metadata = new Map<string, Record<string, string>>();
  const multipart: FakeS3['multipart'] = new Map();
  const requests: FakeS3['requests'] = [];

  function refuse(response: ServerResponse, status: number, code: string) {
    response.writeHead(status, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?><Error><Code>${code}</Code></Error>`);
    return code;
  }

  function handle(request: IncomingMessage, response: ServerResponse, body: Buffer): string {
    const url = new URL(request.url ?? '/', 'http://fake-s3');
    const prefix = `/${options.bucket}/`;
    if (!`${url.pathname}/`.startsWith(prefix)) return refuse(response, 404, 'NoSuchBucket');
    const key = url.pathname.slice(prefix.length).split('/').map(decodeURIComponent).join('/');

    if (request.method === 'GET' && !request.headers.authorization) {
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
    const multipartVerdict = handleMultipart(request, response, url, key, body);
    if (multipartVerdict) return multipartVerdict;
    if (request.method === 'HEAD') {
      const object = objects.get(key);
      response.writeHead(object ? 200 : 404, object ? { 'content-length': object.byteLength, ...metadata.get(key) } : {}).end();
      return object ? 'head-found' : 'head-missing';
    }
    if (request.method === 'GET') {
      const object = objects.get(key);
      if (!object) return refuse(response, 404, 'NoSuchKey');
      response.writeHead(200, { 'content-length': object.byteLength, ...metadata.get(key) }).end(object);
      return 'get';
    }
    if (request.method === 'PUT' && request.headers['x-amz-copy-source']) {
      const source = decodeURIComponent(String(request.headers['x-amz-copy-source'])).replace(/^\/?[^/]+\//, '');
      const object = objects.get(source);
      if (!object) return refuse(response, 404, 'NoSuchKey');
      objects.set(key, object);
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<CopyObjectResult><ETag>${etagOf(object)}</ETag><LastModified>${new Date().toISOString()}</LastModified></CopyObjectResult>`);
      return 'copy';
    }
    if (request.method === 'PUT') {
      objects.set(key, body);
      metadata.set(key, userMetadata(request));
      response.writeHead(200, { etag: etagOf(body) }).end();
      return 'put';
    }
    if (request.method === 'DELETE') {
      objects.delete(key);
      response.writeHead(204).end();
      return 'delete';
    }
    if (request.method === 'POST' && url.searchParams.has('delete')) {
      const keys = [...body.toString('utf8').matchAll(/<Key>([^<]*)<\/Key>/g)].map((match) => unescapeXml(match[1]!));
      for (const deleted of keys) objects.delete(deleted);
      response
        .writeHead(200, { 'content-type': 'application/xml' })
        .end(`<DeleteResult>${keys.map((deleted) => `<Deleted><Key>${escapeXml(deleted)}</Key></Deleted>`).join('')}</DeleteResult>`);
      return 'delete-objects';
    }
    return refuse(response, 405, 'MethodNotAllowed');
  }

  /** The multipart upload API; undefined when the request is not part of it. */
  function handleMultipart(request: IncomingMessage, response: ServerResponse, url: URL, key: string, body: Buffer): string | undefined {
    const query = url.searchParams;
    const xml = (content: string) => response.writeHead(200, { 'content-type': 'application/xml' }).end(`<?xml version="1.0" encoding="UTF-8"?>${content}`);
    if (request.method === 'POST' && query.has('uploads')) {
      const uploadId = `upload-${multipart.size + 1}-${Date.now()}`;
      multipart.set(uploadId, { key, parts: new Map() });
      xml(
        `<InitiateMultipartUploadResult><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId></InitiateMultipartUploadResult>`,
      );
      return 'create-multipart';
    }
    if (request.method === 'GET' && query.has('uploads')) {
      const prefix = query.get('prefix') ?? '';
      const pending = [...multipart.entries()].filter(([, upload]) => upload.key.startsWith(prefix));
      xml(
        `<ListMultipartUploadsResult><Bucket>${options.bucket}</Bucket><IsTruncated>false</IsTruncated>${pending
          .map(
            ([uploadId, upload]) =>
              `<Upload><Key>${escapeXml(upload.key)}</Key><UploadId>${uploadId}</UploadId><Initiated>${new Date().toISOString()}</Initiated></Upload>`,
          )
          .join('')}</ListMultipartUploadsResult>`,
      );
      return 'list-multipart';
    }
    const uploadId = query.get('uploadId');
    if (!uploadId) return undefined;
    const upload = multipart.get(uploadId);
    if (!upload || upload.key !== key) return refuse(response, 404, 'NoSuchUpload');
    if (request.method === 'PUT') {
      upload.parts.set(Number(query.get('partNumber')), body);
      response.writeHead(200, { etag: etagOf(body) }).end();
      return 'upload-part';
    }
    if (request.method === 'GET') {
      const parts = [...upload.parts.entries()].sort(([a], [b]) => a - b);
      xml(
        `<ListPartsResult><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><UploadId>${uploadId}</UploadId><IsTruncated>false</IsTruncated>${parts
          .map(([number, part]) => `<Part><PartNumber>${number}</PartNumber><ETag>${etagOf(part)}</ETag><Size>${part.byteLength}</Size></Part>`)
          .join('')}</ListPartsResult>`,
      );
      return 'list-parts';
    }
    if (request.method === 'POST') {
      const numbers = [...body.toString('utf8').matchAll(/<PartNumber>(\d+)<\/PartNumber>/g)].map((match) => Number(match[1]));
      objects.set(key, Buffer.concat(numbers.map((number) => upload.parts.get(number) ?? Buffer.alloc(0))));
      multipart.delete(uploadId);
      xml(`<CompleteMultipartUploadResult><Bucket>${options.bucket}</Bucket><Key>${escapeXml(key)}</Key><ETag>"done"</ETag></CompleteMultipartUploadResult>`);
      return 'complete-multipart';
    }
    if (request.method === 'DELETE') {
      multipart.delete(uploadId);
      response.writeHead(204).end();
      return 'abort-multipart';
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
    multipart,
    requests,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
