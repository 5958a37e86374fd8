import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import {
  API_PREFIX,
  createApp,
  errorResponse,
  STATUS_TEXT,
  type App,
  type AppOptions,
  type ErrorCode,
  type ErrorExtras,
} from '../http/index.js';
import type { QuotaStore } from '../core/quota-store.js';
import { clientAddressOf } from './client-address.js';
import { logExchange } from './access-log.js';
import { ALLOWED_METHODS } from '../http/response-headers.js';
import { createOwnServerListener, writeResponse, type AccessLogEntry } from './node-adapter.js';
import { NodeResponse, type RawResponseParts } from './node-response.js';
import { withQuotaStoreFailurePolicy, type QuotaStoreFailurePolicy } from './quota-store-failure.js';
import { createRedisQuotaStore, type RedisQuotaStore } from './redis-quota-store.js';
import { redactSecrets } from './redact-secrets.js';
import { guardRequestListener, type RequestListener } from './request-guard.js';
import { createStaticFiles } from './static-files.js';
import { guardWriteStalls } from './write-stall-guard.js';

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
  /** Operational messages: quota store outages and recoveries. @default a line on stderr */
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
   * Milliseconds a connection may hold response bytes that its client does not read before it is closed (checked every
   * second, so it closes within this bound plus one second). @default 10000
   */
  writeStallTimeout?: number;
  /** Open connections at most; further ones are closed as soon as they are accepted. @default 1024 */
  maxConnections?: number;
  /**
   * Replaces the app's request listener behind the server's own checks (size limits, Host, demo files, the last line of
   * defence). For tests of that defence; leave unset otherwise.
   */
  requestListener?: RequestListener;
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

/** The server's own refusals, in the service's error vocabulary (same body, same common headers), closing the connection. */
function refusal(status: number, error: ErrorCode, message: string, extras?: ErrorExtras, headers: [string, string][] = []): Response {
  const Response = NodeResponse as unknown as typeof globalThis.Response;
  return errorResponse(status, error, message, { ...(extras ? { extras } : {}), headers: [...headers, ['connection', 'close']], Response });
}

const uriTooLong = (limit: number): Response =>
  refusal(414, 'uri_too_long', `The request URL is longer than ${limit} bytes.`, { max_length: limit });

/**
 * Creates the siret-mock server: the fetch handler of `createApp(options)` on `node:http`, with timeouts, size limits
 * answered by clean 414/431 JSON errors, the built demo at `/` when present, and a graceful `close()`.
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
  const app = createApp({ ...options, ...(store ? { store } : {}) });

  const onAccess = options.onAccess;
  const appListener: RequestListener =
    options.requestListener ?? createOwnServerListener(app, { trustProxy, ...(onAccess ? { onResponse: onAccess } : {}) });
  const demoDir = options.demoDir ?? defaultDemoDir();
  const staticFiles = demoDir === false ? undefined : createStaticFiles(demoDir);

  const logged = (req: IncomingMessage, res: ServerResponse): void => {
    if (onAccess) logExchange(req, res, clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy), onAccess);
  };

  let closing: Promise<void> | undefined;
  // Answers not yet finished, so that those still to be written when shutdown begins can say `Connection: close`.
  const inFlight = new Set<ServerResponse>();
  // One shared listener (Node calls it with the response as `this`): no closure or once-wrapper per request.
  function forget(this: ServerResponse): void {
    inFlight.delete(this);
  }
  const server = createServer(
    {
      maxHeaderSize: options.maxHeaderSize ?? 16_384,
      headersTimeout: options.headersTimeout ?? 10_000,
      requestTimeout: options.requestTimeout ?? 30_000,
      keepAliveTimeout: options.keepAliveTimeout ?? 5_000,
      // How often header and request timeouts are checked (Node's default, 30 s, would let them overrun by that much).
      connectionsCheckingInterval: 1_000,
      // Node's own answer to a missing Host is an empty 400; ours below has a JSON body.
      requireHostHeader: false,
    },
    guardRequestListener((req, res) => {
      // Once shutdown has begun, every answer says so: a client must not send another request on this connection.
      if (closing !== undefined) res.shouldKeepAlive = false;
      else {
        inFlight.add(res);
        res.on('close', forget);
      }
      let url = req.url ?? '/';
      // A fragment is not part of the resource (URL standard): `/x#y?quantity=60` has no query. Clients never send one.
      const hash = url.indexOf('#');
      if (hash !== -1) req.url = url = url.slice(0, hash);
      if (url.length > maxUrlLength) {
        logged(req, res);
        void writeResponse(uriTooLong(maxUrlLength), req, res);
        return;
      }
      if (req.headers.host === undefined && req.httpVersion === '1.1') {
        logged(req, res);
        void writeResponse(refusal(400, 'bad_request', 'An HTTP/1.1 request needs a Host header.'), req, res);
        return;
      }
      // The demo's files, when built; everything else (and `/` without a demo: a 404 naming the API's paths) is the app's.
      if (staticFiles && !url.startsWith(API_PREFIX) && staticFiles(req, res)) {
        logged(req, res);
        return;
      }
      return appListener(req, res);
    }, log),
  );
  server.maxConnections = options.maxConnections ?? 1024;
  let lastDropWarning = -Infinity;
  server.on('drop', () => {
    // One line a minute at most: a flood of refused connections must not become a flood of log lines.
    if (performance.now() - lastDropWarning < 60_000) return;
    lastDropWarning = performance.now();
    log(`warning: ${server.maxConnections} connections open (--max-connections); closing new ones until some end`);
  });
  const stopStallGuard = guardWriteStalls(server, { timeoutMs: options.writeStallTimeout ?? 10_000 });
  // CONNECT never reaches the request listener (Node hands over the socket); it is answered here like any refused method.
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    const message = `${req.method ?? 'CONNECT'} is not allowed; use ${ALLOWED_METHODS}.`;
    writeRawResponse(socket, refusal(405, 'method_not_allowed', message, undefined, [['allow', ALLOWED_METHODS]]), false);
  });
  // Node answers an Expect other than 100-continue with an empty 417 of its own unless someone listens.
  server.on('checkExpectation', (req: IncomingMessage, res: ServerResponse) => {
    guardRequestListener(() => {
      void writeResponse(refusal(417, 'expectation_failed', 'The only Expect value supported is 100-continue.'), req, res);
    }, log)(req, res);
  });
  server.on('clientError', (error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket) => {
    answerClientError(error, socket, maxUrlLength);
  });

  const close = (): Promise<void> => {
    if (closing === undefined) {
      for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
      inFlight.clear();
    }
    closing ??= (async () => {
      const drainTimeout = options.drainTimeout ?? 10_000;
      const wasListening = server.listening;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections that finish their request while we drain must not linger until their timeout.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, drainTimeout).unref());
      if (wasListening) await Promise.race([closed, deadline]);
      clearInterval(idleSweep);
      stopStallGuard();
      server.closeAllConnections();
      await store?.close?.();
    })();
    return closing;
  };

  return {
    server,
    app,
    servesDemo: staticFiles !== undefined,
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

// The demo is built into the package's dist/demo. Compiled, this code sits somewhere under dist/ (an entry point or a shared
// chunk: tsdown.config.mjs decides); from the TypeScript sources (src/node, run through tsx) it is the repository's dist/demo.
function defaultDemoDir(): string {
  const url = import.meta.url;
  const dist = url.lastIndexOf('/dist/');
  const compiled = dist !== -1 && !url.endsWith('.ts');
  return fileURLToPath(compiled ? new URL('demo/', url.slice(0, dist + '/dist/'.length)) : new URL('../../dist/demo/', url));
}

/** Writes a whole JSON error answer on a socket Node no longer manages, then closes it. Never throws. */

/**
 * Answers a request Node's parser refused, then closes the connection: 414/431 when the request line or headers are too
 * large, 408 on a timeout, 400 otherwise. Never throws, whatever the socket's state.
 */
function answerClientError(error: NodeJS.ErrnoException & { rawPacket?: Buffer }, socket: Socket, maxUrlLength: number): void {
  try {
    if (error.code === 'ECONNRESET' || !socket.writable || socket.writableEnded) {
      socket.destroy();
      return;
    }
    let response = refusal(400, 'bad_request', 'The request is not valid HTTP/1.1.');
    if (error.code === 'HPE_HEADER_OVERFLOW') {
      // The parser counts the request line with the headers: if the line alone is over the URL limit, say so.
      const raw = error.rawPacket?.toString('latin1') ?? '';
      const lineEnd = raw.indexOf('\n');
      response =
        lineEnd === -1 || lineEnd > maxUrlLength
          ? uriTooLong(maxUrlLength)
          : refusal(431, 'request_header_fields_too_large', 'The request headers are too large.');
    } else if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT' || error.code === 'HPE_HEADERS_TIMEOUT') {
      response = refusal(408, 'request_timeout', 'The request was not received in time.');
    }
    // An answer to HEAD carries no body: a HEAD client would read body bytes as the start of another response.
    writeRawResponse(socket, response, error.rawPacket?.subarray(0, 5).toString('latin1') === 'HEAD ');
  } catch {
    socket.destroy();
  }
}

/** Writes a refusal straight to a socket Node's HTTP layer has let go of (parser errors, CONNECT), then closes it. */
function writeRawResponse(socket: Socket, response: Response, head: boolean): void {
  try {
    const { status, headers, body } = NodeResponse.rawParts(response) as RawResponseParts;
    const text = head ? '' : (body ?? '');
    let lines = `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? ''}\r\n`;
    for (let i = 0; i + 1 < headers.length; i += 2) lines += `${headers[i]}: ${headers[i + 1]}\r\n`;
    socket.on('error', () => socket.destroy());
    socket.end(`${lines}content-length: ${Buffer.byteLength(text)}\r\n\r\n${text}`);
  } catch {
    socket.destroy();
  }
}
