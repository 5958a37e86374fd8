import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { serve, FastResponse } from 'srvx/node';
import type { Server as SrvxServer, ServerRequest } from 'srvx';
import { createServiceRoutes, type App } from '../../http/index.js';
import { createAnswerQueue, limitConnectionsPerClient, limitPipelinedReads } from './connection-limits.js';
import { withDemoFiles } from './demo-files.js';
import { answerFailure, contextOf, nodeResponses, normalizeTarget } from './node-listener.js';
import { withQuotaStoreFailurePolicy, createRedisQuotaStore, type RedisQuotaStore } from '../redis/index.js';
import { redactSecrets } from './redact-secrets.js';
import { answerRefusals, refusalOf } from './refusals.js';
import { SERVER_DEFAULTS, type AccessLogEntry, type SiretServerOptions } from './server-options.js';

/** A running (or ready to run) siret-mock HTTP server. */
export interface SiretServer {
  /** The Node server (srvx's `server.node.server`), once `listen()` has made it. */
  readonly server: Server;
  readonly app: App;
  /** Whether the built demo is served at `/`. */
  readonly servesDemo: boolean;
  /** Starts listening; resolves with the base URL (`http://127.0.0.1:3000`). Port 0 picks a free port. */
  listen(port?: number, hostname?: string): Promise<URL>;
  /**
   * Stops accepting, lets in-flight requests finish (up to `node.drainTimeout`), then closes the quota store.
   * `closeAll` cuts the connections still open at once (a second call may say so while the first drains).
   */
  close(closeAll?: boolean): Promise<void>;
}

/** Requests one connection may have waiting behind the answer in progress (pipelined); one more resets it. */
const MAX_PIPELINED = 32;
/** Request body bytes read and discarded before the next request of a connection; a longer body closes the connection instead. */
const MAX_IGNORED_BODY = 1024;

/** True when a request carries a body the service will not read through: answered, its connection closes. */
function hasUnreadBody(req: IncomingMessage): boolean {
  const length = req.headers['content-length'];
  return req.headers['transfer-encoding'] !== undefined || (length !== undefined && Number(length) > MAX_IGNORED_BODY);
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

/** Calls `onAccess` once the exchange is over (response sent or connection closed), for the app's answers and refusals alike. */
function logExchange(req: IncomingMessage, res: ServerResponse, caller: string, onAccess: (entry: AccessLogEntry) => void): void {
  const started = performance.now();
  res.once('close', () => {
    const status = res.headersSent ? res.statusCode : 0;
    onAccess({ method: req.method ?? '', url: req.url ?? '', status, caller, durationMs: performance.now() - started });
  });
}

/**
 * Creates the siret-mock server: the fetch handler of `createApp(options)` served by srvx's `serve()` on `node:http`,
 * with Node's own timeouts and connection limit, an answer deadline, per-client and pipelining bounds, the contract's
 * JSON for what Node refuses, the built demo at `/` when present, and a graceful `close()`.
 * @example const server = createSiretServer({ redis: 'redis://127.0.0.1:6379' }); await server.listen(3000)
 */
export function createSiretServer(options: SiretServerOptions = {}): SiretServer {
  const rawLog = options.log ?? ((message: string) => process.stderr.write(`siret-mock: ${message}\n`));
  // Redis errors and request URLs may carry a password; no line leaves the server with one.
  const log = (message: string): void => rawLog(redactSecrets(message));
  const limits = { ...SERVER_DEFAULTS.node, ...options.node };
  const trustProxy = options.trustProxy ?? SERVER_DEFAULTS.trustProxy;
  const redisStore =
    options.store || options.redis === undefined ? undefined : createRedisQuotaStore(options.redis, { onError: () => undefined });
  const baseStore = options.store ?? redisStore;
  const policy = options.quotaStoreFailure ?? SERVER_DEFAULTS.quotaStoreFailure;
  const store = baseStore && withQuotaStoreFailurePolicy(baseStore, { policy, log });
  const routes = createServiceRoutes({ ...options, ...(store ? { store } : {}) }, FastResponse as unknown as typeof Response);
  const { setUsage, exhaust, audit, reset } = routes;
  const app: App = { fetch: routes.fetch, store: routes.store, clock: routes.clock, setUsage, exhaust, audit, reset };
  const site = withDemoFiles(app.fetch, options.demoDir, options.control === true) ?? app.fetch;
  const onAccess = options.onAccess;

  let closing: Promise<void> | undefined;
  let srvx: SrvxServer | undefined;

  /**
   * What srvx serves: the refusals Node's parser lets through, or the site's answer. Whether the connection serves another
   * request after this answer is decided here, the one place: not after a refusal or a request body left unread, and not
   * once shutdown has begun (an answer made during the drain says `Connection: close`).
   */
  const fetch = async (request: ServerRequest): Promise<Response> => {
    const req = request.runtime?.node?.req as IncomingMessage;
    const refusal = refusalOf(req, limits.maxUrlLength);
    const response = refusal ? nodeResponses.error(refusal) : await site(request, contextOf(req, trustProxy));
    if (refusal || closing !== undefined || hasUnreadBody(req)) (request.runtime?.node?.res as ServerResponse).shouldKeepAlive = false;
    return response;
  };

  let stopAnswers = (): void => undefined;
  const drain = async (): Promise<void> => {
    const server = srvx?.node?.server as Server | undefined;
    if (server?.listening) {
      // Keep-alive connections that finish their request while we drain must not linger until their timeout.
      const idleSweep = setInterval(() => server.closeIdleConnections(), 50);
      const deadline = new Promise<void>((resolve) => setTimeout(resolve, limits.drainTimeout).unref());
      await Promise.race([srvx?.close(), deadline]);
      clearInterval(idleSweep);
    }
    stopAnswers();
    await srvx?.close(true);
    await store?.close?.();
  };

  return {
    get server(): Server {
      const server = srvx?.node?.server;
      if (server === undefined) throw new TypeError('The Node server exists once listen() has been called.');
      return server as Server;
    },
    app,
    servesDemo: site !== app.fetch,
    async listen(port = SERVER_DEFAULTS.port, hostname = SERVER_DEFAULTS.hostname) {
      // Wait briefly for Redis so the first requests are counted; if it is down, start anyway and say so once.
      await redisStore?.ready().then(
        () => warnOnEvictionPolicy(redisStore, log),
        (failure: unknown) => store?.reportOutage(failure instanceof Error ? failure : new Error(String(failure))),
      );
      // The CLI handles SIGINT and SIGTERM itself (its drain is documented); srvx prints nothing and listens when asked.
      srvx = serve({
        fetch,
        // What escapes the site (the app itself never rejects) is a JSON 500, one log line, no stack.
        error: answerFailure(log),
        port,
        hostname,
        manual: true,
        silent: true,
        gracefulShutdown: false,
        node: {
          maxHeaderSize: limits.maxHeaderSize,
          headersTimeout: limits.headersTimeout,
          requestTimeout: limits.requestTimeout,
          keepAliveTimeout: limits.keepAliveTimeout,
          // How often header and request timeouts are checked (Node's default, 30 s, would let them overrun by that much).
          connectionsCheckingInterval: 1_000,
          // Node's own answer to a missing Host is an empty 400; ours has a JSON body.
          requireHostHeader: false,
        },
      });
      const node = srvx.node as { server: Server; handler: (req: IncomingMessage, res: ServerResponse) => void };
      const server = node.server;
      // srvx's handler runs behind ours: the connection's answer queue hands each request to it in turn.
      server.removeListener('request', node.handler);
      const answers = createAnswerQueue(node.handler, { responseTimeout: limits.responseTimeout, maxPending: MAX_PIPELINED });
      stopAnswers = answers.stop;
      /** The one request listener: the target made one srvx takes, the exchange logged, the request queued. */
      const listener = (req: IncomingMessage, res: ServerResponse): void => {
        normalizeTarget(req);
        if (onAccess) logExchange(req, res, contextOf(req, trustProxy).caller as string, onAccess);
        answers.enqueue(req, res);
      };
      server.on('request', listener);
      answerRefusals(server, limits.maxUrlLength, listener);
      server.maxConnections = limits.maxConnections;
      limitPipelinedReads(server, MAX_PIPELINED);
      const warnFull = rateLimitedLog(log);
      server.on('drop', () =>
        warnFull(`warning: ${server.maxConnections} connections open (--max-connections); closing new ones until some end`),
      );
      const warnClient = rateLimitedLog(log);
      limitConnectionsPerClient(server, limits.maxConnectionsPerClient, (client) =>
        warnClient(
          `warning: ${client} holds ${limits.maxConnectionsPerClient} connections (--max-connections-per-client); closing its new ones`,
        ),
      );
      await srvx.serve();
      return new URL(srvx.url as string);
    },
    close(closeAll = false) {
      closing ??= drain();
      if (closeAll) (srvx?.node?.server as Server | undefined)?.closeAllConnections();
      return closing;
    },
  };
}
