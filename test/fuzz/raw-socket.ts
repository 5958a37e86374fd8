import { connect } from 'node:net';

/** How the bytes of one exchange are delivered. */
export type Delivery =
  /** All at once, then the write side is closed (a half-closed socket: the server can still answer). */
  | 'end'
  /** In small pieces, one per event-loop turn, then half-closed. */
  | 'trickle'
  /** All at once and the socket left open: the server must answer, time out or close by itself. */
  | 'open'
  /** All at once, then the socket is destroyed at once (the server sees a reset mid-request). */
  | 'reset';

/** What the server sent back before the connection closed (or `waitMs` passed). */
export interface RawExchange {
  bytes: Buffer;
  /** Whether the server closed the connection (false: still open when `waitMs` passed, then destroyed by us). */
  closedByServer: boolean;
}

/** Sends `bytes` to 127.0.0.1:`port` as `delivery` says and collects the reply. Never rejects. */
export function exchange(port: number, bytes: Buffer, delivery: Delivery, waitMs: number): Promise<RawExchange> {
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let done = false;
    const finish = (closedByServer: boolean): void => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      socket.destroy();
      resolve({ bytes: Buffer.concat(chunks), closedByServer });
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => finish(true));
    socket.on('end', () => finish(true));
    socket.on('close', () => finish(true));
    socket.on('connect', () => {
      switch (delivery) {
        case 'end':
          socket.end(bytes);
          break;
        case 'open':
          socket.write(bytes);
          break;
        case 'reset':
          socket.write(bytes, () => finish(true));
          break;
        case 'trickle': {
          let at = 0;
          const next = (): void => {
            if (done || socket.destroyed) return;
            if (at >= bytes.length) {
              socket.end();
              return;
            }
            const size = 1 + (at % 7) * 3;
            socket.write(bytes.subarray(at, at + size), () => setImmediate(next));
            at += size;
          };
          next();
          break;
        }
      }
    });
  });
}

/** One HTTP/1.x response read off a raw byte stream. */
export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/**
 * Splits what a server sent on one connection into its responses (Content-Length or chunked bodies; a response without
 * either runs to the end; a response directly followed by another is a bodiless HEAD answer). Stops at the first thing
 * that is not a response, returning it as `rest`.
 */
export function parseResponses(bytes: Buffer): { responses: RawResponse[]; rest: Buffer } {
  const responses: RawResponse[] = [];
  let at = 0;
  while (at < bytes.length) {
    const headEnd = bytes.indexOf('\r\n\r\n', at);
    if (headEnd === -1) break;
    const head = bytes.subarray(at, headEnd).toString('latin1');
    const match = /^HTTP\/1\.[01] (\d{3})[^\r\n]*/.exec(head);
    if (!match) break;
    const headers: Record<string, string> = {};
    for (const line of head.split('\r\n').slice(1)) {
      const colon = line.indexOf(':');
      if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
    }
    let bodyStart = headEnd + 4;
    let body: Buffer;
    if (headers['transfer-encoding']?.toLowerCase() === 'chunked') {
      const parts: Buffer[] = [];
      for (;;) {
        const lineEnd = bytes.indexOf('\r\n', bodyStart);
        if (lineEnd === -1) return { responses, rest: bytes.subarray(at) };
        const size = parseInt(bytes.subarray(bodyStart, lineEnd).toString('latin1'), 16);
        if (Number.isNaN(size)) return { responses, rest: bytes.subarray(at) };
        bodyStart = lineEnd + 2;
        if (size === 0) {
          bodyStart += 2;
          break;
        }
        parts.push(bytes.subarray(bodyStart, bodyStart + size));
        bodyStart += size + 2;
      }
      body = Buffer.concat(parts);
      at = bodyStart;
    } else if (bytes.subarray(bodyStart, bodyStart + 7).toString('latin1') === 'HTTP/1.') {
      // The answer to a HEAD: Content-Length but no body, and the next response follows at once.
      body = Buffer.alloc(0);
      at = bodyStart;
    } else if (headers['content-length'] !== undefined) {
      const length = Number(headers['content-length']);
      body = bytes.subarray(bodyStart, bodyStart + length);
      at = bodyStart + length;
    } else {
      body = bytes.subarray(bodyStart);
      at = bytes.length;
    }
    responses.push({ status: Number(match[1]), headers, body });
  }
  return { responses, rest: bytes.subarray(at) };
}
