import type { QuotaUsage } from '../core/quota-usage.js';
import type { AuditReport } from '../core/retry-audit.js';
import type { RequestContext } from './app-options.js';
import type { ControllableClock } from './controllable-clock.js';
import { type HeaderList, JSON_HEADERS, preflightHeaders } from './response-headers.js';
import type { ErrorExtras, Responses } from './responses.js';
import { parseScenarioSpec, type ScenarioSlot } from './scenario.js';
import type { ErrorCode } from './wire-types.js';

/** Where the control endpoints live; never under the API's `/api/v1/`. */
export const CONTROL_PREFIX = '/__siret-mock';

type ControlName = 'reset' | 'clock' | 'usage' | 'scenario' | 'audit';

/** One control endpoint: its path, the method it answers, and whether it holds across processes sharing one Redis. */
export interface ControlRoute {
  readonly name: ControlName;
  readonly path: string;
  readonly method: 'POST' | 'GET';
  readonly shared: boolean;
}

/** The control endpoints. */
export const CONTROL_ROUTES: readonly ControlRoute[] = [
  { name: 'reset', path: '/__siret-mock/reset', method: 'POST', shared: true },
  { name: 'clock', path: '/__siret-mock/clock', method: 'POST', shared: false },
  { name: 'usage', path: '/__siret-mock/usage', method: 'POST', shared: false },
  { name: 'scenario', path: '/__siret-mock/scenario', method: 'POST', shared: false },
  { name: 'audit', path: '/__siret-mock/audit', method: 'GET', shared: false },
];

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

type Handler = (request: Request, context: RequestContext | undefined) => Promise<Response>;

/** True for a loopback client address as the adapters give it (IPv6 grouped by /56: `::1` is `::/56`). */
export function isLoopback(address: string | undefined): boolean {
  if (address === undefined) return false;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(address) || address === '::1' || address === '::/56';
}

/** Compares a token in time that does not depend on where the first difference is. */
function sameToken(given: string, expected: string): boolean {
  let difference = given.length ^ expected.length;
  for (let i = 0; i < expected.length; i++) difference |= (given.charCodeAt(i) || 0) ^ expected.charCodeAt(i);
  return difference === 0;
}

/** The body as JSON, at most `MAX_BODY_BYTES` read; `undefined` for an empty body. */
async function readJson(request: Request): Promise<{ value: unknown } | { problem: string }> {
  const reader = request.body?.getReader();
  if (reader === undefined) return { value: undefined };
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
  const text = new TextDecoder().decode(bytes);
  if (text.trim() === '') return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return { problem: 'the body is not JSON' };
  }
}

/**
 * The control endpoints of an app started with `control: true`: `POST /__siret-mock/reset`, `/clock`, `/usage`,
 * `/scenario` and `GET /__siret-mock/audit`. Loopback callers only (by `context.clientAddress`), unless `token` is set:
 * then every caller needs `Authorization: Bearer <token>`. Every refusal is the contract's JSON error; nothing here is
 * counted against the quota or audited.
 */
export function createControlRoutes(targets: ControlTargets, responses: Responses, options: { token?: string } = {}): Map<string, Handler> {
  const routes = new Map<string, Handler>();
  for (const route of CONTROL_ROUTES) {
    const allow = route.method === 'GET' ? 'GET, HEAD, OPTIONS' : 'POST, OPTIONS';
    routes.set(route.path, async (request, context) => {
      const refuse = (status: number, error: ErrorCode, message: string, headers?: HeaderList, extras?: ErrorExtras): Response =>
        responses.error(status, error, message, extras, headers);
      const method = request.method;
      if (method === 'OPTIONS') {
        const headers = preflightHeaders(request.headers.get('access-control-request-headers')).map(([name, value]) =>
          name === 'access-control-allow-methods' ? ([name, allow] as const) : ([name, value] as const),
        );
        return responses.empty(204, headers);
      }
      if (method !== route.method && !(route.method === 'GET' && method === 'HEAD')) {
        return refuse(405, 'method_not_allowed', `${method} is not allowed on ${route.path}; use ${allow}.`, [['allow', allow]]);
      }
      if (options.token !== undefined) {
        const bearer = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(request.headers.get('authorization')?.trim() ?? '');
        if (bearer === null || !sameToken(bearer[1] as string, options.token)) {
          const message = `The control endpoints need Authorization: Bearer <token>, the token the server was started with (--control-token).`;
          return refuse(401, 'invalid_control_token', message, [['www-authenticate', 'Bearer realm="siret-mock control"']]);
        }
      } else if (!isLoopback(context?.clientAddress)) {
        const message =
          'The control endpoints answer loopback callers only (127.0.0.1, ::1). To reach them from elsewhere, start the server with --control-token TOKEN and send Authorization: Bearer TOKEN.';
        return refuse(403, 'control_forbidden', message);
      }
      if (targets.sharedStore && !route.shared) {
        const message = `${route.path} acts on this process only, and the quota is shared by every process on Redis (--redis): only ${CONTROL_PREFIX}/reset holds across them.`;
        return refuse(409, 'control_unavailable', message);
      }
      const body = route.method === 'POST' ? await readJson(request) : { value: undefined };
      if ('problem' in body) return refuse(400, 'invalid_control_request', `${route.path}: ${body.problem}.`);
      const answer = await act(route.name, body.value);
      if (typeof answer === 'string') return refuse(400, 'invalid_control_request', `${route.path}: ${answer}.`);
      const response = responses.body(JSON.stringify(answer), JSON_HEADERS);
      return method === 'HEAD' ? responses.head(response) : response;
    });
  }

  /** Does what a control endpoint says and returns its JSON answer, or a sentence saying what is wrong with the body. */
  async function act(name: ControlName, body: unknown): Promise<unknown> {
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
  return routes;
}
