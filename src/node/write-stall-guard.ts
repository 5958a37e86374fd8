import type { Server } from 'node:http';
import type { Socket } from 'node:net';

export interface WriteStallGuardOptions {
  /** Milliseconds a connection may hold unsent response bytes without any of them reaching the network. */
  timeoutMs: number;
  /** How often connections are checked. @default min(1000, timeoutMs / 4) */
  intervalMs?: number;
  /** Called once per connection closed for stalling. */
  onStall?: (socket: Socket) => void;
}

interface Watched {
  /** Bytes whose writes have completed so far. */
  flushed: number;
  /** Bytes of the write in progress that the operating system has not taken yet. */
  queued: number;
  /** When `flushed` last grew, or when output started waiting. */
  since: number;
}

/**
 * Closes connections whose response makes no write progress: a client that stops reading (or reads a few bytes a minute)
 * leaves the server's output queued in memory, and with it the socket. Every `intervalMs`, each connection with output
 * waiting is checked; one whose flushed byte count has not grown for `timeoutMs` is destroyed. A connection whose output
 * is all flushed is left to the usual keep-alive and request timeouts. Returns a function that stops the guard.
 */
export function guardWriteStalls(server: Server, options: WriteStallGuardOptions): () => void {
  const { timeoutMs, onStall } = options;
  const intervalMs = options.intervalMs ?? Math.max(10, Math.min(1000, Math.floor(timeoutMs / 4)));
  const sockets = new Map<Socket, Watched | undefined>();
  const onConnection = (socket: Socket): void => {
    sockets.set(socket, undefined);
    socket.once('close', () => sockets.delete(socket));
  };
  server.on('connection', onConnection);
  const timer = setInterval(() => {
    const now = performance.now();
    for (const [socket, watched] of sockets) {
      // bytesWritten counts queued bytes too; what is still queued (writableLength) has not left the process. A write
      // completes only once all its bytes have left, so the handle's queue (libuv's count of the bytes of writes in
      // progress not yet taken by the kernel) shows progress inside one large write (a 600 KB file read slowly).
      const pending = socket.writableLength;
      const flushed = socket.bytesWritten - pending;
      const queued = writeQueueSize(socket);
      if (pending === 0 || socket.destroyed) {
        if (watched !== undefined) sockets.set(socket, undefined);
      } else if (watched === undefined || flushed > watched.flushed || queued < watched.queued) {
        sockets.set(socket, { flushed, queued, since: now });
      } else if (now - watched.since >= timeoutMs) {
        sockets.delete(socket);
        onStall?.(socket);
        // A reset, not a FIN: the FIN would wait behind the unread bytes in the kernel's buffer, which a reset frees at once.
        socket.resetAndDestroy();
      }
    }
  }, intervalMs);
  timer.unref();
  return () => {
    clearInterval(timer);
    server.off('connection', onConnection);
  };
}

/** libuv's pending byte count of the socket's handle (Node's own streams read it too); Infinity when there is none. */
function writeQueueSize(socket: Socket): number {
  const handle = (socket as unknown as { _handle?: { writeQueueSize?: unknown } | null })._handle;
  return typeof handle?.writeQueueSize === 'number' ? handle.writeQueueSize : Infinity;
}
