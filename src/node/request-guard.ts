import type { IncomingMessage, ServerResponse } from 'node:http';
import { errorResponse } from '../http/error-response.js';
import { writeResponse } from './node-adapter.js';
import { NodeResponse } from './node-response.js';

/** A `node:http` request listener that may answer asynchronously. */
export type RequestListener = (req: IncomingMessage, res: ServerResponse) => unknown;

// The one error vocabulary: the same body and common headers (CORS included) as every other refusal.
const internalError = (): Response =>
  errorResponse(500, 'internal_error', 'The server could not answer this request.', {
    Response: NodeResponse as unknown as typeof Response,
  });

/**
 * The last line of defence: wraps a request listener so that an exception it throws, or a promise it returns that rejects,
 * ends that one exchange with a JSON 500 `internal_error` (or, when the answer has already started, a closed connection),
 * logs one line without a stack, and leaves the process serving every other request.
 */
export function guardRequestListener(
  listener: RequestListener,
  log: (message: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    const what = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0] ?? ''}` : typeof error;
    log(`internal error answering ${req.method ?? '?'} ${JSON.stringify((req.url ?? '').slice(0, 200))}: ${what}`);
    try {
      if (res.headersSent || res.writableEnded) {
        res.destroy();
        return;
      }
      void writeResponse(internalError(), req, res);
    } catch {
      res.destroy();
    }
  };
  return (req, res) => {
    try {
      const result = listener(req, res);
      // The closure is made only for the listeners that answer asynchronously.
      if (isThenable(result)) result.then(undefined, (error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
  };
}

function isThenable(value: unknown): value is PromiseLike<unknown> {
  return typeof value === 'object' && value !== null && typeof (value as { then?: unknown }).then === 'function';
}
