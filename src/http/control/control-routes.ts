import type { AuditReport, QuotaUsage } from '../../core/quota/index.js';
import {
  CONTROL_PREFIX,
  CONTROL_ROUTES,
  type RequestContext,
  type ControllableClock,
  type HeaderList,
  type ErrorAnswer,
  type Responses,
  type ControlRoute,
  type RouteAnswer,
} from '../app/index.js';
import { parseScenarioSpec, type ScenarioSlot } from './scenario.js';

/**
 * The control endpoints served, for messages: `POST /__siret-mock/reset, /__siret-mock/clock, ...; GET /__siret-mock/audit`,
 * only `reset` when the quota store is shared (the others answer 409 there); `origin` is put before the first path.
 */
export function listControlPaths(sharedStore: boolean, origin = ''): string {
  const served = CONTROL_ROUTES.filter((route) => route.shared || !sharedStore);
  let first = true;
  const groups = (['POST', 'GET'] as const).flatMap((method) => {
    const paths = served.filter((route) => route.method === method).map((route) => route.path);
    if (paths.length === 0) return [];
    const group = `${method} ${first ? origin : ''}${paths.join(', ')}`;
    first = false;
    return [group];
  });
  return groups.join('; ');
}

/** What the control endpoints act on: the app's quota, clock, scenario and audit. */
export interface ControlTargets {
  /** Forgets the quota (back to the `usage` option) and the audit. */
  reset(): void | Promise<void>;
  clock: ControllableClock;
  setUsage(usage: Partial<QuotaUsage>): void | Promise<void>;
  scenario: ScenarioSlot;
  audit(): AuditReport;
  /** The quota store is shared by several processes (Redis): only what holds across them is served. */
  sharedStore: boolean;
}

/** Largest JSON body a control endpoint reads. */
const MAX_BODY_BYTES = 4096;
const LIMIT_MS = 10 * 365 * 86_400_000;

// No CORS headers: a page on another origin can neither read a control answer nor pass a preflight, so it cannot send the
// JSON every control POST with a body needs.
export const CONTROL_HEADERS: HeaderList = [['cache-control', 'no-store']];
export const CONTROL_JSON_HEADERS: HeaderList = [...CONTROL_HEADERS, ['content-type', 'application/json']];

const IPV4_LOOPBACK = /^(?:::ffff:)?127\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/i;

/**
 * True for a loopback address as a socket reports it: 127.0.0.0/8, `::1`, and 127.0.0.0/8 mapped into IPv6
 * (`::ffff:127.0.0.1`, what a dual-stack socket reports for an IPv4 client). Other spellings are not loopback.
 */
function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  const v4 = IPV4_LOOPBACK.exec(address);
  if (v4 !== null) return v4.slice(1).every((octet) => Number(octet) <= 255);
  return address === '::1';
}

/** True for a Host that names this machine's loopback: `localhost`, 127.0.0.0/8 or `[::1]`, with any port. */
function isLoopbackHost(host: string): boolean {
  const name = host.toLowerCase().replace(/:\d{1,5}$/, '');
  return name === 'localhost' || name === '[::1]' || (isLoopback(name) && !name.startsWith('::'));
}

/** True when an Origin header names the host the request was sent to (same name and port; `null` never does). */
function isOwnOrigin(origin: string, host: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === new URL(`${url.protocol}//${host}`).host;
  } catch {
    return false;
  }
}

/** Compares a token in time that does not depend on where the first difference is. */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) difference |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return difference === 0;
}

/** The body as text, at most `MAX_BODY_BYTES` read. */
async function readText(request: Request): Promise<{ text: string } | { problem: string }> {
  const reader = request.body?.getReader();
  if (reader === undefined) return { text: '' };
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_BODY_BYTES) {
      await reader.cancel().catch(() => undefined);
      return { problem: `the body is over ${MAX_BODY_BYTES} bytes` };
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return { text: new TextDecoder().decode(bytes) };
}

const unsupported = (path: string, type: string | null): string =>
  `${path} takes a JSON body with Content-Type: application/json; this one came ${type === null ? 'without Content-Type' : `as ${JSON.stringify(type.slice(0, 100))}`}.`;

/** `application/json`, with or without parameters. */
const isJson = (contentType: string): boolean => /^application\/json[ \t]*(?:;|$)/i.test(contentType.trim());

/**
 * The control endpoints of an app started with `control: true`: `POST /__siret-mock/reset`, `/clock`, `/usage`,
 * `/scenario` and `GET /__siret-mock/audit`, each as the path, the method and what it answers (methods, preflights and
 * HEAD are the app's, as for every path). Without `token`, only a loopback connection (`context.peerAddress`) that came
 * through no proxy and names a loopback `Host` is served; with `token`, every caller needs `Authorization: Bearer
 * <token>`. A browser page on another origin is refused (its `Origin`), answers carry no CORS headers, and a POST body must
 * be `application/json`. Every refusal is the contract's JSON error; nothing here is counted against the quota or audited.
 */
export function createControlRoutes(
  targets: ControlTargets,
  responses: Responses,
  options: { token?: string } = {},
): Array<Pick<ControlRoute, 'path' | 'method'> & { answer: RouteAnswer }> {
  const refuse = (answer: ErrorAnswer): Response => responses.error({ ...answer, base: CONTROL_JSON_HEADERS });
  const answerOf = (route: ControlRoute): RouteAnswer =>
    async function control(request, { context }) {
      const refusal = checkCaller(request, context);
      if (refusal !== undefined) return refusal;
      if (targets.sharedStore && !route.shared) {
        const message = `${route.path} acts on this process only, and the quota is shared by every process on Redis (--redis): only ${CONTROL_PREFIX}/reset holds across them.`;
        return refuse({ code: 'control_unavailable', message });
      }
      let body: unknown;
      if (route.method === 'POST') {
        // A body must say it is JSON: a page on another origin cannot send that without a preflight, which fails.
        const type = request.headers.get('content-type');
        if (type !== null && !isJson(type)) return refuse({ code: 'unsupported_media_type', message: unsupported(route.path, type) });
        const read = await readText(request);
        if ('problem' in read) return refuse({ code: 'invalid_control_request', message: `${route.path}: ${read.problem}.` });
        const text = read.text.trim();
        if (type === null && text !== '') return refuse({ code: 'unsupported_media_type', message: unsupported(route.path, type) });
        try {
          body = text === '' ? undefined : (JSON.parse(text) as unknown);
        } catch {
          return refuse({ code: 'invalid_control_request', message: `${route.path}: the body is not JSON.` });
        }
      }
      const answer = await act(route.name, body);
      if (typeof answer === 'string') return refuse({ code: 'invalid_control_request', message: `${route.path}: ${answer}.` });
      return responses.body(JSON.stringify(answer), CONTROL_JSON_HEADERS);
    };

  /** The refusal of a caller the control endpoints do not serve, or `undefined` to serve it. */
  function checkCaller(request: Request, context: RequestContext | undefined): Response | undefined {
    const headers = request.headers;
    // The Host the client sent (the Node adapter passes it before replacing a name the server does not answer for).
    const host = context?.host ?? headers.get('host') ?? new URL(request.url).host;
    const origin = headers.get('origin');
    if (origin !== null && !isOwnOrigin(origin, host)) {
      const message = `The control endpoints refuse requests from web pages of another origin (Origin: ${origin.slice(0, 100)}).`;
      return refuse({ code: 'control_forbidden', message });
    }
    if (options.token !== undefined) {
      const bearer = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(headers.get('authorization')?.trim() ?? '');
      if (bearer === null || !sameToken(bearer[1] as string, options.token)) {
        const message = `The control endpoints need Authorization: Bearer <token>, the token the server was started with (--control-token).`;
        return refuse({ code: 'invalid_control_token', message, headers: [['www-authenticate', 'Bearer realm="siret-mock control"']] });
      }
      return undefined;
    }
    // A proxy on this machine connects from loopback on behalf of anyone: a forwarded request is not a loopback caller.
    const proxied = headers.has('forwarded') || headers.has('x-forwarded-for');
    if (!isLoopback(context?.peerAddress) || proxied) {
      const message =
        'The control endpoints answer loopback connections only (127.0.0.1, ::1), not through a proxy. To reach them from elsewhere, start the server with --control-token TOKEN and send Authorization: Bearer TOKEN.';
      return refuse({ code: 'control_forbidden', message });
    }
    // A page whose name was rebound to 127.0.0.1 still sends its own name as Host.
    if (!isLoopbackHost(host)) {
      const message = `Without a control token, the control endpoints answer requests addressed to localhost, 127.0.0.1 or [::1] only, not to ${JSON.stringify(host.slice(0, 100))}.`;
      return refuse({ code: 'control_forbidden', message });
    }
    return undefined;
  }

  /** Does what a control endpoint says and returns its JSON answer, or a sentence saying what is wrong with the body. */
  async function act(name: ControlRoute['name'], body: unknown): Promise<unknown> {
    const fields = (allowed: string[]): string | Record<string, unknown> => {
      if (typeof body !== 'object' || body === null || Array.isArray(body)) return `the body must be a JSON object`;
      const unknown = Object.keys(body).find((key) => !allowed.includes(key));
      return unknown === undefined ? (body as Record<string, unknown>) : `unknown field "${unknown}"; allowed: ${allowed.join(', ')}`;
    };
    switch (name) {
      case 'reset':
        if (body !== undefined && (typeof body !== 'object' || body === null || Object.keys(body).length > 0))
          return 'takes no body (or {})';
        targets.clock.reset();
        targets.scenario.set(null);
        await targets.reset();
        return { reset: true, now: new Date(targets.clock.now()).toISOString() };
      case 'clock': {
        const given = fields(['advance_ms', 'set', 'reset']);
        if (typeof given === 'string') return given;
        const { advance_ms: advance, set, reset } = given;
        if ([advance, set, reset].filter((value) => value !== undefined).length !== 1)
          return 'give one of advance_ms (milliseconds), set (an ISO 8601 time) or reset (true)';
        try {
          if (advance !== undefined) {
            if (typeof advance !== 'number' || !Number.isInteger(advance) || Math.abs(advance) > LIMIT_MS)
              return `advance_ms must be a whole number of milliseconds within ten years, got ${JSON.stringify(advance)}`;
            targets.clock.advance(advance);
          } else if (set !== undefined) {
            const at = typeof set === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(set) ? Date.parse(set) : NaN;
            if (Number.isNaN(at)) return `set must be an ISO 8601 date-time such as "2026-11-23T00:00:00Z", got ${JSON.stringify(set)}`;
            targets.clock.set(at);
          } else if (reset !== true) return 'reset must be true';
          else targets.clock.reset();
        } catch (error) {
          // The clock refuses a time outside the years it can show (1970 to 9999).
          if (!(error instanceof RangeError)) throw error;
          return error.message.replace(/^clock\.(?:advance|set): /, '');
        }
        return { now: new Date(targets.clock.now()).toISOString() };
      }
      case 'usage': {
        const given = fields(['minute', 'day']);
        if (typeof given === 'string') return given;
        try {
          await targets.setUsage(given as Partial<QuotaUsage>);
        } catch (error) {
          return error instanceof Error ? error.message.replace(/^setUsage\./, '') : String(error);
        }
        return { usage: given, now: new Date(targets.clock.now()).toISOString() };
      }
      case 'scenario': {
        const spec = parseScenarioSpec(body);
        if (spec !== null && 'problem' in spec) return spec.problem;
        targets.scenario.set(spec);
        return { scenario: targets.scenario.current() };
      }
      case 'audit':
        return targets.audit();
    }
  }
  return CONTROL_ROUTES.map((route) => ({ path: route.path, method: route.method, answer: answerOf(route) }));
}
