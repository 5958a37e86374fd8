import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeListener, type FetchHandler } from './node-adapter.js';
import { NodeResponse } from './node-response.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(app: FetchHandler): Promise<string> {
  server = createServer(createNodeListener(app));
  await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

describe('createNodeListener with any fetch handler', () => {
  it('hands a Request whose body, headers and clone() work as the fetch API says, and streams a native Response back', async () => {
    const base = await serve({
      async fetch(request) {
        expect(request).toBeInstanceOf(Request);
        const copy = request.clone();
        const body = (await request.json()) as { n: number };
        const headers = Object.fromEntries(request.headers);
        const copied = await copy.text();
        const stream = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode(`${request.method} ${new URL(request.url).pathname} ${body.n + 1} `));
            controller.enqueue(new TextEncoder().encode(`${headers['x-test']} ${copied.length}`));
            controller.close();
          },
        });
        return new Response(stream, { status: 201, headers: { 'x-answer': 'yes' } });
      },
    });
    const response = await fetch(`${base}/echo?x=1`, { method: 'POST', body: JSON.stringify({ n: 41 }), headers: { 'x-test': 'hi' } });
    expect([response.status, response.headers.get('x-answer'), await response.text()]).toEqual([201, 'yes', 'POST /echo 42 hi 8']);
  });
});

describe('NodeResponse', () => {
  it('is a Response to whoever reads it, and keeps its raw parts for the adapter', async () => {
    const headers: Array<[string, string]> = [
      ['content-type', 'application/json'],
      ['x-a', '1'],
    ];
    const response = new NodeResponse('{"ok":true}', { status: 418, statusText: 'Teapot', headers }) as unknown as Response;
    expect(response).toBeInstanceOf(Response);
    expect(NodeResponse.rawParts(response)).toEqual({
      status: 418,
      statusText: 'Teapot',
      headers: ['content-type', 'application/json', 'x-a', '1'],
      body: '{"ok":true}',
    });
    expect([response.status, response.ok, response.statusText, response.headers.get('x-a')]).toEqual([418, false, 'Teapot', '1']);
    expect(await response.json()).toEqual({ ok: true });
  });

  it('reads its body once, as a Response does', async () => {
    const response = new NodeResponse('text') as unknown as Response;
    expect(await response.text()).toBe('text');
    await expect(response.text()).rejects.toThrow(TypeError);
  });

  it('has no raw parts for a body or headers the adapter cannot write as they are', () => {
    const stream = new NodeResponse(new Blob(['x'])) as unknown as Response;
    const record = new NodeResponse('x', { headers: { a: 'b' } }) as unknown as Response;
    expect([NodeResponse.rawParts(stream), NodeResponse.rawParts(record), NodeResponse.rawParts(new Response('x'))]).toEqual([
      undefined,
      undefined,
      undefined,
    ]);
  });

  it('is written by the adapter with its status, headers and a Content-Length', async () => {
    const base = await serve({
      fetch: (_request, context) => new (context?.Response ?? Response)('héllo', { status: 202, headers: [['x-b', '2']] }),
    });
    const response = await fetch(base);
    expect([response.status, response.headers.get('x-b'), response.headers.get('content-length'), await response.text()]).toEqual([
      202,
      '2',
      '6',
      'héllo',
    ]);
  });

  it('writes long bodies byte for byte, whatever their characters, with their UTF-8 Content-Length', async () => {
    // Two-byte and four-byte characters, around the 4,096-unit line where the adapter changes how it encodes.
    const bodies = [4095, 4096, 30_000, 70_000].map((units) => 'é œ 🙂 a'.repeat(Math.ceil(units / 8)).slice(0, units));
    const base = await serve({
      fetch: (request, context) => new (context?.Response ?? Response)(bodies[Number(new URL(request.url).searchParams.get('i'))]),
    });
    for (const [i, body] of bodies.entries()) {
      const response = await fetch(`${base}/?i=${i}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body));
      expect(new TextDecoder().decode(bytes)).toBe(body);
    }
  });
});
