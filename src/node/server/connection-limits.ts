import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { callerOf } from './client-address.js';

/** What the answer queue tells the connection limits: when a connection has an answer in progress, and when no longer. */
export interface ConnectionSlots {
  busy(socket: Socket): void;
  idle(socket: Socket): void;
}

/**
 * Admits at most `maxConnections` open connections, and `maxConnectionsPerClient` from one client (keyed as the quota keys
 * callers, IPv4 or IPv6 by /56, by the socket's address: behind a proxy, that is the proxy's); a connection past the
 * per-client cap is closed as soon as it is accepted. When every slot is taken, a new connection takes the slot of the one
 * that has waited longest without an answer in progress (connected or answered, and idle or still sending its request
 * since), so that a few addresses holding connections open cannot keep a new client out; it is closed only when every
 * connection has an answer in progress. `onFull` is called for each connection closed or evicted for want of a slot,
 * `onClientFull` for each closed by the per-client cap.
 */
export function limitConnections(
  server: Server,
  limits: { maxConnections: number; maxConnectionsPerClient: number },
  onFull: () => void,
  onClientFull: (client: string) => void,
): ConnectionSlots {
  const perClient = new Map<string, number>();
  const open = new Set<Socket>();
  // The open connections without an answer in progress, the one waiting longest first (a Set keeps insertion order).
  const waiting = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    const client = callerOf(socket.remoteAddress);
    const count = perClient.get(client) ?? 0;
    if (count >= limits.maxConnectionsPerClient) {
      socket.destroy();
      onClientFull(client);
      return;
    }
    if (open.size >= limits.maxConnections) {
      onFull();
      const longest = waiting.values().next().value;
      if (longest === undefined) {
        socket.destroy();
        return;
      }
      open.delete(longest);
      waiting.delete(longest);
      longest.destroy();
    }
    perClient.set(client, count + 1);
    open.add(socket);
    waiting.add(socket);
    socket.once('close', () => {
      open.delete(socket);
      waiting.delete(socket);
      const left = (perClient.get(client) ?? 1) - 1;
      if (left > 0) perClient.set(client, left);
      else perClient.delete(client);
    });
  });
  return {
    busy: (socket) => waiting.delete(socket),
    idle: (socket) => {
      if (open.has(socket)) waiting.add(socket);
    },
  };
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
  /** Bytes of request heads (targets and header fields) a connection may have waiting; more resets the connection. */
  maxPendingBytes: number;
  /** Told when each connection starts and stops having an answer in progress. */
  slots: ConnectionSlots;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

/** The answer queue of a server: `enqueue` is its request listener; `answering` the answers started and not yet finished. */
export interface AnswerQueue {
  enqueue: Answer;
  readonly answering: ReadonlyMap<ServerResponse, number>;
  /** How many requests of a connection wait behind the answer in progress (pipelined, already received). */
  waiting(socket: Socket): number;
  /** Stops the deadline checks. */
  stop(): void;
}

interface Pending {
  answering: boolean;
  waiting: Array<[IncomingMessage, ServerResponse]>;
  /** The bytes of the heads waiting. */
  bytes: number;
}

/** The bytes of a request's head as Node keeps it: its target and its header fields. */
function headBytes(req: IncomingMessage): number {
  let bytes = req.url?.length ?? 0;
  for (const part of req.rawHeaders) bytes += part.length;
  return bytes;
}

/**
 * Answers the requests of each connection one at a time, in order: a pipelined request is started once the answer before
 * it has been handed to the operating system, so a client that sends many requests and reads slowly holds one answer in
 * the server, not one per request. Each answer must be handed over within `responseTimeout` of its start, however many bytes
 * its client keeps reading; otherwise the connection is reset (checked every second, or a quarter of the timeout if
 * shorter). A connection with more than `maxPending` requests, or `maxPendingBytes` of request heads, waiting is reset at
 * once: Node reads on while requests wait, and each costs memory until answered.
 */
export function createAnswerQueue(answer: Answer, options: AnswerQueueOptions): AnswerQueue {
  const { responseTimeout, maxPending, maxPendingBytes, slots } = options;
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
    const socket = req.socket;
    pending.answering = true;
    answering.set(res, performance.now());
    slots.busy(socket);
    // 'close' follows 'finish' (the answer handed over) or the connection's end.
    res.once('close', () => {
      answering.delete(res);
      pending.answering = false;
      const next = pending.waiting.shift();
      if (next === undefined) slots.idle(socket);
      else if (!socket.destroyed) {
        pending.bytes -= headBytes(next[0]);
        start(pending, ...next);
      }
    });
    answer(req, res);
  };

  return {
    answering,
    waiting: (socket) => connections.get(socket)?.waiting.length ?? 0,
    stop: () => clearInterval(timer),
    enqueue(req, res) {
      const socket = req.socket;
      if (socket.destroyed) return;
      let pending = connections.get(socket);
      if (pending === undefined) connections.set(socket, (pending = { answering: false, waiting: [], bytes: 0 }));
      if (!pending.answering) start(pending, req, res);
      else if (pending.waiting.length < maxPending && (pending.bytes += headBytes(req)) <= maxPendingBytes) {
        pending.waiting.push([req, res]);
      } else {
        pending.waiting.length = 0;
        socket.resetAndDestroy();
      }
    },
  };
}
