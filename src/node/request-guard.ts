import type { IncomingMessage, ServerResponse } from 'node:http';
import { sendNodeResponse } from 'srvx/node';
import { INTERNAL_ERROR_MESSAGE, type Responses } from '../http/responses.js';
import type { RequestListener } from './node-listener.js';

/**
 * The last line of defence: wraps a request listener so that an exception it throws, or a promise it returns that rejects,
 * ends that one exchange with a JSON 500 `internal_error` (or, when the answer has already started, a closed connection),
 * logs one line without a stack, and leaves the process serving every other request.
 */
export function guardRequestListener(
  listener: RequestListener,
  responses: Responses,
  log: (message: string) => void,
): (req: IncomingMessage, res: ServerResponse) => void {
  const fail = (req: IncomingMessage, res: ServerResponse, error: unknown): void => {
    const what = error instanceof Error ? `${error.name}: ${error.message.split('\n')[0] ?? ''}` : typeof error;
    log(`internal error answering ${req.method ?? '?'} ${JSON.stringify((req.url ?? '').slice(0, 200))}: ${what}`);
    if (res.headersSent || res.writableEnded) res.destroy();
    else sendNodeResponse(res, responses.error(500, 'internal_error', INTERNAL_ERROR_MESSAGE)).catch(() => res.destroy());
  };
  return (req, res) => {
    try {
      const result = listener(req, res);
      if (result instanceof Promise) result.catch((error: unknown) => fail(req, res, error));
    } catch (error) {
      fail(req, res, error);
    }
  };
}
