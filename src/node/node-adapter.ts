import type { IncomingMessage, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ServiceRequest, ServiceResponse } from '../http/service-exchange.js';
import { clientAddressOf } from './client-address.js';

/** What the adapter passes to the fetch handler besides the request. */
export interface NodeRequestContext {
  /** The caller key: client IP, IPv6 grouped by /56, IPv4-mapped IPv6 as IPv4. */
  clientAddress?: string;
}

/**
 * Anything with a fetch handler: `createApp(options)` from `siret-mock/node`, or a Hono app. An app that also has
 * `handle` (siret-mock's own) is called with a light view of the request and answers plain data, which the adapter
 * writes directly: no `Request`, `Headers` or `Response` objects per request.
 */
export interface FetchHandler {
  fetch(request: Request, context?: NodeRequestContext): Promise<Response>;
  handle?(request: ServiceRequest, context?: NodeRequestContext): Promise<ServiceResponse>;
}

/** One finished exchange, for access logs. */
export interface AccessLogEntry {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Status sent, or 0 when the client went away before the response started. */
  status: number;
  clientAddress: string;
  durationMs: number;
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

const ERROR_HEADERS = { 'content-type': 'application/json', 'cache-control': 'no-store', 'access-control-allow-origin': '*' };
const INTERNAL_ERROR = JSON.stringify({ error: 'internal_error', message: 'The server could not answer this request.' });
const METHOD_NOT_ALLOWED = JSON.stringify({ error: 'method_not_allowed', message: 'Method not allowed. Allowed: GET, HEAD, OPTIONS.' });
const FETCH_FORBIDDEN_METHODS = new Set(['CONNECT', 'TRACE', 'TRACK']);

/**
 * Turns a fetch handler into a `node:http` request listener: IncomingMessage to Request, `app.fetch`, and the Response
 * streamed back (status, headers, body with backpressure; no body for HEAD). Its only logic is the caller address.
 * @example http.createServer(createNodeListener(createApp(), { trustProxy: 1 })).listen(3000)
 */
export function createNodeListener(app: FetchHandler, options: NodeListenerOptions = {}): (req: IncomingMessage, res: ServerResponse) => void {
  const trustProxy = options.trustProxy ?? 0;
  const onResponse = options.onResponse;
  return (req, res) => {
    const started = performance.now();
    // Computed when first needed: the lifetime tier never counts callers, so it never pays for parsing addresses.
    let address: string | undefined;
    const addressOf = (): string => (address ??= clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy));
    if (onResponse) {
      const clientAddress = addressOf();
      res.once('close', () => {
        const entry = { method: req.method ?? '', url: req.url ?? '', status: res.headersSent ? res.statusCode : 0, clientAddress };
        onResponse({ ...entry, durationMs: performance.now() - started });
      });
    }
    if (FETCH_FORBIDDEN_METHODS.has(req.method ?? '')) {
      // The fetch API cannot represent these methods, so they never reach the handler; no path serves them.
      res.writeHead(405, { ...ERROR_HEADERS, allow: 'GET, HEAD, OPTIONS' });
      res.end(METHOD_NOT_ALLOWED);
      return;
    }
    const context: NodeRequestContext = {
      get clientAddress() {
        return addressOf();
      },
    };
    (app.handle ? respondPlain(app.handle.bind(app), req, res, context) : respond(app, req, res, context)).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500, ERROR_HEADERS);
        res.end(INTERNAL_ERROR);
      } else res.destroy();
    });
  };
}

/** A header's value as the fetch API would give it: repeated headers joined with ", ". */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

async function respondPlain(
  handle: NonNullable<FetchHandler['handle']>,
  req: IncomingMessage,
  res: ServerResponse,
  context: NodeRequestContext,
): Promise<void> {
  const request: ServiceRequest = { method: req.method ?? 'GET', url: urlOf(req), headers: { get: (name) => headerOf(req, name) } };
  const response = await handle(request, context);
  const headers = flatHeaders(response.headers);
  // One encoding pass gives both the bytes and their count; one write with a Content-Length.
  const body = req.method === 'HEAD' || response.body === null ? undefined : Buffer.from(response.body);
  if (body !== undefined) headers.push('content-length', String(body.length));
  res.writeHead(response.status, response.statusText || undefined, headers);
  res.end(body);
}

// The service answers with a few constant header lists; their flat [name, value, ...] form is computed once per list.
const flatCache = new WeakMap<ServiceResponse['headers'], string[]>();

/** `[name, value, name, value, ...]`, the form `writeHead` takes fastest; a fresh copy the caller may extend. */
function flatHeaders(list: ServiceResponse['headers']): string[] {
  let flat = flatCache.get(list);
  if (flat === undefined) {
    flat = list.flatMap(([name, value]) => [name, value]);
    flatCache.set(list, flat);
  }
  return flat.slice();
}

async function respond(app: FetchHandler, req: IncomingMessage, res: ServerResponse, context: NodeRequestContext): Promise<void> {
  const response = await app.fetch(toRequest(req), context);
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

function toRequest(req: IncomingMessage): Request {
  const method = req.method ?? 'GET';
  const headers = new Headers();
  const raw = req.rawHeaders;
  for (let i = 0; i + 1 < raw.length; i += 2) {
    try {
      headers.append(raw[i] as string, raw[i + 1] as string);
    } catch {
      // A header the fetch API refuses (Node's parser is more lenient) is dropped rather than failing the request.
    }
  }
  const hasBody = method !== 'GET' && method !== 'HEAD';
  const init: RequestInit & { duplex?: 'half' } = { method, headers };
  if (hasBody) {
    init.body = Readable.toWeb(req) as ReadableStream<Uint8Array>;
    init.duplex = 'half';
  }
  return new Request(urlOf(req), init);
}

// A Host the URL parser keeps as it is can be concatenated without it: a dotted quad of 0-255, or a name whose last label is
// not a number (the parser reads `999.1.1.1`, `1.2.3.4.5` or `a.0x10` as IPv4 and rejects them). Anything else, bracketed
// IPv6 included, takes the parser's path below, which falls back to localhost instead of building a URL nothing can parse.
const PLAIN_HOST = /^(?:(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)\.){3}(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?::[0-9]{1,5})?$|^(?:[A-Za-z0-9-]*\.)*(?!(?:0x[0-9a-f]*|[0-9]+)\.?(?::|$))[A-Za-z0-9-]+\.?(?::[0-9]{1,5})?$/i;
// An origin-form target the URL parser would leave as it is: no escapes, dot segments, backslashes or fragments to normalise.
const PLAIN_TARGET = /^\/[A-Za-z0-9\-_~!$&'()*+,;=:@/?]*$/;

function urlOf(req: IncomingMessage): string {
  const scheme = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  const target = req.url ?? '/';
  const host = req.headers.host;
  const port = host === undefined ? '' : (/:([0-9]+)$/.exec(host)?.[1] ?? '');
  if (host !== undefined && PLAIN_HOST.test(host) && Number(port) <= 65535 && PLAIN_TARGET.test(target) && !target.startsWith('//')) {
    return `${scheme}://${host.toLowerCase()}${target}`;
  }
  try {
    // Origin-form targets get the Host header's origin (concatenated, so `//x` stays a path); absolute-form
    // targets (`GET http://host/path`) keep their own.
    const origin = new URL(`${scheme}://${req.headers.host ?? 'localhost'}`).origin;
    return target.startsWith('/') ? new URL(origin + target).href : new URL(target).href;
  } catch {
    return `${scheme}://localhost${target.startsWith('/') ? target : '/'}`;
  }
}
