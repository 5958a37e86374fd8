import fc from 'fast-check';
import type { Delivery } from './raw-socket.js';

/** One malformed exchange: its family (for the report), its bytes and how they are delivered. */
export interface MalformedCase {
  family: string;
  bytes: Buffer;
  delivery: Delivery;
}

const CRLF = '\r\n';
const VALID = `GET /api/v1/generate?quantity=1 HTTP/1.1${CRLF}Host: 127.0.0.1${CRLF}${CRLF}`;
const VALID_HEALTH = `GET /healthz HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`;
const latin1Bytes = (text: string): Buffer => Buffer.from(text, 'latin1');

const junkChar = fc.integer({ min: 0, max: 255 }).map((code) => String.fromCharCode(code));
const junk = (maxLength: number): fc.Arbitrary<string> => fc.string({ unit: junkChar, maxLength });

// Request lines that are not HTTP/1.1: odd or empty methods, targets, versions, separators and line ends.
const requestLineArb = fc
  .tuple(
    fc.oneof(
      fc.constantFrom(
        'GET',
        'get',
        'G ET',
        'GET\x00',
        '',
        ' GET',
        'CONNECT',
        'TRACE',
        'PRI',
        'HEAD',
        'DELETE',
        'ÄÖ',
        'GET\tGET',
        '\x16\x03\x01',
      ),
      junk(8),
    ),
    fc.oneof(
      fc.constantFrom(
        '/api/v1/generate',
        '',
        '*',
        '/%',
        '/%zz',
        '/api/v1/generate?quantity=%00',
        'http://[::1',
        'http://x:99999/',
        '/\x00',
        '/\x7f',
        '/ /',
        '//',
        '/api/v1/generate#frag',
        '\\api\\v1',
        'x'.repeat(9_000),
      ),
      junk(30).map((text) => `/${text}`),
    ),
    fc.oneof(
      fc.constantFrom(
        'HTTP/1.1',
        'HTTP/1.0',
        'HTTP/2.0',
        'HTTP/0.9',
        'HTTP/1.10',
        'http/1.1',
        'HTTP/1.1 extra',
        '',
        'HTTP/',
        'HTTP/1',
        'HTTP/1.1\x00',
        'HTTPS/1.1',
        'HTTP/-1.1',
      ),
      junk(10),
    ),
    fc.constantFrom(' ', '  ', '\t', ''),
    fc.constantFrom(CRLF, '\n', '\r', '\n\r', ''),
  )
  .map(([method, target, version, separator, eol]) => `${method}${separator}${target}${separator}${version}${eol}Host: x${CRLF}${CRLF}`);

// Header sections a strict parser refuses (or must resolve): no colon, folding, control bytes, conflicting framing.
const BAD_HEADER_LINES = [
  'NoColon',
  ' Folded: value',
  '\tFolded: value',
  'Space Before : colon',
  'X-A : b',
  ': empty-name',
  'X-Nul: a\x00b',
  'X-Del\x7f: b',
  'X-Ctl: \x01\x02\x03',
  'X-Bare-CR: a\rb',
  'Host: a\r\nHost: b',
  'Content-Length: -1',
  'Content-Length: 1, 2',
  'Content-Length: 99999999999999999999999',
  'Content-Length: 0x10',
  'Content-Length: 5\r\nContent-Length: 6',
  'Transfer-Encoding: chunked\r\nContent-Length: 5',
  'Transfer-Encoding: gzip, chunked',
  'Transfer-Encoding: chunked, identity',
  'Transfer-Encoding: xchunked',
  'Transfer-Encoding:\x0bchunked',
  'Expect: 100-continue',
  'Expect: 999-nothing',
  'Upgrade: websocket\r\nConnection: Upgrade',
  'Upgrade: h2c\r\nConnection: Upgrade, HTTP2-Settings\r\nHTTP2-Settings: AAMAAABkAAQCAAAAAAIAAAAA',
  'Connection: close, keep-alive, \x00',
  'Authorization: Bearer \xff\xfe',
  'Accept: \x80\x81\x82',
  'X-Forwarded-For: 1.1.1.1, junk, ::::',
];
const headerSectionArb = fc
  .tuple(
    fc.constantFrom('GET', 'POST', 'HEAD', 'OPTIONS', 'PUT'),
    fc.constantFrom('/api/v1/generate', '/healthz', '/nope', '/api/v1/openapi.json'),
    fc.array(fc.oneof(fc.constantFrom(...BAD_HEADER_LINES), junk(40)), { minLength: 1, maxLength: 5 }),
    fc.constantFrom('', 'Hello', '\r\n'),
  )
  .map(([method, path, lines, body]) => `${method} ${path} HTTP/1.1${CRLF}Host: x${CRLF}${lines.join(CRLF)}${CRLF}${CRLF}${body}`);

// Chunked bodies that are not: bad sizes, missing CRLFs, junk extensions and trailers, sizes past 2^64, bare LF.
const BAD_CHUNKS = [
  'zz\r\nabc\r\n0\r\n\r\n',
  'fffffffffffffffffff\r\na\r\n0\r\n\r\n',
  '-1\r\na\r\n0\r\n\r\n',
  '5\r\nabc\r\n0\r\n\r\n',
  '5\r\nabcdefgh\r\n0\r\n\r\n',
  '5;ext=\x00\r\nabcde\r\n0\r\n\r\n',
  '5;' + 'e'.repeat(20_000) + '\r\nabcde\r\n0\r\n\r\n',
  '3\nabc\n0\n\n',
  '3\rabc\r0\r\r',
  '0\r\n',
  '0\r\nX-Trailer: a\x00b\r\n\r\n',
  '0\r\nNoColonTrailer\r\n\r\n',
  ' 3\r\nabc\r\n0\r\n\r\n',
  '3 \r\nabc\r\n0\r\n\r\n',
  '0x3\r\nabc\r\n0\r\n\r\n',
  '\r\n\r\n',
  '',
];
const chunkedArb = fc
  .tuple(
    fc.constantFrom('POST', 'GET', 'PUT', 'HEAD'),
    fc.constantFrom('/api/v1/generate', '/healthz', '/x'),
    fc.oneof(fc.constantFrom(...BAD_CHUNKS), junk(64)),
  )
  .map(([method, path, chunks]) => `${method} ${path} HTTP/1.1${CRLF}Host: x${CRLF}Transfer-Encoding: chunked${CRLF}${CRLF}${chunks}`);

// Oversized request lines and header sections, just under and well over the server's limits.
const hugeArb = fc.oneof(
  fc
    .integer({ min: 15_000, max: 70_000 })
    .map((size) => `GET /api/v1/generate HTTP/1.1${CRLF}Host: x${CRLF}X-Big: ${'b'.repeat(size)}${CRLF}${CRLF}`),
  fc
    .integer({ min: 100, max: 400 })
    .map(
      (count) =>
        `GET /healthz HTTP/1.1${CRLF}Host: x${CRLF}${Array.from({ length: count }, (_, i) => `X-H${i}: ${'v'.repeat(60)}`).join(CRLF)}${CRLF}${CRLF}`,
    ),
  fc.integer({ min: 8_000, max: 40_000 }).map((size) => `GET /api/v1/generate?q=${'a'.repeat(size)} HTTP/1.1${CRLF}Host: x${CRLF}${CRLF}`),
);

// A valid request cut anywhere: a half-closed socket must not leave the server waiting.
const truncatedArb = fc
  .tuple(
    fc.constantFrom(VALID, VALID_HEALTH, `POST /api/v1/generate HTTP/1.1${CRLF}Host: x${CRLF}Content-Length: 50${CRLF}${CRLF}abc`),
    fc.nat(),
  )
  .map(([request, cut]) => request.slice(0, cut % request.length));

// Good requests next to junk on one connection: the good ones are answered, the junk ends the connection.
const pipelinedArb = fc
  .array(fc.oneof(fc.constantFrom(VALID, VALID_HEALTH, 'GET / HTTP/1.1\r\n\r\n'), junk(40), requestLineArb, chunkedArb), {
    minLength: 2,
    maxLength: 5,
  })
  .map((parts) => parts.join(''));

/** The pass token the fuzzed server is started with, so abandoned downloads can be large lifetime CSV exports. */
export const FUZZ_PASS = 'fuzz-pass';

// Well-formed requests whose client goes away: the answer (up to a 100-record CSV) is written to a socket that is reset or
// half-closed while the server is still generating or streaming it.
const abandonedArb = fc
  .tuple(
    fc.constantFrom('GET', 'HEAD'),
    fc.constantFrom('?quantity=100&format=csv', '?quantity=100&format=csv&excel=1', '?quantity=100', '?quantity=50', ''),
    fc.boolean(),
    fc.integer({ min: 1, max: 4 }),
  )
  .map(([method, query, withPass, copies]) =>
    `${method} /api/v1/generate${query} HTTP/1.1${CRLF}Host: x${CRLF}${withPass ? `Authorization: Bearer ${FUZZ_PASS}${CRLF}` : ''}${CRLF}`.repeat(
      copies,
    ),
  );

const binaryArb = fc.uint8Array({ minLength: 1, maxLength: 4_096 }).map((bytes) => Buffer.from(bytes));

/** Every family of malformed exchange, with how its bytes are delivered. */
export const malformedCaseArb: fc.Arbitrary<MalformedCase> = fc
  .tuple(
    fc.oneof(
      requestLineArb.map((text) => ({ family: 'bad request line', bytes: latin1Bytes(text) })),
      headerSectionArb.map((text) => ({ family: 'bad header syntax', bytes: latin1Bytes(text) })),
      chunkedArb.map((text) => ({ family: 'invalid chunked encoding', bytes: latin1Bytes(text) })),
      hugeArb.map((text) => ({ family: 'huge request line or headers', bytes: latin1Bytes(text) })),
      binaryArb.map((bytes) => ({ family: 'binary garbage', bytes })),
      truncatedArb.map((text) => ({ family: 'truncated request, half-closed', bytes: latin1Bytes(text) })),
      pipelinedArb.map((text) => ({ family: 'pipelined junk', bytes: latin1Bytes(text) })),
      abandonedArb.map((text) => ({ family: 'good request, client gone', bytes: latin1Bytes(text) })),
    ),
    fc.constantFrom<Delivery>('end', 'end', 'end', 'trickle', 'open', 'reset'),
  )
  .map(([{ family, bytes }, delivery]): MalformedCase => {
    // A truncated request left open is a slow client (test/slow-clients.test.ts); trickling 70 KB a few bytes at a time
    // only slows the suite down.
    if (delivery === 'open' && family.startsWith('truncated')) return { family, bytes, delivery: 'end' };
    // A good request on an open connection is plain keep-alive; this family is about clients that go away.
    if (delivery === 'open' && family.startsWith('good request')) return { family, bytes, delivery: 'reset' };
    if (delivery === 'trickle' && bytes.length > 4_096) return { family, bytes, delivery: 'end' };
    return { family, bytes, delivery };
  });
