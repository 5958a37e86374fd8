import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { FastResponse, sendNodeResponse } from 'srvx/node';
import { staticMiddleware } from 'srvx/static';
import type { QuotaStore } from '../core/quota/index.js';
import type { App, AppOptions } from '../http/app-options.js';
import { createServiceRoutes } from '../http/create-app.js';
import { ALLOWED_METHODS, type HeaderList } from '../http/response-headers.js';
import { createResponses, errorParts, type ErrorParts } from '../http/responses.js';
import { PRICING_PATH } from '../http/pricing-page.js';
import { API_PREFIX, ROUTES } from '../http/routes.js';
import type { ErrorCode, ErrorExtras } from '../http/wire-types.js';
import { logExchange, type AccessLogEntry } from './access-log.js';
import { clientAddressOf } from './client-address.js';
import { createAnswerQueue, limitConnectionsPerClient, limitPipelinedReads } from './connection-limits.js';
import { createFetchListener, type FetchHandler } from './node-listener.js';
import { withQuotaStoreFailurePolicy, type QuotaStoreFailurePolicy } from './quota-store-failure.js';
import { createRedisQuotaStore, type RedisQuotaStore } from './redis-quota-store.js';
import { redactSecrets } from './redact-secrets.js';
import { guardRequestListener } from './request-guard.js';

export interface SiretServerOptions extends AppOptions {
  /** Proxy hops whose `X-Forwarded-For` entries are trusted (0: the header is ignored). @default 0 */
  trustProxy?: number;
  /** Redis URL of a quota store shared by several processes; without it (and without `store`) quotas live in memory. */
  redis?: string;
  /** While the quota store cannot be reached: `closed` answers 503, `open` admits uncounted. @default 'closed' */
  quotaStoreFailure?: QuotaStoreFailurePolicy;
  /** Folder of the built demo served at `/`; `false` serves none. @default the package's dist/demo */
  demoDir?: string | false;
  /** One call per finished request (the CLI prints them as access-log lines). */
  onAccess?: (entry: AccessLogEntry) => void;
  /** Operational messages: quota store outages and recoveries, refused connections, internal errors. @default a line on stderr */
  log?: (message: string) => void;
  /** Longest request target in bytes before a 414. @default 8192 */
  maxUrlLength?: number;
  /** Largest request line plus headers in bytes before a 431 (or a 414 when the request line alone is too long). @default 16384 */
  maxHeaderSize?: number;
  /** Milliseconds to receive the request headers. @default 10000 */
  headersTimeout?: number;
  /** Milliseconds to receive the whole request. @default 30000 */
  requestTimeout?: number;
  /** Milliseconds an idle keep-alive connection stays open. @default 5000 */
  keepAliveTimeout?: number;
  /** Milliseconds `close()` waits for in-flight requests before cutting their connections. @default 10000 */
  drainTimeout?: number;
  /**
   * Milliseconds an answer has, from its start, to be handed whole to the operating system; a connection whose answer is
   * not is reset, however many bytes its client keeps reading. @default 10000
   */
  responseTimeout?: number;
  /** Open connections at most; further ones are closed as soon as they are accepted. @default 1024 */
  maxConnections?: number;
  /** Open connections one client (keyed as the quota keys callers, by socket address) may hold; further ones are closed. @default 256 */
  maxConnectionsPerClient?: number;
}

/** A running (or ready to run) siret-mock HTTP server. */
export interface SiretServer {
  readonly server: Server;
  readonly app: App;
  /** Whether the built demo is served at `/`. */
  readonly servesDemo: boolean;
  /** Starts listening; resolves with the base URL (`http://127.0.0.1:3000`). Port 0 picks a free port. */
  listen(port?: number, host?: string): Promise<URL>;
  /** Stops accepting, lets in-flight requests finish (up to `drainTimeout`), then closes the quota store. */
  close(): Promise<void>;
}

/** Requests one connection may have waiting behind the answer in progress (pipelined); one more resets it. */
const MAX_PIPELINED = 32;
/** Request body bytes read and discarded before the next request of a connection; a longer body closes the connection instead. */
const MAX_IGNORED_BODY = 1024;
// The demo page: scripts, styles and workers from its own origin only, requests to any http(s) server (its server switch),
// and no framing by another page.
const DEMO_HEADERS: HeaderList = [
  [
    'content-security-policy',
    "default-src 'self'; connect-src 'self' http: https:; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
  ],
  ['x-frame-options', 'DENY'],
];
const fastResponses = createResponses(FastResponse as unknown as typeof Response);

/**
 * Creates the siret-mock server: the fetch handler of `createApp(options)` on `node:http` through srvx, with Node's own
 * timeouts and connection limit, an answer deadline, size limits answered by clean 414/431 JSON errors, the built demo at
 * `/` when present, and a graceful `close()`.
 * @example const server = createSiretServer({ redis: 'redis://127.0.0.1:6379' }); await server.listen(3000)
 */
export function createSiretServer(options: SiretServerOptions = {}): SiretServer {
  const rawLog = options.log ?? ((message: string) => process.stderr.write(`siret-mock: ${message}\n`));
  // Redis errors and request URLs may carry a password; no line leaves the server with one.
  const log = (message: string): void => rawLog(redactSecrets(message));
  const maxUrlLength = options.maxUrlLength ?? 8192;
  const trustProxy = options.trustProxy ?? 0;
  const redisStore =
    options.store || options.redis === undefined ? undefined : createRedisQuotaStore(options.redis, { onError: () => undefined });
  const baseStore: QuotaStore | undefined = options.store ?? redisStore;
  const store = baseStore && withQuotaStoreFailurePolicy(baseStore, { policy: options.quotaStoreFailure ?? 'closed', log });
  const routes = createServiceRoutes({ ...options, ...(store ? { store } : {}) }, FastResponse as unknown as typeof Response);
  const { fetch, setUsage, exhaust, audit, reset } = routes;
  const app: App = { fetch, store: routes.store, clock: routes.clock, setUsage, exhaust, audit, reset };
  const demo = demoFiles(options.demoDir ?? defaultDemoDir());
  const appListener = createFetchListener(demo ? withDemo(app, demo) : app, trustProxy);
  const onAccess = options.onAccess;

  let closing: Promise<void> | undefined;
  const answer = guardRequestListener(
    (req, res) => {
      // Once shutdown has begun, every answer says so: a client must not send another request on this connection.
      if (closing !== undefined) res.shouldKeepAlive = false;
      if ((req.url?.length ?? 0) > maxUrlLength)
        return refuse(res, 414, 'uri_too_long', uriTooLong(maxUrlLength), { max_length: maxUrlLength });
      const hosts = hostCount(req.rawHeaders);
      if (hosts === 0 && req.httpVersion === '1.1') return refuse(res, 400, 'bad_request', 'An HTTP/1.1 request needs a Host header.');
      if (hosts > 1) return refuse(res, 400, 'bad_request', 'A request may carry one Host header; this one has several.');
      // The service reads no request body: rather than read a long or unbounded one to reach the next request, close.
      const length = req.headers['content-length'];
      if (req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > MAX_IGNORED_BODY))
        res.shouldKeepAlive = false;
      return appListener(req, res);
    },
    fastResponses,
    log,
  );
  const answers = createAnswerQueue(answer, {
    responseTimeout: options.responseTimeout ?? 10_000,
    maxPending: MAX_PIPELINED,
  });
  const server = createServer(
    {
      maxHeaderSize: options.maxHeaderSize ?? 16_384,
      headersTimeout: options.headersTimeout ?? 10_000,
      requestTimeout: options.requestTimeout ?? 30_000,
      keepAliveTimeout: options.keepAliveTimeout ?? 5_000,
      // How often header and request timeouts are checked (Node's default, 30 s, would let them overrun by that much).
      connectionsCheckingInterval: 1_000,
      // Node's own answer to a missing Host is an empty 400; ours has a JSON body.
      requireHostHeader: false,
    },
    (req, res) => {
      if (onAccess) logExchange(req, res, clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy), onAccess);
      answers.enqueue(req, res);
    },
  );
  server.maxConnections = options.maxConnections ?? 1024;
  limitPipelinedReads(server, MAX_PIPELINED);
  const warnFull = rateLimitedLog(log);
  server.on('drop', () =>
    warnFull(`warning: ${server.maxConnections} connections open (--max-connections); closing new ones until some end`),
  );
  const perClient = options.maxConnectionsPerClient ?? 256;
  const warnClient = rateLimitedLog(log);
  limitConnectionsPerClient(server, perClient, (client) =>
    warnClient(`warning: ${client} holds ${perClient} connections (--max-connections-per-client); closing its new ones`),
  );
  // CONNECT never reaches the request listener (Node hands over the socket); it is answered here like any refused method.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    writeRaw(socket, methodNotAllowed(req.method ?? 'CONNECT'), false);
  });
  // Node answers an Expect other than 100-continue with an empty 417 of its own unless someone listens.
  server.on('checkExpectation', (_req: IncomingMessage, res: ServerResponse) => {
    refuse(res, 417, 'expectation_failed', 'The only Expect value supported is 100-continue.').catch(() => res.destroy());
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    answerClientError(error, socket, maxUrlLength);
  });

  const close = (): Promise<void> => {
    // Answers under way that have not started writing can still say `Connection: close` (those waiting for their turn read
    // `closing` when they start).
    if (closing === undefined) for (const res of answers.answering.keys()) if (!res.headersSent) res.shouldKeepAlive = false;
    closing ??= (async () => {
      const wasListening = server.listening;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections that finish their request while we drain must not linger until their timeout.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, options.drainTimeout ?? 10_000).unref());
      if (wasListening) await Promise.race([closed, deadline]);
      clearInterval(idleSweep);
      answers.stop();
      server.closeAllConnections();
      await store?.close?.();
    })();
    return closing;
  };

  return {
    server,
    app,
    servesDemo: demo !== undefined,
    async listen(port = 3000, host = '127.0.0.1') {
      // Wait briefly for Redis so the first requests are counted; if it is down, start anyway and say so once.
      await redisStore?.ready().then(
        () => warnOnEvictionPolicy(redisStore, log),
        (error: unknown) => store?.reportOutage(error instanceof Error ? error : new Error(String(error))),
      );
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          server.off('error', reject);
          resolve();
        });
      });
      const address = server.address() as AddressInfo;
      const hostname = address.family === 'IPv6' ? `[${address.address}]` : address.address;
      return new URL(`http://${hostname}:${address.port}`);
    },
    close,
  };
}

/** Answers one request with the service's JSON error and `Connection: close`. */
function refuse(res: ServerResponse, status: number, code: ErrorCode, message: string, extras?: Partial<ErrorExtras>): Promise<void> {
  res.shouldKeepAlive = false;
  return sendNodeResponse(res, fastResponses.error(status, code, message, extras));
}

const uriTooLong = (limit: number): string => `The request URL is longer than ${limit} bytes.`;

const methodNotAllowed = (method: string): ErrorParts =>
  errorParts(405, 'method_not_allowed', `${method} is not allowed; use ${ALLOWED_METHODS}.`, undefined, [['allow', ALLOWED_METHODS]]);

/** How many Host fields a request carries (Node keeps the first of several in `headers`). */
function hostCount(rawHeaders: string[]): number {
  let count = 0;
  for (let i = 0; i < rawHeaders.length; i += 2)
    if ((rawHeaders[i] as string).length === 4 && rawHeaders[i]?.toLowerCase() === 'host') count++;
  return count;
}

type DemoFiles = (request: Request) => Promise<Response | undefined>;

/**
 * The files of a built demo folder (one with an `index.html`) through `srvx/static`, for GET and HEAD; `undefined` for a
 * path that is not such a file (missing, outside the folder through `..` or a symlink, unreadable, badly encoded).
 */
function demoFiles(folder: string | false): DemoFiles | undefined {
  if (folder === false || !existsSync(join(folder, 'index.html'))) return undefined;
  const files = staticMiddleware({ dir: folder, compress: false, ranges: false });
  const none = (): Response => NO_FILE;
  return async (request) => {
    const file = await files(request as never, none);
    return file === NO_FILE || file.status >= 400 ? undefined : file;
  };
}
const NO_FILE = new Response(null, { status: 404 });

// The app's own paths outside the API prefix: never looked up among the demo's files.
const APP_PATHS = new Set([...ROUTES.map((route) => route.path), PRICING_PATH]);

/** The app behind the demo's files: the app's paths always go to the app; other paths are a file of the demo, or the app's 404. */
function withDemo(app: FetchHandler, demo: DemoFiles): FetchHandler {
  return {
    async fetch(request, context) {
      const path = new URL(request.url).pathname;
      const file = path.startsWith(API_PREFIX) || APP_PATHS.has(path) ? undefined : await demo(request);
      if (file === undefined) return app.fetch(request, context);
      // Vite fingerprints asset names; index.html must be revalidated so a rebuilt demo is picked up.
      const assets = path.startsWith('/assets/');
      file.headers.set('cache-control', assets ? 'public, max-age=31536000, immutable' : 'no-cache');
      file.headers.set('x-content-type-options', 'nosniff');
      if (file.headers.get('content-type')?.startsWith('text/html'))
        for (const [name, value] of DEMO_HEADERS) file.headers.set(name, value);
      return file;
    },
  };
}

// The demo is built into the package's dist/demo. Compiled, this code sits somewhere under dist/ (an entry point or a shared
// chunk: tsdown.config.mjs decides); from the TypeScript sources (src/node, run through tsx) it is the repository's dist/demo.
function defaultDemoDir(): string {
  const url = import.meta.url;
  const dist = url.lastIndexOf('/dist/');
  const compiled = dist !== -1 && !url.endsWith('.ts');
  return fileURLToPath(compiled ? new URL('demo/', url.slice(0, dist + '/dist/'.length)) : new URL('../../dist/demo/', url));
}

/** One line a minute at most: a flood of refused connections must not become a flood of log lines. */
function rateLimitedLog(log: (message: string) => void): (message: string) => void {
  let last = -Infinity;
  return (message) => {
    if (performance.now() - last < 60_000) return;
    last = performance.now();
    log(message);
  };
}

/**
 * Quota keys carry a TTL, so `noeviction` and the `volatile-*` policies keep them until their windows end; an `allkeys-*`
 * policy may evict them under memory pressure and silently hand their callers a fresh allowance. Said once, at start.
 */
async function warnOnEvictionPolicy(store: RedisQuotaStore, log: (message: string) => void): Promise<void> {
  const policy = await store.maxmemoryPolicy();
  if (policy?.startsWith('allkeys-')) {
    log(
      `warning: Redis maxmemory-policy is ${policy}: under memory pressure it may evict quota keys and reset callers' quotas; use noeviction or a volatile-* policy`,
    );
  }
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
  let response: ErrorParts = errorParts(400, 'bad_request', 'The request is not valid HTTP/1.1.');
  if (error.code === 'HPE_HEADER_OVERFLOW') {
    // The parser counts the request line with the headers: if the line alone is over the URL limit, say so.
    const lineEnd = raw.indexOf('\n');
    response =
      lineEnd === -1 || lineEnd > maxUrlLength
        ? errorParts(414, 'uri_too_long', uriTooLong(maxUrlLength), { max_length: maxUrlLength })
        : errorParts(431, 'request_header_fields_too_large', 'The request headers are too large.');
  } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADERS_TIMEOUT') {
    response = errorParts(408, 'request_timeout', 'The request was not received in time.');
  } else if (error.code === 'HPE_INVALID_METHOD') {
    const method = UNKNOWN_METHOD.exec(raw)?.[1];
    if (method !== undefined) response = methodNotAllowed(method);
  }
  // An answer to HEAD carries no body: a HEAD client would read body bytes as the start of another response.
  writeRaw(socket, response, raw.startsWith('HEAD '));
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
