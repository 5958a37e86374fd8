import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { callerOf } from './client-address.js';

/**
 * Closes, as soon as it is accepted, a connection from a client that already holds `max` open ones, so that one client
 * cannot take every slot of `maxConnections`. Clients are keyed as the quota keys them (IPv4, IPv6 by /56), by the socket's
 * address: behind a proxy, that is the proxy's. `onRefused` is called for each connection closed.
 */
export function limitConnectionsPerClient(server: Server, max: number, onRefused: (client: string) => void): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = callerOf(socket.remoteAddress);
    const count = open.get(client) ?? 0;
    if (count >= max) {
      socket.destroy();
      onRefused(client);
      return;
    }
    open.set(client, count + 1);
    socket.once('close', () => {
      const left = (open.get(client) ?? 1) - 1;
      if (left > 0) open.set(client, left);
      else open.delete(client);
    });
  });
}

const HEAD_END = Buffer.from('\r\n\r\n');

/**
 * Resets a connection whose one read holds more than `max` request heads (pipelined requests), before Node parses it:
 * Node's parser turns a whole read into request and response objects before any request listener can refuse one. A
 * listener that runs first blanks such a read, so that the parser stops at its first byte, and resets the connection.
 * Any 'data' listener takes the connection off Node's fast path (the parser fed from C++), so the first `unchecked`
 * connections open at a time go without it: that bounds what their reads can cost and leaves an ordinary client on the
 * fast path.
 */
export function limitPipelinedReads(server: Server, max: number, unchecked = 32): void {
  let open = 0;
  server.on('connection', (socket: Socket) => {
    if (open < unchecked) {
      open++;
      socket.once('close', () => open--);
      return;
    }
    socket.prependListener('data', (chunk: Buffer) => {
      let heads = 0;
      for (let at = chunk.indexOf(HEAD_END); at !== -1 && heads <= max; at = chunk.indexOf(HEAD_END, at + 4)) heads++;
      if (heads <= max) return;
      chunk.fill(0);
      socket.resetAndDestroy();
    });
  });
}

/** Options of `createAnswerQueue`. */
export interface AnswerQueueOptions {
  /** Milliseconds an answer has, from its start, to be handed whole to the operating system; then its connection is reset. */
  responseTimeout: number;
  /** Requests a connection may have waiting for their answer (pipelined); one more resets the connection. */
  maxPending: number;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** The answer queue of a server: `enqueue` is its request listener; `answering` the answers started and not yet finished. */
export interface AnswerQueue {
  enqueue: Answer;
  readonly answering: ReadonlyMap<ServerResponse, number>;
  /** Stops the deadline checks. */
  stop(): void;
}

interface Pending {
  answering: boolean;
  waiting: Array<[IncomingMessage, ServerResponse]>;
}

/**
 * Answers the requests of each connection one at a time, in order: a pipelined request is started once the answer before
 * it has been handed to the operating system, so a client that sends many requests and reads slowly holds one answer in
 * the server, not one per request. Each answer must be handed over within `responseTimeout` of its start, however many bytes
 * its client keeps reading; otherwise the connection is reset (checked every second, or a quarter of the timeout if
 * shorter). A connection with more than `maxPending` requests waiting is reset at once.
 */
export function createAnswerQueue(answer: Answer, options: AnswerQueueOptions): AnswerQueue {
  const { responseTimeout, maxPending } = options;
  const connections = new WeakMap<Socket, Pending>();
  // When each answer in progress started: one timer for all of them rather than one per request.
  const answering = new Map<ServerResponse, number>();
  const timer = setInterval(
    () => {
      const late = performance.now() - responseTimeout;
      for (const [res, started] of answering) {
        if (started > late) continue;
        answering.delete(res);
        // A reset, not a FIN: the FIN would wait behind the unread bytes in the kernel's buffer, which a reset frees at once.
        res.req.socket.resetAndDestroy();
      }
    },
    Math.min(1_000, responseTimeout / 4),
  );
  timer.unref();

  const start = (pending: Pending, req: IncomingMessage, res: ServerResponse): void => {
    pending.answering = true;
    answering.set(res, performance.now());
    // 'close' follows 'finish' (the answer handed over) or the connection's end.
    res.once('close', () => {
      answering.delete(res);
      pending.answering = false;
      const next = pending.waiting.shift();
      if (next !== undefined && !req.socket.destroyed) start(pending, ...next);
    });
    answer(req, res);
  };

  return {
    answering,
    stop: () => clearInterval(timer),
    enqueue(req, res) {
      const socket = req.socket;
      if (socket.destroyed) return;
      let pending = connections.get(socket);
      if (pending === undefined) connections.set(socket, (pending = { answering: false, waiting: [] }));
      if (!pending.answering) start(pending, req, res);
      else if (pending.waiting.length < maxPending) pending.waiting.push([req, res]);
      else {
        pending.waiting.length = 0;
        socket.resetAndDestroy();
      }
    },
  };
}
