import { connect } from 'node:net';

/** What came back on a raw socket: the status (0 when the server closed without answering), headers and body text. */
export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

/**
 * Sends bytes as they are (no client-side validation), half-closes the connection (the server still answers), and reads
 * until the server closes or `timeoutMs` passes.
 */
export function rawRequest(
  port: number,
  bytes: string | Buffer,
  { host = '127.0.0.1', timeoutMs = 5_000 }: { host?: string; timeoutMs?: number } = {},
): Promise<RawReply> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, host);
    const chunks: Buffer[] = [];
    const timer = setTimeout(() => {
      socket.destroy();
      reject(new Error(`no close within ${timeoutMs} ms; got: ${Buffer.concat(chunks).toString('latin1').slice(0, 200)}`));
    }, timeoutMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseReply(Buffer.concat(chunks)));
    });
    socket.on('connect', () => socket.end(bytes));
  });
}

function parseReply(bytes: Buffer): RawReply {
  const raw = bytes.toString('latin1');
  const match = /^HTTP\/1\.[01] (\d{3})[^\r\n]*\r\n/.exec(raw);
  if (!match) return { status: 0, headers: {}, body: '', raw };
  const split = raw.indexOf('\r\n\r\n');
  const headers: Record<string, string> = {};
  for (const line of raw.slice(match[0].length, split).split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  let body = split === -1 ? Buffer.alloc(0) : bytes.subarray(split + 4);
  if (headers['transfer-encoding'] === 'chunked') body = unchunk(body);
  return { status: Number(match[1]), headers, body: body.toString('utf8'), raw };
}

function unchunk(bytes: Buffer): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (;;) {
    const lineEnd = bytes.indexOf('\r\n', at);
    if (lineEnd === -1) break;
    const size = parseInt(bytes.subarray(at, lineEnd).toString('latin1'), 16);
    if (!(size > 0)) break;
    parts.push(bytes.subarray(lineEnd + 2, lineEnd + 2 + size));
    at = lineEnd + 4 + size;
  }
  return Buffer.concat(parts);
}
