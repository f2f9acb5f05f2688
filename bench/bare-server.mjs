// The baseline: a bare node:http server answering every request with the same bytes
// the store sends for GET /api/products/.
import { readFileSync } from 'node:fs';
import http from 'node:http';

const [bodyFile, port] = process.argv.slice(2);
const body = readFileSync(bodyFile);
http
  .createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': body.length });
    response.end(body);
  })
  .listen(Number(port), '127.0.0.1', () => console.log('ready'));
