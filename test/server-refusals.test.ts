// The server's own refusals (before any handler runs) speak the service's one error vocabulary: a code of ERRORS with its
// status, a body that matches the OpenAPI document's schema of that code, the common headers (CORS included), and the status text of STATUS_TEXT.
import { afterEach, describe, expect, it } from 'vitest';
import { COMMON_HEADERS, ERRORS, STATUS_TEXT } from '../src/http/app/index.js';
import { createSiretServer, type SiretServer } from '../src/node/server/index.js';
import { rawRequest } from './services/raw-http.js';
import { wireSchemaErrors } from './support/wire-schema.js';

const running: SiretServer[] = [];
afterEach(async () => {
  await Promise.all(running.splice(0).map((server) => server.close()));
});

async function port(): Promise<number> {
  const server = createSiretServer({ demoDir: false, log: () => undefined });
  running.push(server);
  return Number((await server.listen(0)).port);
}

describe('the server refusals', () => {
  it.each([
    ['a URL over the limit', `GET /api/v1/generate?x=${'a'.repeat(9000)} HTTP/1.1\r\nHost: x\r\n\r\n`, 414, 'uri_too_long'],
    [
      'headers over the limit',
      `GET /api/v1/generate HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`,
      431,
      'request_header_fields_too_large',
    ],
    ['an HTTP/1.1 request without Host', 'GET /api/v1/generate HTTP/1.1\r\n\r\n', 400, 'bad_request'],
    ['a request the parser refuses', 'GET /api/v1/generate HTTP/1.1\r\nHost x\r\n\r\n', 400, 'bad_request'],
    ['TRACE', 'TRACE /api/v1/generate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 405, 'method_not_allowed'],
    // A method Node's parser does not know is still a refused method, as docs/api.md says, not a malformed request.
    ['TRACK', 'TRACK /api/v1/generate HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n', 405, 'method_not_allowed'],
    // RFC 9112, 3.2: a request with more than one Host field gets a 400.
    ['two Host headers', 'GET /api/v1/generate HTTP/1.1\r\nHost: a.example\r\nHost: b.example\r\n\r\n', 400, 'bad_request'],
  ])('answers %s in the common vocabulary', async (_name, bytes, status, error) => {
    const reply = await rawRequest(await port(), bytes, { timeoutMs: 5_000 });
    expect(reply.status).toBe(status);
    expect(reply.raw.split('\r\n')[0]).toBe(`HTTP/1.1 ${status} ${STATUS_TEXT[status]}`);
    for (const [name, value] of COMMON_HEADERS) expect(reply.headers[name]).toBe(value);
    expect(reply.headers['content-type']).toBe('application/json');
    const body = JSON.parse(reply.body) as { error: keyof typeof ERRORS };
    expect(body.error).toBe(error);
    expect(ERRORS[body.error].status).toBe(status);
    expect(wireSchemaErrors('Error', body)).toEqual([]);
  });
});
