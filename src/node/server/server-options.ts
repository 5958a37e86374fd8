import type { AppOptions } from '../../http/index.js';
import { DEFAULT_QUOTA_STORE_FAILURE, type QuotaStoreFailurePolicy } from '../redis/index.js';

/** The server's transport limits: Node's own `node:http` options, and the bounds siret-mock adds to them. */
export interface TransportOptions {
  /** Longest request target in bytes before a 414. @default 8192 */
  maxUrlLength?: number;
  /** Node's `maxHeaderSize`: request line plus headers in bytes before a 431 (a 414 when the line alone is too long). @default 16384 */
  maxHeaderSize?: number;
  /** Node's `headersTimeout`: milliseconds to receive the request headers. @default 10000 */
  headersTimeout?: number;
  /** Node's `requestTimeout`: milliseconds to receive the whole request. @default 30000 */
  requestTimeout?: number;
  /** Node's `keepAliveTimeout`: milliseconds an idle keep-alive connection stays open. @default 5000 */
  keepAliveTimeout?: number;
  /**
   * Milliseconds an answer has, from its start, to be handed whole to the operating system; a connection whose answer is
   * not is reset, however many bytes its client keeps reading. @default 10000
   */
  responseTimeout?: number;
  /** Milliseconds `close()` waits for in-flight requests before cutting their connections. @default 10000 */
  drainTimeout?: number;
  /** Open connections at most (Node's `server.maxConnections`); further ones are closed as soon as they are accepted. @default 1024 */
  maxConnections?: number;
  /** Open connections one client (keyed as the quota keys callers, by socket address) may hold; further ones are closed. @default 256 */
  maxConnectionsPerClient?: number;
}

/** One finished exchange, for access logs. */
export interface AccessLogEntry {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Status sent, or 0 when the client went away before the response started. */
  status: number;
  /** Who the request counted against (`callerOf` of its address, through `trustProxy`). */
  caller: string;
  durationMs: number;
}

/** Options of `createSiretServer`: the service's (`createApp`'s) at the top level, the server's own, and its transport. */
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
  /** The transport's limits, each defaulting to `SERVER_DEFAULTS.node`. */
  node?: TransportOptions;
}

/**
 * Every default of the server that is a plain value, the one place each is written: where `listen()` binds, and the
 * options above. The command line's flags and help show these.
 */
export const SERVER_DEFAULTS: Readonly<
  Required<Pick<SiretServerOptions, 'trustProxy' | 'quotaStoreFailure'>> & {
    port: number;
    hostname: string;
    node: Readonly<Required<TransportOptions>>;
  }
> = {
  port: 3000,
  hostname: '127.0.0.1',
  trustProxy: 0,
  quotaStoreFailure: DEFAULT_QUOTA_STORE_FAILURE,
  node: {
    maxUrlLength: 8192,
    maxHeaderSize: 16_384,
    headersTimeout: 10_000,
    requestTimeout: 30_000,
    keepAliveTimeout: 5_000,
    responseTimeout: 10_000,
    drainTimeout: 10_000,
    maxConnections: 1024,
    maxConnectionsPerClient: 256,
  },
};
