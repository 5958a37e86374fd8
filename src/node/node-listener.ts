import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import type { ServerRequest } from 'srvx';
import { toNodeHandler } from 'srvx/node';
import { responses } from '../http/responses.js';
import { clientAddressOf } from './client-address.js';
import { guardRequestListener } from './request-guard.js';

/** What the listener passes to the fetch handler besides the request. */
export interface NodeRequestContext {
  /** The caller key: client IP, IPv6 grouped by /56, IPv4-mapped IPv6 as IPv4. */
  readonly clientAddress?: string;
  /** The socket's remote address, as Node reports it (`X-Forwarded-For` never applies). */
  readonly peerAddress?: string;
  /** The `Host` the client sent (or the authority of an absolute-form target), before it is replaced (see `servedHost`). */
  readonly host?: string;
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
}

/** A `node:http` request listener that may answer asynchronously (its promise rejects when the answer failed). */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown;

/**
 * Turns a fetch handler into a `node:http` request listener, through srvx's `toNodeHandler`: the handler gets a fetch
 * `Request` over Node's parsed request and `context.clientAddress`, and its `Response` is written back with backpressure.
 * The request's origin is the one this server is reached at (see `servedHost`), never a name only the client vouches for.
 * A handler that throws or rejects gets a JSON 500 (or, once its answer has started, a closed connection).
 * @example http.createServer(createNodeListener(createApp(), { trustProxy: 1 })).listen(3000)
 */
export function createNodeListener(
  app: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  return guardRequestListener(createFetchListener(app, options.trustProxy ?? 0), responses, () => undefined);
}

/** `createNodeListener` without its guard: the returned promise rejects when the answer failed. */
export function createFetchListener(app: FetchHandler, trustProxy: number): RequestListener {
  const sentHosts = new WeakMap<IncomingMessage, string>();
  const handler = toNodeHandler((request: ServerRequest) => {
    const req = request.runtime?.node?.req as IncomingMessage;
    return app.fetch(request, {
      // Computed when read: the lifetime tier never counts callers, so it never parses addresses.
      get clientAddress() {
        return clientAddressOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy);
      },
      get peerAddress() {
        return req.socket.remoteAddress;
      },
      get host() {
        return sentHosts.get(req);
      },
    });
  }) as (req: IncomingMessage, res: ServerResponse) => Promise<void> | void;
  return (req, res) => {
    const sent = normalizeTarget(req);
    if (sent !== undefined) sentHosts.set(req, sent);
    return handler(req, res);
  };
}

/**
 * Makes the request target origin-form and the Host one this server answers for, before srvx builds the request URL from
 * them, and returns the Host as sent. A fragment is dropped (URL standard: `/x#y?quantity=60` has no query); an
 * absolute-form target (`GET http://host/path`) gives its path, and its authority stands for the Host (RFC 9112, 3.2.2).
 */
function normalizeTarget(req: IncomingMessage): string | undefined {
  let target = req.url ?? '/';
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  let host = req.headers.host;
  if (!target.startsWith('/') && URL.canParse(target)) {
    const url = new URL(target);
    host = url.host;
    target = `${url.pathname}${url.search}`;
  }
  if (target !== req.url) req.url = target;
  const served = servedHost(req, host);
  if (served !== req.headers.host) req.headers.host = served;
  return host;
}

const PORT = /:([0-9]{1,5})$/;
const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]']);

/**
 * The Host of a request when it names this server: `localhost`, a loopback address, or the address the connection
 * arrived on, with any port. Otherwise (another name, a malformed Host, none) the address and port the connection arrived
 * on. The default `upgrade` link is built from it, so a client cannot make the server print a name of its choosing.
 */
function servedHost(req: IncomingMessage, host: string | undefined): string {
  const socket = req.socket;
  const mapped = socket.localAddress ?? '127.0.0.1';
  const local = mapped.startsWith('::ffff:') ? mapped.slice(7) : mapped;
  if (host !== undefined) {
    const port = PORT.exec(host)?.[1];
    const name = (port === undefined ? host : host.slice(0, -port.length - 1)).toLowerCase();
    const known = LOOPBACK_NAMES.has(name) || name === local || name === `[${local}]`;
    if (known && (port === undefined || Number(port) <= 65_535)) return host.toLowerCase();
  }
  return `${isIPv6(local) ? `[${local.replace(/%.*$/, '')}]` : local}:${socket.localPort ?? 80}`;
}
