import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { ALLOWED_METHODS, errorParts, type ErrorAnswer, type ErrorParts } from '../../http/index.js';

// The contract's JSON answers to what Node's HTTP parser refuses, or lets through without a check of ours: every refusal
// closes its connection.

const uriTooLong = (limit: number): ErrorAnswer => ({
  code: 'uri_too_long',
  message: `The request URL is longer than ${limit} bytes.`,
  extras: { max_length: limit },
});

const methodNotAllowed = (method: string): ErrorAnswer => ({
  code: 'method_not_allowed',
  message: `${method} is not allowed; use ${ALLOWED_METHODS}.`,
  headers: [['allow', ALLOWED_METHODS]],
});

/** Requests whose `Expect` Node found unmet (not `100-continue`): Node hands them over with 'checkExpectation'. */
const unmetExpectations = new WeakSet<IncomingMessage>();

/** How many Host fields a request carries (Node keeps the first of several in `headers`). */
function hostCount(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if ((rawHeaders[i] as string).length === 4 && rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count;
}

/**
 * The refusal of a request Node parsed but the contract does not take: a target over `maxUrlLength`, an HTTP/1.1 request
 * without a Host or with several, an `Expect` other than `100-continue`. `undefined` for a request to answer.
 */
export function refusalOf(req: IncomingMessage, maxUrlLength: number): ErrorAnswer | undefined {
  if ((req.url?.length ?? 0) > maxUrlLength) return uriTooLong(maxUrlLength);
  const hosts = hostCount(req.rawHeaders);
  if (hosts === 0 && req.httpVersion === '1.1') return { code: 'bad_request', message: 'An HTTP/1.1 request needs a Host header.' };
  if (hosts > 1) return { code: 'bad_request', message: 'A request may carry one Host header; this one has several.' };
  if (unmetExpectations.has(req)) return { code: 'expectation_failed', message: 'The only Expect value supported is 100-continue.' };
  return undefined;
}

// A request line whose method is a token Node's parser does not know (TRACK, PROPFIND...): a method refused, not bad syntax.
const UNKNOWN_METHOD = /^([!#$%&'*+.^_`|~0-9A-Za-z-]+) \S+ HTTP\/1\.[01]\r?\n/;

/**
 * Answers a request Node's parser refused, then closes the connection: 414/431 when the request line or headers are too
 * large, 408 on a timeout, 405 for a method the parser does not know, 400 otherwise. Never throws, whatever the socket's state.
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket, maxUrlLength: number): void {
  if (error.code === 'ECONNRESET' || !socket.writable || socket.writableEnded) {
    socket.destroy();
    return;
  }
  const raw = error.rawPacket?.toString('latin1') ?? '';
  let answer: ErrorAnswer = { code: 'bad_request', message: 'The request is not valid HTTP/1.1.' };
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The parser counts the request line with the headers: if the line alone is over the URL limit, say so.
    const lineEnd = raw.indexOf('\n');
    answer =
      lineEnd === -1 || lineEnd > maxUrlLength
        ? uriTooLong(maxUrlLength)
        : { code: 'request_header_fields_too_large', message: 'The request headers are too large.' };
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADERS_TIMEOUT') {
    answer = { code: 'request_timeout', message: 'The request was not received in time.' };
  } else if (error.code === 'HPE_INVALID_METHOD') {
    const method = UNKNOWN_METHOD.exec(raw)?.[1];
    if (method !== undefined) answer = methodNotAllowed(method);
  }
  // An answer to HEAD carries no body: a HEAD client would read body bytes as the start of another response.
  writeRaw(socket, errorParts(answer), raw.startsWith('HEAD '));
}

/**
 * Writes a refusal straight to a socket Node's HTTP layer has let go of (parser errors, CONNECT), then closes it. At once:
 * an answer the app is still making for an earlier part of the same bytes (a bad body after good headers) finds the
 * connection ended and is dropped, so the client reads one answer.
 */
function writeRaw(socket: Socket, parts: ErrorParts, head: boolean): void {
  socket.on('error', () => socket.destroy());
  const body = head ? '' : parts.body;
  let lines = `HTTP/1.1 ${parts.status} ${parts.statusText}\r\n`;
  for (const [name, value] of parts.headers) lines += `${name}: ${value}\r\n`;
  socket.end(`${lines}connection: close\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`);
}

/**
 * Answers with the contract's JSON what Node would refuse with an empty answer or hand over unanswered: parser errors,
 * CONNECT (Node gives up the socket), and an unmet `Expect`, which goes on to `listener` to be refused (`refusalOf`) in
 * turn with the connection's other requests.
 */
export function answerRefusals(server: Server, maxUrlLength: number, listener: (req: IncomingMessage, res: ServerResponse) => void): void {
  server.on('connect', (req: IncomingMessage, socket: Socket) =>
    writeRaw(socket, errorParts(methodNotAllowed(req.method ?? 'CONNECT')), false),
  );
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    unmetExpectations.add(req);
    listener(req, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) =>
    answerClientError(error, socket, maxUrlLength),
  );
}
