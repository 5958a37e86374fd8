import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../../src/node/server/index.js';
import { fuzzParameters, scaled } from './fuzz-scale.js';
import { exchange, parseResponses } from './raw-socket.js';

// Host headers that are valid HTTP but not valid URL hosts (an IPv4-looking name with a part over 255 or five parts, a
// bracketed non-IPv6). The adapter builds the request URL from the Host; the free tier's error bodies then take the origin
// of that URL for `upgrade`. Every such request must still get its 400/403/429 JSON, never a 500.

let server: SiretServer;
let port: number;
beforeAll(async () => {
  // A minute limit no test here reaches, so each request answers for its parameters; 429 is checked with its own caller.
  server = createSiretServer({ demoDir: false, log: () => undefined, limits: { perMinute: 1_000_000, perDay: 1_000_000 } });
  port = Number((await server.listen(0, '127.0.0.1')).port);
});
afterAll(() => server?.close());

async function ask(host: string, target: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const request = `GET ${target} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`;
  const reply = await exchange(port, Buffer.from(request, 'latin1'), 'end', 5_000);
  const [response] = parseResponses(reply.bytes).responses;
  if (!response) throw new Error(`no response to ${JSON.stringify(request)}`);
  return { status: response.status, body: JSON.parse(response.body.toString('utf8')) as Record<string, unknown> };
}

const ODD_HOSTS = ['999.1.1.1', '1.2.3.4.5', '0.0.0.256', 'a.0x10', '[1.2.3.4]', '[:::]', '256.256.256.256:8080'];

describe('a Host header that is not a valid URL host', () => {
  it.each(ODD_HOSTS)('%s: a too-large quantity is still a 400 quantity_exceeds_limit with an upgrade URL, not a 500', async (host) => {
    const { status, body } = await ask(host, '/api/v1/generate?quantity=999');
    expect({ status, error: body.error }).toEqual({ status: 400, error: 'quantity_exceeds_limit' });
    expect(() => new URL(String(body.upgrade))).not.toThrow();
  });

  it.each(ODD_HOSTS)('%s: CSV on the free tier is still a 403 lifetime_pass_required, not a 500', async (host) => {
    const { status, body } = await ask(host, '/api/v1/generate?format=csv');
    expect({ status, error: body.error }).toEqual({ status: 403, error: 'lifetime_pass_required' });
  });

  it('never answers 5xx whatever host name or address the Host header holds', async () => {
    const hostArb = fc
      .tuple(
        fc.string({ unit: fc.constantFrom(...'0123456789.-axXfF'), minLength: 1, maxLength: 16 }),
        fc.option(fc.integer({ min: 0, max: 65_535 }), { nil: undefined }),
      )
      .map(([name, hostPort]) => (hostPort === undefined ? name : `${name}:${hostPort}`));
    await fc.assert(
      fc.asyncProperty(hostArb, async (host) => {
        const { status, body } = await ask(host, '/api/v1/generate?quantity=999');
        // Node's parser may refuse some as a bad request (400 JSON); none may reach a 500.
        expect(status, host).toBe(400);
        expect(body.error, host).toMatch(/^(quantity_exceeds_limit|bad_request)$/);
      }),
      fuzzParameters(scaled(300, 5_000)),
    );
  });
});
