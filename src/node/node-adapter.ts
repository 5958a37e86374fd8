import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorResponse } from '../http/error-response.js';
import { ALLOWED_METHODS } from '../http/response-headers.js';
import { logExchange, type AccessLogEntry } from './access-log.js';
import { encodeBody } from './body-buffers.js';
import { clientAddressOf } from './client-address.js';
import { NodeRequest } from './node-request.js';
import { NodeResponse } from './node-response.js';

export type { AccessLogEntry };

/** What the adapter passes to the fetch handler besides the request. */
export interface NodeRequestContext {
  /** The caller key: client IP, IPv6 grouped by /56, IPv4-mapped IPv6 as IPv4. */
  clientAddress?: string;
  /** The adapter's `Response` class, written to the socket from its raw parts; a handler may use it or the global one. */
  Response?: typeof Response;
}

/** Anything with a fetch handler: `createApp(options)` from `siret-mock/node`, or a Hono app. */
export interface FetchHandler {
  fetch(request: Request, context?: NodeRequestContext): Promise<Response> | Response;
}

export interface NodeListenerOptions {
  /**
   * Proxy hops to trust: 0 ignores `X-Forwarded-For`; N takes the Nth address from its right.
   * @default 0
   */
  trustProxy?: number;
  /** Called once per exchange, when the response has been sent or the connection closed. */
  onResponse?: (entry: AccessLogEntry) => void;
}

const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);
const FAST_RESPONSE = NodeResponse as unknown as typeof Response;

/**
 * What a request's handler gets besides the request: the adapter's `Response` class, and the caller key computed when first
 * read (the lifetime tier never counts callers, so it never pays for parsing addresses). A class, so that a request costs
 * one small object and no closures.
 */
class ListenerContext implements NodeRequestContext {
  readonly Response: typeof Response = FAST_RESPONSE;
  readonly #req: IncomingMessage;
  readonly #trustProxy: number;
  #address: string | undefined;

  constructor(req: IncomingMessage, trustProxy: number, address?: string) {
    this.#req = req;
    this.#trustProxy = trustProxy;
    this.#address = address;
  }

  get clientAddress(): string {
    return (this.#address ??= clientAddressOf(this.#req.socket.remoteAddress, this.#req.headers['x-forwarded-for'], this.#trustProxy));
  }
}

/** The JSON 500 written when the handler throws or rejects (or a closed connection once the answer has started). */
function answerFailure(req: IncomingMessage, res: ServerResponse): void {
  if (res.headersSent) res.destroy();
  else
    void writeResponse(
      errorResponse(500, 'internal_error', 'The server could not answer this request.', { Response: FAST_RESPONSE }),
      req,
      res,
    );
}

/**
 * Turns a fetch handler into a `node:http` request listener. The handler gets a `Request` that reads Node's parsed request
 * lazily, and `context.Response`, a `Response` class this adapter writes from its raw parts (status, header list, string
 * body) in one `writeHead` and one `end`; any other `Response` is streamed back with backpressure. HEAD answers carry no body.
 * The answer is written as soon as the handler's promise settles (one promise reaction, no extra hops).
 * @example http.createServer(createNodeListener(createApp(), { trustProxy: 1 })).listen(3000)
 */
export function createNodeListener(
  app: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return listenerFor(app, options, false);
}

/**
 * `createNodeListener` for the `node:http` server `createSiretServer` makes, whose responses nothing else wraps: long
 * bodies go out in reusable buffers (see encodeBody in body-buffers.ts). Not for a listener handed to other code (Vite's
 * dev server, which may speak HTTP/2, or middleware that may keep a chunk after the answer has ended).
 */
export function createOwnServerListener(
  app: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return listenerFor(app, options, true);
}

function listenerFor(
  app: FetchHandler,
  options: NodeListenerOptions,
  reuseBuffers: boolean,
): (req: IncomingMessage, res: ServerResponse) => void {
  const trustProxy = options.trustProxy ?? 0;
  const onResponse = options.onResponse;
  return (req, res) => {
    let context: ListenerContext;
    if (onResponse) {
      const address = clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy);
      logExchange(req, res, address, onResponse);
      context = new ListenerContext(req, trustProxy, address);
    } else context = new ListenerContext(req, trustProxy);
    if (FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) {
      // The fetch API cannot represent these methods, so they never reach the handler; no path serves them.
      const message = `${req.method} is not allowed; use ${ALLOWED_METHODS}.`;
      writeResponse(
        errorResponse(405, 'method_not_allowed', message, { headers: [['allow', ALLOWED_METHODS]], Response: FAST_RESPONSE }),
        req,
        res,
      );
      return;
    }
    let answer: Promise<Response> | Response;
    try {
      answer = app.fetch(new NodeRequest(req, urlOf(req)) as unknown as Request, context);
    } catch {
      answerFailure(req, res);
      return;
    }
    Promise.resolve(answer)
      .then((response) => writeResponse(response, req, res, reuseBuffers))
      .then(undefined, () => answerFailure(req, res));
  };
}

/**
 * Writes a fetch `Response`: from its raw parts in one write when it is the adapter's own, else streamed. `reuseBuffers`:
 * `res` is Node's own `ServerResponse` on a socket, and nothing keeps what it is given once it has closed (see encodeBody).
 */
export function writeResponse(response: Response, req: IncomingMessage, res: ServerResponse, reuseBuffers = false): Promise<void> | void {
  const raw = NodeResponse.rawParts(response);
  if (raw === undefined) return stream(response, req, res);
  const headers = raw.headers;
  // A HEAD answer already carries the GET's Content-Length and no body.
  const body = req.method === 'HEAD' || raw.body === null ? undefined : reuseBuffers ? encodeBody(raw.body, res) : Buffer.from(raw.body);
  if (body !== undefined) headers.push('content-length', String(body.length));
  res.writeHead(raw.status, raw.statusText, headers);
  res.end(body);
}

async function stream(response: Response, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers: Record<string, string | string[]> = {};
  response.headers.forEach((value, name) => {
    headers[name] = value;
  });
  const cookies = response.headers.getSetCookie();
  if (cookies.length > 0) headers['set-cookie'] = cookies;
  const statusText = response.statusText || undefined;
  if (req.method === 'HEAD' || response.body === null) {
    await response.body?.cancel();
    res.writeHead(response.status, statusText, headers);
    res.end();
    return;
  }
  const reader = response.body.getReader();
  try {
    // A body that arrives in one chunk (every JSON answer) goes out in one write with a Content-Length, not chunked.
    const first = await reader.read();
    const second = first.done ? first : await reader.read();
    if (second.done) {
      if (headers['content-length'] === undefined) headers['content-length'] = String(first.value?.byteLength ?? 0);
      res.writeHead(response.status, statusText, headers);
      res.end(first.value);
      return;
    }
    res.writeHead(response.status, statusText, headers);
    res.write(first.value);
    let next: ReadableStreamReadResult<Uint8Array> = second;
    while (!next.done) {
      if (res.destroyed) return;
      if (!res.write(next.value)) await drainOrClose(res);
      next = await reader.read();
    }
    res.end();
  } finally {
    if (res.destroyed) await reader.cancel().catch(() => undefined);
  }
}

function drainOrClose(res: ServerResponse): Promise<void> {
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('drain', done);
      res.off('close', done);
      resolve();
    };
    res.on('drain', done);
    res.on('close', done);
  });
}

// A Host the URL parser keeps as it is can be concatenated without it: a dotted quad of 0-255, or a name whose last label is
// not a number (the parser reads `999.1.1.1`, `1.2.3.4.5` or `a.0x10` as IPv4 and rejects them). Anything else, bracketed
// IPv6 included, takes the parser's path below, which falls back to localhost instead of building a URL nothing can parse.
const PLAIN_HOST =
  /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::[0-9]{1,5})?$|^(?:[A-Za-z0-9-]*\.)*(?!(?:0x[0-9a-f]*|[0-9]+)\.?(?::|$))[A-Za-z0-9-]+\.?(?::[0-9]{1,5})?$/i;
// An origin-form target the URL parser would leave as it is: no escapes, dot segments, backslashes or fragments to normalise.
const PLAIN_TARGET = /^\/[A-Za-z0-9\-_~!$&'()*+,;=:@/?]*$/;

// The last Host found plain (for the last scheme), lower-cased: a client sends the same one on every request, so most
// requests skip its checks.
let lastPlainHost: string | undefined;
let lastPlainScheme = '';
let lastPlainHostLower = '';

/**
 * `host` lower-cased when the URL parser would keep it as it is (see PLAIN_HOST), else `undefined`. The parser also drops
 * the scheme's default port and a port's leading zeros (`example.com:80`, `a:0080`), and checks punycode labels (`xn--`):
 * such a Host takes its path.
 */
function plainHost(host: string, scheme: string): string | undefined {
  if (host === lastPlainHost && scheme === lastPlainScheme) return lastPlainHostLower;
  const port = /:([0-9]+)$/.exec(host)?.[1];
  if (!PLAIN_HOST.test(host) || /(?:^|\.)xn--/i.test(host)) return undefined;
  if (port !== undefined && (port.startsWith('0') || Number(port) > 65535 || Number(port) === (scheme === 'https' ? 443 : 80)))
    return undefined;
  lastPlainHost = host;
  lastPlainScheme = scheme;
  lastPlainHostLower = host.toLowerCase();
  return lastPlainHostLower;
}

function urlOf(req: IncomingMessage): string {
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const target = req.url ?? '/';
  const host = req.headers.host === undefined ? undefined : plainHost(req.headers.host, scheme);
  if (host !== undefined && PLAIN_TARGET.test(target) && !target.startsWith('//')) return `${scheme}://${host}${target}`;
  try {
    // Origin-form targets get the Host header's origin (concatenated, so `//x` stays a path); absolute-form
    // targets (`GET http://host/path`) keep their own.
    const origin = new URL(`${scheme}://${req.headers.host ?? 'localhost'}`).origin;
    return target.startsWith('/') ? new URL(origin + target).href : new URL(target).href;
  } catch {
    return `${scheme}://localhost${target.startsWith('/') ? target : '/'}`;
  }
}
