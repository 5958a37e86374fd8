import type { IncomingMessage, ServerResponse } from 'node:http';
import { isIPv6 } from 'node:net';
import type { ServerRequest } from 'srvx';
import { FastResponse, toNodeHandler } from 'srvx/node';
import { createResponses, INTERNAL_ERROR, type RequestContext, type Responses } from '../../http/index.js';
import { callerOf } from './client-address.js';

/** Anything with a fetch handler: `createApp(options)` from `siret-mock/node`, or a Hono app. */
export interface FetchHandler {
  fetch(request: Request, context?: RequestContext): Promise<Response> | Response;
}

export interface NodeListenerOptions {
  /**
   * Proxy hops to trust: 0 ignores `X-Forwarded-For`; N takes the Nth address from its right.
   * @default 0
   */
  trustProxy?: number;
  /** Receives one line, without a stack, for each request the handler failed to answer. @default none */
  log?: (message: string) => void;
}

/** The answers of the Node adapters, built with srvx's `FastResponse` (written from its parts, no full fetch `Response`). */
export const nodeResponses: Responses = createResponses(FastResponse as unknown as typeof Response);

/** What a request carries for the adapters: the `Host` it was sent with (`normalizeTarget`), and its context. */
const SENT_HOST: unique symbol = Symbol('siret-mock sent host');
const CONTEXT: unique symbol = Symbol('siret-mock context');
type Carrying = IncomingMessage & { [SENT_HOST]?: string; [CONTEXT]?: RequestContext };

/**
 * The last line of defence of the Node adapters (srvx's error hook on the server): a failure that escapes the handler is
 * a JSON 500 for that request only, and one line for `log`, without a stack.
 */
export function answerFailure(log: (message: string) => void = () => undefined): (failure: unknown) => Response {
  return (failure) => {
    const what = failure instanceof Error ? `${failure.name}: ${failure.message.split('\n')[0] ?? ''}` : typeof failure;
    log(`internal error: ${what}`);
    return nodeResponses.error(INTERNAL_ERROR);
  };
}

/**
 * What the Node adapters know of a request besides the `Request`: one object per request, kept on it, whose caller is
 * decided on first read (the access log and the app read the same).
 */
export function contextOf(req: Carrying, trustProxy: number): RequestContext {
  let caller: string | undefined;
  return (req[CONTEXT] ??= {
    get caller() {
      return (caller ??= callerOf(req.socket.remoteAddress, req.headers['x-forwarded-for'], trustProxy));
    },
    get peerAddress() {
      return req.socket.remoteAddress;
    },
    get host() {
      return req[SENT_HOST];
    },
  });
}

/**
 * Turns a fetch handler into a `node:http` request listener, through srvx's `toNodeHandler`: the handler gets a fetch
 * `Request` over Node's parsed request and the `context` (`caller`, `peerAddress`, `host`), and its `Response` is
 * written back with backpressure. The request's origin is the one this server is reached at (see `servedHost`), never a
 * name only the client vouches for. A handler that throws or rejects gets a JSON 500 (or, once its answer has started, a
 * closed connection).
 * @example http.createServer(createNodeListener(createApp(), { trustProxy: 1 })).listen(3000)
 */
export function createNodeListener(
  app: FetchHandler,
  options: NodeListenerOptions = {},
): (req: IncomingMessage, res: ServerResponse) => void {
  const trustProxy = options.trustProxy ?? 0;
  const failed = answerFailure(options.log);
  const handler = toNodeHandler(async (request: ServerRequest) => {
    try {
      return await app.fetch(request, contextOf(request.runtime?.node?.req as IncomingMessage, trustProxy));
    } catch (failure) {
      return failed(failure);
    }
  }) as (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  return (req, res) => {
    normalizeTarget(req);
    void handler(req, res);
  };
}

/**
 * Makes the request target origin-form and the Host one this server answers for, before srvx builds the request URL from
 * them, and keeps the Host as sent (`context.host`). A fragment is dropped (URL standard: `/x#y?quantity=60` has no
 * query); an absolute-form target (`GET http://host/path`) gives its path, and its authority stands for the Host (RFC
 * 9112, 3.2.2); a target that is neither is `/`, as srvx would read it.
 */
export function normalizeTarget(req: Carrying): void {
  let target = req.url ?? '/';
  const hash = target.indexOf('#');
  if (hash !== -1) target = target.slice(0, hash);
  let host = req.headers.host;
  if (!target.startsWith('/') && target !== '*') {
    if (URL.canParse(target)) {
      const url = new URL(target);
      host = url.host;
      target = `${url.pathname}${url.search}`;
    } else target = '/';
  }
  if (target !== req.url) req.url = target;
  const served = servedHost(req, host);
  if (served !== req.headers.host) req.headers.host = served;
  req[SENT_HOST] = host;
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
