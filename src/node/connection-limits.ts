import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { callerKeyOf } from './client-address.js';

/**
 * Closes, as soon as it is accepted, a connection from a client that already holds `max` open ones, so that one client
 * cannot take every slot of `maxConnections`. Clients are keyed as the quota keys them (IPv4, IPv6 by /56), by the socket's
 * address: behind a proxy, that is the proxy's. `onRefused` is called for each connection closed.
 */
export function limitConnectionsPerClient(server: Server, max: number, onRefused: (client: string) => void): void {
  const open = new Map<string, number>();
  server.on('connection', (socket: Socket) => {
    const client = callerKeyOf(socket.remoteAddress) ?? 'unknown';
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

/** Options of `createAnswerQueue`. */
export interface AnswerQueueOptions {
  /** Milliseconds an answer has, from its start, to be handed whole to the operating system; then its connection is reset. */
  responseTimeout: number;
  /** Requests a connection may have waiting for their answer (pipelined); one more resets the connection. */
  maxPending: number;
}

type Answer = (req: IncomingMessage, res: ServerResponse) => void;

interface Pending {
  answering: boolean;
  waiting: Array<[IncomingMessage, ServerResponse]>;
}

/**
 * Answers the requests of each connection one at a time, in order: a pipelined request is started once the answer before
 * it has been handed to the operating system, so a client that sends many requests and reads slowly holds one answer in
 * the server, not one per request. Each answer must be handed over within `responseTimeout` of its start, however many bytes
 * its client keeps reading; otherwise the connection is reset. A connection with more than `maxPending` requests waiting
 * is reset at once.
 */
export function createAnswerQueue(answer: Answer, options: AnswerQueueOptions): Answer {
  const { responseTimeout, maxPending } = options;
  const connections = new WeakMap<Socket, Pending>();

  const start = (pending: Pending, req: IncomingMessage, res: ServerResponse): void => {
    pending.answering = true;
    // A reset, not a FIN: the FIN would wait behind the unread bytes in the kernel's buffer, which a reset frees at once.
    const deadline = setTimeout(() => req.socket.resetAndDestroy(), responseTimeout);
    // 'close' follows 'finish' (the answer handed over) or the connection's end.
    res.once('close', () => {
      clearTimeout(deadline);
      pending.answering = false;
      const next = pending.waiting.shift();
      if (next !== undefined && !req.socket.destroyed) start(pending, ...next);
    });
    answer(req, res);
  };

  return (req, res) => {
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
  };
}
