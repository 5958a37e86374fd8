import {
  MAX_DELAY_MS,
  CONTROL_ROUTES,
  RATE_LIMIT_HEADER_DIALECTS,
  RETRY_AFTER_FORMATS,
  type ControlRoute,
  type ErrorCode,
} from '../app/index.js';
import { SCENARIO_NAMES } from '../control/index.js';

// The OpenAPI paths of the control endpoints, listed only by an app started with `control` (tag `control`).

type JsonObject = Record<string, unknown>;

/** The refusal responses of some error codes, keyed by their status (`refusals` of the OpenAPI document). */
type Refusals = (...entries: Array<[codes: readonly ErrorCode[], when: string, headers: JsonObject]>) => JsonObject;
const now = { type: 'string', format: 'date-time', description: "The app's clock after the change" };

const REQUESTS: Partial<Record<ControlRoute['name'], JsonObject>> = {
  clock: {
    type: 'object',
    description: 'Exactly one of the three.',
    properties: {
      advance_ms: { type: 'integer', description: 'Moves the clock by this many milliseconds (negative: back)', examples: [61000] },
      set: { type: 'string', format: 'date-time', description: 'Makes the clock read this time now' },
      reset: { type: 'boolean', const: true, description: 'Back to real time' },
    },
    additionalProperties: false,
  },
  usage: {
    type: 'object',
    description: 'Requests already counted in every caller’s windows, from now; a count left out keeps its value.',
    properties: { minute: { type: 'integer', minimum: 0 }, day: { type: 'integer', minimum: 0 } },
    additionalProperties: false,
  },
  scenario: {
    type: 'object',
    description: 'A scenario of siret-mock/msw by name with its options, or {"name": "none"}.',
    required: ['name'],
    properties: {
      name: { type: 'string', enum: [...SCENARIO_NAMES, 'none'] },
      times: { type: ['integer', 'null'], minimum: 1, description: 'Answers it takes over; null: all. Default 1.' },
      ms: { type: 'integer', minimum: 0, maximum: MAX_DELAY_MS, description: 'slow: the delay' },
      window: { type: 'string', enum: ['minute', 'day'] },
      limits: { type: 'object', properties: { perMinute: { type: 'integer', minimum: 1 }, perDay: { type: 'integer', minimum: 1 } } },
      retryAfter: { type: 'integer', minimum: 1, maximum: 86400 },
      upgradeUrl: { type: 'string', format: 'uri' },
      rateLimitHeaders: { type: 'string', enum: [...RATE_LIMIT_HEADER_DIALECTS] },
      retryAfterFormat: { type: 'string', enum: [...RETRY_AFTER_FORMATS] },
    },
    additionalProperties: false,
  },
};

const ANSWERS: Record<ControlRoute['name'], JsonObject> = {
  reset: { type: 'object', properties: { reset: { type: 'boolean', const: true }, now }, required: ['reset', 'now'] },
  clock: { type: 'object', properties: { now }, required: ['now'] },
  usage: { type: 'object', properties: { usage: REQUESTS.usage, now }, required: ['usage', 'now'] },
  scenario: { type: 'object', properties: { scenario: { type: ['object', 'null'] } }, required: ['scenario'] },
  audit: {
    type: 'object',
    required: ['requests', 'violations'],
    properties: {
      requests: { type: 'array', items: { type: 'object' }, description: 'The latest 1,000 requests to /api/v1/generate' },
      violations: { type: 'array', items: { type: 'object' }, description: 'early-retry and retry-storm, in order' },
    },
  },
};

const SUMMARIES: Record<ControlRoute['name'], string> = {
  reset: 'Forget the quota, the audit, the clock offset and the scenario',
  clock: 'Move the clock of the quota windows',
  usage: 'Set the requests already counted',
  scenario: 'Put a scenario in front of /api/v1/generate',
  audit: 'The Retry-After audit of the clients',
};

/** The control paths, for an app with `control` on; `common` are the header objects every control answer has (no CORS). */
export function controlPaths(common: JsonObject, refusals: Refusals): Record<string, JsonObject> {
  const paths: Record<string, JsonObject> = {};
  for (const route of CONTROL_ROUTES) {
    const operation = (method: 'post' | 'get' | 'head'): JsonObject => ({
      operationId: `control${route.name[0]?.toUpperCase()}${route.name.slice(1)}${method === 'head' ? 'Head' : ''}`,
      summary: SUMMARIES[route.name],
      description:
        'Served only with --control (createApp({ control: true })); without a control token, to loopback connections only ' +
        '(not through a proxy, Host naming localhost, 127.0.0.0/8 or [::1]); with one, Authorization: Bearer <token> from ' +
        'any address. A request whose Origin is another origin is refused; answers carry no CORS headers; a body must be ' +
        'sent as application/json. Never counted, never audited.' +
        (route.shared ? '' : ' Refused (409) when the quota store is shared by several processes (Redis).'),
      tags: ['control'],
      security: [{}, { controlToken: [] }],
      ...(REQUESTS[route.name] && method === 'post'
        ? { requestBody: { required: false, content: { 'application/json': { schema: REQUESTS[route.name] } } } }
        : {}),
      responses: {
        '200': { description: 'Done', headers: common, content: { 'application/json': { schema: ANSWERS[route.name] } } },
        ...refusals(
          [['invalid_control_request'], 'the body is not what this endpoint takes; the message says why.', common],
          [['invalid_control_token'], 'a control token is set and the request does not carry it.', common],
          [
            ['control_forbidden'],
            'a web page of another origin; or, with no control token set, not a loopback connection, through a proxy, or a Host that is not loopback.',
            common,
          ],
          [['method_not_allowed'], "any method other than the endpoint's.", common],
          [['control_unavailable'], 'this control holds in one process only, and the quota store is shared (Redis).', common],
        ),
        ...(method === 'post' ? refusals([['unsupported_media_type'], 'a body sent without Content-Type: application/json.', common]) : {}),
      },
    });
    paths[route.path] = route.method === 'GET' ? { get: operation('get'), head: operation('head') } : { post: operation('post') };
  }
  return paths;
}
