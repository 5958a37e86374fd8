import { DEFAULT_QUOTA_LIMITS, secondsToUtcMidnight, type Clock, type QuotaDecision, type QuotaLimits } from '../../core/quota/index.js';
import {
  APP_DEFAULTS,
  isDelay,
  createRateLimitHeaders,
  RATE_LIMIT_HEADER_DIALECTS,
  RETRY_AFTER_FORMATS,
  INTERNAL_ERROR,
  responses as globalResponses,
  type RateLimitHeaderDialect,
  type RetryAfterFormat,
  type Responses,
} from '../app/index.js';
import { waitUnlessAborted } from './drills.js';

/** The scenarios of `siret-mock/msw`, by name, as the control endpoint takes them. */
export const SCENARIO_NAMES = ['rateLimited', 'serverError', 'networkError', 'slow', 'notFound'] as const;
type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** Options of a rate-limited answer that does not come from the quota (`scenarios.rateLimited`). */
export interface RateLimitedAnswerOptions {
  /** Which limit is exhausted; it picks the message. @default 'minute' */
  window?: 'minute' | 'day';
  /** The limits named in the message and headers. @default { perMinute: 10, perDay: 100 } */
  limits?: Partial<QuotaLimits>;
  /** `retry_after` and `Retry-After`, in seconds. @default 60 for 'minute'; the seconds to 00:00 UTC for 'day' */
  retryAfter?: number;
  /** `upgrade` in the body. @default `${request origin}/pricing` */
  upgradeUrl?: string;
  /** Same as `createHandlers({ rateLimitHeaders })`. @default 'draft' */
  rateLimitHeaders?: RateLimitHeaderDialect;
  /** How `Retry-After` is written, as `createHandlers({ retryAfter })`: `seconds` or `http-date`. @default 'seconds' */
  retryAfterFormat?: RetryAfterFormat;
}

/**
 * A 429 that does not come from the quota: the spec's body, `Retry-After` and the rate-limit headers for an exhausted
 * `window`, at `clock`'s time. What `scenarios.rateLimited` and the control endpoint's `rateLimited` answer.
 */
export function createRateLimitedAnswer(
  options: RateLimitedAnswerOptions,
  clock: Clock,
  responses: Responses = globalResponses,
): (request: Request) => Response {
  const window = options.window ?? 'minute';
  const limits: QuotaLimits = { ...DEFAULT_QUOTA_LIMITS, ...options.limits };
  const rateLimit = createRateLimitHeaders(limits, {
    rateLimitHeaders: options.rateLimitHeaders ?? APP_DEFAULTS.rateLimitHeaders,
    retryAfter: options.retryAfterFormat ?? APP_DEFAULTS.retryAfter,
  });
  return (request) => {
    const now = clock.now();
    const resetDay = secondsToUtcMidnight(now);
    const retryAfter = Math.max(1, Math.ceil(options.retryAfter ?? (window === 'day' ? resetDay : 60)));
    const decision: QuotaDecision = {
      allowed: false,
      exceeded: window,
      remainingMinute: window === 'minute' ? 0 : limits.perMinute,
      remainingDay: window === 'day' ? 0 : Math.max(0, limits.perDay - limits.perMinute),
      resetMinute: window === 'minute' ? retryAfter : 60,
      resetDay: window === 'day' ? retryAfter : resetDay,
      retryAfter,
    };
    const upgrade = options.upgradeUrl ?? `${new URL(request.url).origin}/pricing`;
    return responses.rateLimited(decision, limits, upgrade, rateLimit, now);
  };
}

/** A scenario as the control endpoint sets it: a name, how many answers it takes over, and its options. */
export interface ScenarioSpec extends RateLimitedAnswerOptions {
  name: ScenarioName;
  /** Answers it takes over before the normal ones come back; `null` (JSON) or `Infinity` for all. @default 1 */
  times?: number;
  /** `slow`: milliseconds before the normal answer. */
  ms?: number;
}

const SPEC_FIELDS: Record<string, (value: unknown) => boolean> = {
  name: (value) => (SCENARIO_NAMES as readonly unknown[]).includes(value),
  times: (value) => value === null || (Number.isInteger(value) && (value as number) >= 1),
  ms: isDelay,
  window: (value) => value === 'minute' || value === 'day',
  limits: (value) =>
    typeof value === 'object' &&
    value !== null &&
    Object.entries(value).every(([key, n]) => (key === 'perMinute' || key === 'perDay') && Number.isInteger(n) && (n as number) >= 1),
  retryAfter: (value) => Number.isInteger(value) && (value as number) >= 1 && (value as number) <= 86_400,
  upgradeUrl: (value) => typeof value === 'string' && /^https?:\/\/\S+$/.test(value),
  rateLimitHeaders: (value) => (RATE_LIMIT_HEADER_DIALECTS as readonly unknown[]).includes(value),
  retryAfterFormat: (value) => (RETRY_AFTER_FORMATS as readonly unknown[]).includes(value),
};

/**
 * Reads a scenario from the control endpoint's JSON body, or says what is wrong: `{ "name": "rateLimited", "window":
 * "day", "times": 3 }`, `{ "name": "slow", "ms": 2000 }`, `{ "name": "none" }` (returns `null`: no scenario).
 */
export function parseScenarioSpec(body: unknown): ScenarioSpec | null | { problem: string } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return { problem: 'the body must be a JSON object' };
  const record = body as Record<string, unknown>;
  if (record.name === 'none') return Object.keys(record).length === 1 ? null : { problem: '"none" takes no other field' };
  for (const [key, value] of Object.entries(record)) {
    // Own keys only: "__proto__" or "constructor" in a body is an unknown field, not Object's.
    const check = Object.hasOwn(SPEC_FIELDS, key) ? SPEC_FIELDS[key] : undefined;
    if (check === undefined) return { problem: `unknown field "${key}"; allowed: ${Object.keys(SPEC_FIELDS).join(', ')}` };
    if (!check(value)) {
      const allowed = key === 'name' ? `; allowed: ${SCENARIO_NAMES.join(', ')}, none` : '';
      return { problem: `"${key}" has an invalid value ${JSON.stringify(value)}${allowed}` };
    }
  }
  if (record.name === undefined) return { problem: `"name" is required: ${SCENARIO_NAMES.join(', ')} or none` };
  if (record.name === 'slow' && record.ms === undefined) return { problem: '"slow" needs "ms", the delay in milliseconds' };
  return { ...(record as unknown as ScenarioSpec), ...(record.times === null ? { times: Infinity } : {}) };
}

/** A scenario in front of a route: answers while it has answers left, else lets the route answer. */
export interface ScenarioSlot {
  set(spec: ScenarioSpec | null): void;
  /** The scenario on, and how many answers it has left (`null`: no limit). */
  current(): (ScenarioSpec & { left: number | null }) | null;
  /** Wraps a GET handler: the scenario answers first while it is on (`notFound` only on a `lookup` route). */
  wrap<F extends { readonly head: boolean }>(
    handler: (request: Request, facts: F) => Promise<Response> | Response,
    lookup?: boolean,
  ): (request: Request, facts: F) => Promise<Response>;
}

/** The message of the 404 a `notFound` scenario answers to any lookup. */
export const NOT_FOUND_SCENARIO_MESSAGE = 'No company has this number (a notFound scenario answers every lookup with this 404).';

/** A body that fails before its first byte: the transport cuts the connection, and the client sees a network error. */
function networkFailure(): Response {
  // The global Response on purpose: a transport's own class may not stream a body.
  return new Response(
    new ReadableStream({
      start(controller) {
        controller.error(new Error('siret-mock scenario networkError'));
      },
    }),
    { status: 200 },
  );
}

/** Creates the scenario slot of an app (the control endpoint's `POST /__siret-mock/scenario` sets it). */
export function createScenarioSlot(clock: Clock, responses: Responses = globalResponses): ScenarioSlot {
  let spec: ScenarioSpec | null = null;
  let left = 0;
  let rateLimited: ((request: Request) => Response) | undefined;
  return {
    set(next) {
      spec = next;
      left = next?.times ?? 1;
      rateLimited = next?.name === 'rateLimited' ? createRateLimitedAnswer(next, clock, responses) : undefined;
    },
    current: () => (spec === null ? null : { ...spec, left: Number.isFinite(left) ? left : null }),
    wrap:
      (handler, lookup = false) =>
      async (request, facts) => {
        const active = spec;
        // A notFound scenario is about numbers: generate is answered as usual, and its answers are not spent.
        if (active === null || left <= 0 || (active.name === 'notFound' && !lookup)) return handler(request, facts);
        left--;
        switch (active.name) {
          case 'notFound':
            return responses.error({ code: 'not_found', message: NOT_FOUND_SCENARIO_MESSAGE, extras: { reason: 'unused_number' } });
          case 'rateLimited':
            return (rateLimited as (request: Request) => Response)(request);
          case 'serverError':
            return responses.error(INTERNAL_ERROR);
          case 'networkError':
            // A HEAD answer has no body to cut short: it gets the 500 of a failed answer instead.
            return facts.head ? responses.error(INTERNAL_ERROR) : networkFailure();
          case 'slow':
            await waitUnlessAborted(active.ms ?? 0, request.signal);
            return handler(request, facts);
        }
      },
  };
}
