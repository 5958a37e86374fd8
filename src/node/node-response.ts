import { delegateToNative } from './delegate-to-native.js';

/** What the Node adapter writes: status, reason, headers as `[name, value, ...]`, and the body text (`null`: none). */
export interface RawResponseParts {
  status: number;
  statusText: string | undefined;
  /** A fresh array the caller may extend. */
  headers: string[];
  body: string | null;
}

type HeaderPairs = ReadonlyArray<readonly [string, string]>;

// Handlers answer with a few constant header lists: their flat form is computed once per list.
const flatCache = new WeakMap<HeaderPairs, string[]>();

function flatten(pairs: HeaderPairs): string[] {
  let flat = flatCache.get(pairs);
  if (flat === undefined) {
    flat = pairs.flatMap(([name, value]) => [name, value]);
    flatCache.set(pairs, flat);
  }
  return flat.slice();
}

const isPairList = (headers: unknown): headers is HeaderPairs =>
  Array.isArray(headers) && headers.every((pair) => Array.isArray(pair) && pair.length === 2);

/**
 * A fetch `Response` the Node adapter can write straight to the socket. It keeps what it was built with (a string or no
 * body, headers as `[name, value]` pairs) and builds a full native `Response` only if something reads more than the status:
 * the service answers with it when the adapter passes it as `context.Response`, and is none the wiser.
 */
export class NodeResponse {
  readonly #body: BodyInit | null | undefined;
  readonly #init: ResponseInit | undefined;
  #native: Response | undefined;
  #used = false;

  constructor(body?: BodyInit | null, init?: ResponseInit) {
    this.#body = body;
    this.#init = init;
  }

  /** The native `Response` this one stands for, built on first use. */
  static native(self: NodeResponse): Response {
    return (self.#native ??= new Response(self.#body, self.#init));
  }

  /** The raw parts, when they can be written without the fetch API (a string body and a header list); else `undefined`. */
  static rawParts(response: Response): RawResponseParts | undefined {
    if (!(#body in response)) return undefined;
    const self = response as unknown as NodeResponse;
    const body = self.#body ?? null;
    const headers = self.#init?.headers;
    if (body !== null && typeof body !== 'string') return undefined;
    let flat: string[] = [];
    if (headers !== undefined) {
      // A constant list was checked and flattened before: skip the check.
      const known = flatCache.get(headers as HeaderPairs);
      if (known !== undefined) flat = known.slice();
      else if (isPairList(headers)) flat = flatten(headers);
      else return undefined;
    }
    return { status: self.#init?.status ?? 200, statusText: self.#init?.statusText || undefined, headers: flat, body };
  }

  get status(): number {
    return this.#init?.status ?? 200;
  }

  get ok(): boolean {
    return this.status >= 200 && this.status < 300;
  }

  text(): Promise<string> {
    if (this.#native !== undefined || (typeof this.#body !== 'string' && this.#body != null)) return NodeResponse.native(this).text();
    if (this.#used) return Promise.reject(new TypeError('Body is unusable: Body has already been read'));
    this.#used = true;
    return Promise.resolve(this.#body ?? '');
  }
}
delegateToNative(NodeResponse, Response, (self: NodeResponse) => NodeResponse.native(self));
