import { request as httpRequest } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { exchange } from './raw-socket.js';

// A HEAD request that the server refuses before the handler (headers over 16 KB, a URL over 8 KB, or so long that Node's parser refuses it) gets its 431/414, and
// like every answer to HEAD it carries no body: a client that sent HEAD reads no body, so body bytes would be taken for the
// start of another response (Node's client fails with HPE_CLOSED_CONNECTION instead of reporting the 431).

let server: SiretServer;
let port: number;
beforeAll(async () => {
  server = createSiretServer({ demoDir: false, log: () => undefined });
  port = Number((await server.listen(0, '127.0.0.1')).port);
});
afterAll(() => server?.close());

const OVERSIZED: Array<[string, string, number]> = [
  ['headers over 16 KB', `/api/v1/generate`, 431],
  ['a URL over 8 KB', `/api/v1/generate?q=${'a'.repeat(9_000)}`, 414],
  ['a URL over the 16 KB header limit', `/api/v1/generate?q=${'a'.repeat(40_000)}`, 414],
];
const bigHeaders = (status: number): Record<string, string> => (status === 431 ? { 'x-big': 'b'.repeat(20_000) } : {});

describe('HEAD requests refused before the handler', () => {
  it.each(OVERSIZED)('with %s: the status line and headers, and no body after them', async (_name, path, status) => {
    const extra = Object.entries(bigHeaders(status))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    const reply = await exchange(port, Buffer.from(`HEAD ${path} HTTP/1.1\r\nHost: x\r\n${extra}\r\n`, 'latin1'), 'end', 5_000);
    const text = reply.bytes.toString('latin1');
    expect(text).toMatch(new RegExp(`^HTTP/1\\.1 ${status} `));
    expect(text.slice(text.indexOf('\r\n\r\n') + 4)).toBe('');
  });

  it.each(OVERSIZED)('with %s: node:http reports the status instead of a parse error', async (_name, path, status) => {
    const answered = await new Promise<number>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method: 'HEAD', path, headers: bigHeaders(status) }, (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode ?? 0));
      });
      req.on('error', reject);
      req.end();
    });
    expect(answered).toBe(status);
  });
});
