import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import { delegateToNative } from './delegate-to-native.js';

/** A header's value as the fetch API gives it: repeated headers joined with ", ". */
function headerOf(req: IncomingMessage, name: string): string | null {
  const value = req.headers[name.toLowerCase()];
  if (value === undefined) return null;
  return Array.isArray(value) ? value.join(', ') : value;
}

/** The request's headers as fetch `Headers`: `get` and `has` read Node's parsed headers; anything else builds the real thing. */
class NodeHeaders {
  readonly #req: IncomingMessage;
  #native: Headers | undefined;

  constructor(req: IncomingMessage) {
    this.#req = req;
  }

  static native(self: NodeHeaders): Headers {
    if (self.#native === undefined) {
      const headers = new Headers();
      const raw = self.#req.rawHeaders;
      for (let i = 0; i + 1 < raw.length; i += 2) {
        try {
          headers.append(raw[i] as string, raw[i + 1] as string);
        } catch {
          // A header the fetch API refuses (Node's parser is more lenient) is dropped rather than failing the request.
        }
      }
      self.#native = headers;
    }
    return self.#native;
  }

  get(name: string): string | null {
    return this.#native ? this.#native.get(name) : headerOf(this.#req, name);
  }

  has(name: string): boolean {
    return this.get(name) !== null;
  }
}
delegateToNative(NodeHeaders, Headers, (self: NodeHeaders) => NodeHeaders.native(self));

/**
 * A fetch `Request` over Node's `IncomingMessage`: `method`, `url` and `headers.get()` read what Node parsed; anything else
 * (the body, `signal`, `clone()`...) builds a full native `Request` on first use. The service reads only the former, so a
 * request costs no `Request` or `Headers` object.
 */
export class NodeRequest {
  readonly #req: IncomingMessage;
  readonly #url: string;
  #headers: NodeHeaders | undefined;
  #native: Request | undefined;

  constructor(req: IncomingMessage, url: string) {
    this.#req = req;
    this.#url = url;
  }

  static native(self: NodeRequest): Request {
    if (self.#native === undefined) {
      const method = self.method;
      const init: RequestInit & { duplex?: 'half' } = { method, headers: NodeHeaders.native(self.headers as unknown as NodeHeaders) };
      if (method !== 'GET' && method !== 'HEAD') {
        init.body = Readable.toWeb(self.#req) as ReadableStream<Uint8Array>;
        init.duplex = 'half';
      }
      self.#native = new Request(self.#url, init);
    }
    return self.#native;
  }

  get method(): string {
    return this.#req.method ?? 'GET';
  }

  get url(): string {
    return this.#url;
  }

  get headers(): Headers {
    return (this.#headers ??= new NodeHeaders(this.#req)) as unknown as Headers;
  }
}
delegateToNative(NodeRequest, Request, (self: NodeRequest) => NodeRequest.native(self));
