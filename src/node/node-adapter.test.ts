import { EventEmitter } from 'node:events';
import { createServer, type IncomingMessage, request, type Server, type ServerResponse } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterEach, describe, expect, it } from 'vitest';
import { createNodeListener, createOwnServerListener, type FetchHandler, writeResponse } from './node-adapter.js';
import { NodeResponse } from './node-response.js';

let server: Server | undefined;
afterEach(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  server = undefined;
});

async function serve(app: FetchHandler, listener = createNodeListener): Promise<string> {
  server = createServer(listener(app));
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

describe('the URL a request is given', () => {
  it("follows each request's own Host, the same one again or another in between", async () => {
    const base = await serve({ fetch: (request) => new Response(request.url) });
    const { port } = new URL(base);
    const urlFor = (host: string): Promise<string> =>
      new Promise((resolve, reject) => {
        const req = request({ port, host: '127.0.0.1', path: '/a?b=1', headers: { host } }, (res) => {
          let text = '';
          res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
          res.on('end', () => resolve(text));
        });
        req.on('error', reject).end();
      });
    const hosts = [
      ...['Example.COM:8080', '999.1.1.1', 'Example.COM:8080', 'example.com:99999', 'Other.test', 'Example.COM:8080'],
      // What the URL parser rewrites or refuses: a default port, a port's leading zeros, a punycode label it rejects.
      ...['example.com:80', 'a:00001', 'xn--a.com', 'a:0', 'a.xn--p1ai'],
    ];
    const urls = [];
    for (const host of hosts) urls.push(await urlFor(host));
    expect(urls).toEqual([
      'http://example.com:8080/a?b=1',
      'http://localhost/a?b=1',
      'http://example.com:8080/a?b=1',
      'http://localhost/a?b=1',
      'http://other.test/a?b=1',
      'http://example.com:8080/a?b=1',
      'http://example.com/a?b=1',
      'http://a:1/a?b=1',
      // Node 20's URL parser refuses `xn--a.com` (so: localhost), Node 24's keeps it: checked against the parser below.
      urls[8],
      'http://a:0/a?b=1',
      'http://a.xn--p1ai/a?b=1',
    ]);
    // Each as this Node's URL parser reads it (localhost where it refuses the Host).
    for (const [i, host] of hosts.entries()) {
      let parsed: string;
      try {
        parsed = new URL('/a?b=1', `http://${host}`).href;
      } catch {
        parsed = 'http://localhost/a?b=1';
      }
      expect(urls[i]).toBe(parsed);
    }
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

  it.each([
    ['createNodeListener', createNodeListener],
    ["createSiretServer's own listener", createOwnServerListener],
  ])('writes long bodies byte for byte, whatever their characters, with their UTF-8 Content-Length (%s)', async (_name, listener) => {
    // Two-byte and four-byte characters, around the lines where the own listener changes how it encodes: 4,096 units, and
    // the 21,845 units (64 KB at three bytes each) its reusable buffers hold (either side, without splitting an emoji).
    const bodies = [4095, 4096, 21_844, 21_846, 30_000, 70_000].map((units) => 'é œ 🙂 a'.repeat(Math.ceil(units / 8)).slice(0, units));
    const base = await serve(
      { fetch: (request, context) => new (context?.Response ?? Response)(bodies[Number(new URL(request.url).searchParams.get('i'))]) },
      listener,
    );
    for (const [i, body] of bodies.entries()) {
      const response = await fetch(`${base}/?i=${i}`);
      const bytes = new Uint8Array(await response.arrayBuffer());
      expect(Number(response.headers.get('content-length'))).toBe(Buffer.byteLength(body));
      expect(new TextDecoder().decode(bytes)).toBe(body);
    }
  });

  describe("long bodies in reusable buffers (createSiretServer's own listener)", () => {
    // What writeResponse uses of Node's response, recording the body it is handed; on a socket unless told otherwise.
    class Recorder extends EventEmitter {
      body: Buffer | undefined;
      socket: object | null = {};
      destroyed = false;
      writeHead(): this {
        return this;
      }
      end(body: Buffer): void {
        this.body = body;
      }
    }
    const answer = (text: string, reuse = true, res = new Recorder()): Recorder => {
      void writeResponse(
        new NodeResponse(text) as unknown as Response,
        { method: 'GET' } as IncomingMessage,
        res as unknown as ServerResponse,
        reuse,
      );
      return res;
    };
    // The reusable buffers are the pages after the first of one 17-page WebAssembly memory (see body-buffers.ts).
    const PAGE = 64 * 1024;
    /** Whether a body was written into one of the reusable 64 KB buffers. */
    const reused = (res: Recorder): boolean =>
      res.body?.buffer.byteLength === 17 * PAGE && res.body.byteOffset % PAGE === 0 && res.body.byteOffset >= PAGE;
    /** The reusable buffer a body is in: its offset in the memory. */
    const pageOf = (res: Recorder): number | undefined => (reused(res) ? res.body?.byteOffset : undefined);

    it('encodes any text as TextEncoder does, from 4,096 units (the shortest it lends a buffer to) to 21,845', () => {
      // Any UTF-16 code units, lone surrogates included, in runs between ASCII stretches of any length: the encoder takes
      // sixteen units at a time while they are ASCII, and the runs fall anywhere in and across those blocks.
      const unit = fc.oneof(
        fc.integer({ min: 0, max: 0x7f }),
        fc.integer({ min: 0x80, max: 0x7ff }),
        fc.integer({ min: 0x800, max: 0xffff }),
        fc.integer({ min: 0xd800, max: 0xdfff }),
      );
      const run = fc.tuple(fc.nat(40), fc.array(unit, { maxLength: 6 }));
      fc.assert(
        fc.property(fc.array(run, { minLength: 1, maxLength: 30 }), fc.integer({ min: 4_096, max: 21_845 }), (runs, units) => {
          // The runs repeated up to the length; runs that make no text at all (every one empty) leave ASCII alone.
          const cycle = runs.map(([ascii, codes]) => 'a'.repeat(ascii) + String.fromCharCode(...codes)).join('') || 'a';
          const text = cycle.repeat(Math.ceil(units / cycle.length)).slice(0, units);
          const res = answer(text);
          try {
            expect(reused(res)).toBe(true);
            expect(res.body?.toString('base64')).toBe(Buffer.from(new TextEncoder().encode(text)).toString('base64'));
          } finally {
            res.emit('close');
          }
        }),
        // Shrinking texts this long takes minutes: the first failing text is reported as it is.
        { numRuns: 300, endOnFailure: true },
      );
    });

    it('fills a buffer to its last byte at 21,845 three-byte units, leaves the next one alone, and lends none above', () => {
      // Two answers in neighbouring buffers: the first written, the second filled with its own text, then the first rewritten
      // at the longest length a buffer holds (65,535 bytes), as '\uffff' and as lone surrogates (U+FFFD): the second's bytes
      // must stay as they were.
      const first = answer('a'.repeat(5_000));
      const second = answer('ü'.repeat(21_845));
      const secondBytes = Buffer.from(second.body as Buffer);
      expect(Math.abs((pageOf(first) ?? 0) - (pageOf(second) ?? 0))).toBe(PAGE);
      first.emit('close');
      for (const char of ['\uffff', '\ud800']) {
        const longest = answer(char.repeat(21_845));
        try {
          expect([pageOf(longest), longest.body?.length]).toEqual([pageOf(first), 65_535]);
          expect(longest.body).toEqual(Buffer.from(new TextEncoder().encode(char.repeat(21_845))));
          expect(second.body).toEqual(secondBytes);
        } finally {
          longest.emit('close');
        }
      }
      const over = answer('a'.repeat(21_846));
      expect(reused(over)).toBe(false);
      second.emit('close');
    });

    it('never writes into a buffer again before its answer has closed', () => {
      // Different characters in each body, so that any overwrite shows.
      const first = answer('é'.repeat(6_000));
      const firstBytes = Buffer.from(first.body as Buffer);
      expect(reused(first)).toBe(true);
      const others = ['a', 'œ', 'b'].map((char) => answer(char.repeat(9_000)));
      expect(first.body).toEqual(firstBytes);
      for (const other of others) expect(pageOf(other)).not.toBe(pageOf(first));
      // Once the first answer has closed, its buffer is taken again, and written from its start.
      first.emit('close');
      const next = answer('z'.repeat(5_000));
      expect(pageOf(next)).toBe(pageOf(first));
      expect(next.body?.toString()).toBe('z'.repeat(5_000));
      for (const res of [...others, next]) res.emit('close');
    });

    it('lends at most 16 buffers, and none to an answer that waits for its turn or has lost its client', () => {
      const lent = Array.from({ length: 20 }, () => answer('x'.repeat(5_000)));
      expect(lent.map(reused)).toEqual([...Array<boolean>(16).fill(true), false, false, false, false]);
      // A pipelined answer waiting behind another has no socket yet; one whose connection has closed is destroyed.
      const queued = Object.assign(new Recorder(), { socket: null });
      const gone = Object.assign(new Recorder(), { destroyed: true });
      lent[0]?.emit('close');
      expect([reused(answer('y'.repeat(5_000), true, queued)), reused(answer('y'.repeat(5_000), true, gone))]).toEqual([false, false]);
      // The buffer given back is still there for the next answer on a socket.
      const next = answer('w'.repeat(5_000));
      expect(pageOf(next)).toBe(pageOf(lent[0] as Recorder));
      for (const res of [...lent.slice(1), next]) res.emit('close');
    });

    it('are never used by the public createNodeListener', () => {
      const first = answer('é'.repeat(6_000), false);
      first.emit('close');
      const next = answer('é'.repeat(6_000), false);
      expect([reused(first), reused(next)]).toEqual([false, false]);
    });

    it('answers a client that pipelines 200 requests and reads them late, byte for byte', async () => {
      // Each answer is ~24 KB, its text a function of its number, so that bytes from another answer would show.
      const bodyOf = (n: number): string => `${n}:${'é œ a'.repeat(3_000)}:${n}`;
      const base = await serve(
        {
          fetch: (request, context) => new (context?.Response ?? Response)(bodyOf(Number(new URL(request.url).searchParams.get('n')))),
        },
        createOwnServerListener,
      );
      const { port } = new URL(base);
      // A paused client sends 200 pipelined requests (about 4 MB of answers), so that answers queue behind each other in
      // the server, and on its socket once the kernel's buffers are full, while another client is served.
      const stalled = connect(Number(port), '127.0.0.1');
      await new Promise((resolve) => stalled.once('connect', resolve));
      stalled.pause();
      const stalledCount = 200;
      let requests = '';
      for (let n = 0; n < stalledCount; n++)
        requests += `GET /?n=${n} HTTP/1.1\r\nHost: x\r\n${n === stalledCount - 1 ? 'Connection: close\r\n' : ''}\r\n`;
      stalled.write(requests);
      await new Promise((resolve) => setTimeout(resolve, 200));
      for (let n = 1_000; n < 1_050; n++) expect(await (await fetch(`${base}/?n=${n}`)).text()).toBe(bodyOf(n));
      // Now read everything the stalled client was sent (the last answer closes the connection), and split it into answers
      // by their Content-Length.
      const chunks: Buffer[] = [];
      await new Promise<void>((resolve, reject) => {
        stalled.on('data', (chunk: Buffer) => chunks.push(chunk));
        stalled.once('end', resolve);
        stalled.once('error', reject);
        stalled.resume();
      });
      const all = Buffer.concat(chunks);
      const bodies: string[] = [];
      for (let at = 0; bodies.length < stalledCount;) {
        const headEnd = all.indexOf('\r\n\r\n', at);
        const length = Number(/content-length: (\d+)/i.exec(all.subarray(at, headEnd).toString('latin1'))?.[1]);
        bodies.push(all.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8'));
        at = headEnd + 4 + length;
      }
      expect(bodies).toEqual(Array.from({ length: stalledCount }, (_, n) => bodyOf(n)));
    });
  });
});
