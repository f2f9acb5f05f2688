// The baseline: a bare node:http server answering every request with the same answer the store
// sends for GET /api/products/: the same body and, when a headers file is given, the same headers
// (the security and caching headers are part of the answer, and sending them costs both sides).
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, port, headersFile] = process.argv.slice(2);
const body = readFileSync(bodyFile);
const headers = {
  ...(headersFile ? JSON.parse(readFileSync(headersFile, 'utf8')) : {}),
  'content-type': 'application/json; charset=utf-8',
  'content-length': body.length,
};
http
  .createServer((_request, response) => {
    response.writeHead(200, headers);
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
