import type { IncomingMessage, ServerResponse } from 'node:http';

/** One finished exchange, for access logs. */
export interface AccessLogEntry {
  method: string;
  /** Path and query as received. */
  url: string;
  /** Status sent, or 0 when the client went away before the response started. */
  status: number;
  clientAddress: string;
  durationMs: number;
}

/**
 * Calls `onAccess` once the exchange is over (response sent or connection closed): the one access-log hook, for the app's
 * answers and the server's own (static files, refusals) alike.
 */
export function logExchange(
  req: IncomingMessage,
  res: ServerResponse,
  clientAddress: string,
  onAccess: (entry: AccessLogEntry) => void,
): void {
  const started = performance.now();
  res.once('close', () => {
    const status = res.headersSent ? res.statusCode : 0;
    onAccess({ method: req.method ?? '', url: req.url ?? '', status, clientAddress, durationMs: performance.now() - started });
  });
}
