import {
  checkQuotaUsage,
  createMemoryQuotaStore,
  DEFAULT_QUOTA_LIMITS,
  type AuditReport,
  type Clock,
  type QuotaLimits,
  type QuotaStore,
  type QuotaUsage,
  type QuotaWindow,
} from '../../core/quota/index.js';
import { MAX_RECORDS_PER_SEED, MAX_SEED, type CompanyRecord } from '../../core/company/index.js';
import { createRandom, type RandomSource } from '../../core/random/index.js';
import { resolveRecordOptions, type RecordOptions } from '../../core/fixtures/record-options.js';
import { createControllableClock, systemClock, type ControllableClock } from './controllable-clock.js';
import { createCryptoRandom } from './crypto-random.js';
import { MOUNTED_PRICING_PATH, PRICING_PATH } from './routes.js';
import {
  createRateLimitHeaders,
  RATE_LIMIT_HEADER_DIALECTS,
  RETRY_AFTER_FORMATS,
  type RateLimitHeaderDialect,
  type RateLimitHeaders,
  type RetryAfterFormat,
} from './rate-limit-dialect.js';
import { createResponses, type Responses } from './responses.js';
import { TIER_NAMES, TIERS, type Tier } from './tiers.js';

/** Latency and failure drills of a server: every answer of a route delayed, and a share of them a JSON 500. */
export interface Drills {
  /** Milliseconds before each answer: a fixed delay, or `[min, max]` drawn evenly for each request. */
  delay?: number | readonly [number, number];
  /** Share of answers replaced by a JSON 500 `internal_error`, 0 to 1. */
  failRate?: number;
}

/** The longest wait a drill or a `slow` scenario may add to an answer, in milliseconds (ten minutes). */
export const MAX_DELAY_MS = 600_000;

/** True for whole milliseconds from 0 to `MAX_DELAY_MS`. */
export const isDelay = (value: unknown): boolean => Number.isInteger(value) && (value as number) >= 0 && (value as number) <= MAX_DELAY_MS;

/** What the transport knows about a request that the `Request` itself does not carry. */
export interface RequestContext {
  /**
   * Who the request counts against: for the Node adapters the client's address (IPv6 grouped by /56, IPv4-mapped as
   * IPv4, `X-Forwarded-For` read as far as `trustProxy` allows).
   */
  readonly caller?: string | undefined;
  /**
   * The address of the connection's other end as the socket reports it, never taken from `X-Forwarded-For`: what the
   * control endpoints check for loopback.
   */
  readonly peerAddress?: string | undefined;
  /** The `Host` the client sent, before a transport replaced a name it does not answer for. @default the request's `Host` */
  readonly host?: string | undefined;
}

/** Options of `createApp`. Every default equals the service specification. */
export interface AppOptions {
  /** The tier every request is served on, unless it carries a known pass. @default 'free' */
  tier?: Tier;
  /** Bearer tokens served as lifetime (`Authorization: Bearer <token>`); any other Bearer token is a 401. @default [] */
  passes?: Iterable<string>;
  /** Rate limits and maximum quantities. @default { perMinute: 10, perDay: 100, maxQuantity: { free: 50, lifetime: 100 } } */
  limits?: { perMinute?: number; perDay?: number; maxQuantity?: Partial<Record<Tier, number>> };
  /** `meta.source`. @default 'siret-mock' */
  source?: string;
  /**
   * The `upgrade` URL in 429/403/400 bodies; a path (`/plans`) is taken on the request's origin.
   * @default '/pricing' ('/api/v1/pricing' when `mounted`), on the request's origin
   */
  upgradeUrl?: string;
  /** Time source for windows and `meta.generated_at`. @default { now: Date.now } */
  clock?: Clock;
  /** Where requests without `seed` draw their record seed. @default seeded from `seed` if given, else crypto.getRandomValues */
  random?: RandomSource;
  /**
   * Seeds the default `random`, so that a run of unseeded requests is repeatable; and the world the lookups look in when a
   * request gives no `seed` (without it, the core's `DEFAULT_LOOKUP_SEED`).
   */
  seed?: number;
  /** Who a request counts against. @default context?.caller ?? 'anonymous' */
  callerOf?(request: Request, context: RequestContext | undefined): string;
  /** Quota counters. @default createMemoryQuotaStore() */
  store?: QuotaStore;
  /**
   * Requests already counted when a caller first calls (and again after `reset()`): `{ minute: 7 }` opens on 3 left this
   * minute, `{ day: 100 }` on the day used up. The minute window opens at that first request. Needs a store with
   * `setUsage` (the memory store). @default { minute: 0, day: 0 }
   * @example createApp({ usage: { minute: 7, day: 93 } })
   */
  usage?: Partial<QuotaUsage>;
  /** Called with the records of every 200 of generate that carries a body (the MSW `db` uses it); lookups add none. */
  onRecords?(records: CompanyRecord[], request: Request): void;
  /**
   * Extension, never on by default: extra record fields (`EXTRA_FIELDS`: `vat_number`, `legal_form`, `naf_code`,
   * `created_on`, `status`, `insee_code`, `postal_lines`...), added to every record after the six of the spec (JSON and
   * CSV). Not a query parameter. @default []
   */
  fields?: RecordOptions['fields'];
  /**
   * Extension: `edge-cases` serves long, capitalised, NFD... names and addresses; `negative` serves cases a form must
   * handle, each with `valid` and `reason` (docs/fixtures.md). @default 'default'
   */
  profile?: RecordOptions['profile'];
  /**
   * The service shares an origin with an app that owns every path outside `/api/v1/` (the Vite plugin and
   * `siret-mock/next` set it): it answers only the API's paths and its pricing page at `/api/v1/pricing` (and, with
   * `control`, the control endpoints), its 404 names only the API's paths, and the default `upgrade` link points at that
   * page. @default false
   */
  mounted?: boolean;
  /**
   * Rate-limit headers of free-tier answers: `draft` (`RateLimit`, `RateLimit-Policy`), `x-ratelimit` (`X-RateLimit-Limit`,
   * `-Remaining`, `-Reset` of the window that binds first) or `both`. @default 'draft'
   */
  rateLimitHeaders?: RateLimitHeaderDialect;
  /** A 429's `Retry-After`: whole `seconds`, or an `http-date`. The body's `retry_after` stays seconds. @default 'seconds' */
  retryAfter?: RetryAfterFormat;
  /**
   * Serves the control endpoints `POST /__siret-mock/reset`, `/clock`, `/usage`, `/scenario` and `GET /__siret-mock/audit`
   * (docs/server.md), to loopback connections only (`context.peerAddress`, not through a proxy, with a loopback `Host`)
   * unless `controlToken` is set. Off: those paths are 404s. @default false
   */
  control?: boolean;
  /** With `control`: every control request needs `Authorization: Bearer <controlToken>`, from any address. */
  controlToken?: string;
  /** Milliseconds before each answer of `/api/v1/generate` and the lookups: fixed, or `[min, max]` drawn per request. @default 0 */
  delay?: Drills['delay'];
  /** Share of the answers of `/api/v1/generate` and the lookups replaced by a JSON 500, 0 to 1 (a failure drill). @default 0 */
  failRate?: number;
}

/** The fetch handler and what it was built with. */
export interface App {
  /** Answers one request; never rejects (unexpected errors become a JSON 500). The one interface adapters use. */
  fetch(request: Request, context?: RequestContext): Promise<Response>;
  readonly store: QuotaStore;
  readonly clock: Clock;
  /**
   * Sets the requests counted in every caller's current windows, from now (an omitted count keeps its value). Refused
   * values throw the option's RangeError. @example app.setUsage({ minute: 10 })
   */
  setUsage(usage: Partial<QuotaUsage>): void | Promise<void>;
  /** `setUsage` at the limit of one window: `exhaust('day')` makes every request a 429 with the day message. */
  exhaust(window: QuotaWindow): void | Promise<void>;
  /** The requests to `/api/v1/generate` and the lookups so far, and the clients that did not wait out a 429's `Retry-After`. */
  audit(): AuditReport;
  /** Forgets the quota counters (back to the `usage` option) and the audit. */
  reset(): void | Promise<void>;
}

/** Options with every default applied and checked once, at creation. */
export interface ResolvedOptions {
  tier: Tier;
  passes: ReadonlySet<string>;
  quota: QuotaLimits;
  maxQuantity: Readonly<Record<Tier, number>>;
  source: string;
  /** The `upgrade` link: a URL, or a path on the request's origin. */
  upgradeUrl: string;
  clock: Clock;
  random: RandomSource;
  /** The `seed` option: the world lookups look in when a request gives no `seed`. */
  seed: number | undefined;
  callerOf: (request: Request, context: RequestContext | undefined) => string;
  store: QuotaStore;
  usage: Partial<QuotaUsage> | undefined;
  onRecords: ((records: CompanyRecord[], request: Request) => void) | undefined;
  rateLimitHeaders: RateLimitHeaderDialect;
  retryAfter: RetryAfterFormat;
  /** The rate-limit headers and `Retry-After` in the configured dialect. */
  rateLimit: RateLimitHeaders;
  /** With `control`: the clock, movable by `POST /__siret-mock/clock`; the app's `clock` is this one. */
  controlClock: ControllableClock | undefined;
  controlToken: string | undefined;
  /** `delay` and `failRate`, or `undefined` when neither is set. */
  drills: Drills | undefined;
  /** `fields` and `profile`, or `undefined` when records are the spec's six fields. */
  recordOptions: RecordOptions | undefined;
  /** Served inside an app's origin (`mounted`), and where its pricing page is. */
  mounted: boolean;
  pricingPath: string;
  /** Every answer is built with these. */
  responses: Responses;
}

/** The defaults of the app's options that are plain values: the one place each is written. */
export const APP_DEFAULTS: Readonly<Required<Pick<AppOptions, 'tier' | 'source' | 'rateLimitHeaders' | 'retryAfter'>>> = {
  tier: 'free',
  source: 'siret-mock',
  rateLimitHeaders: 'draft',
  retryAfter: 'seconds',
};

const defaultCallerOf = (_request: Request, context: RequestContext | undefined): string => context?.caller ?? 'anonymous';

/**
 * The error of a refused option: a RangeError (or TypeError) reading `<option> must be <allowed>, got <value>`, the value
 * left out for a secret. The command line words it for the flag that set the option.
 */
function optionError(option: string, allowed: string, got?: unknown, Kind: typeof RangeError = RangeError): Error {
  const shown = typeof got === 'number' ? String(got) : (JSON.stringify(got) ?? String(got));
  return new Kind(`${option} must be ${allowed}${got === undefined ? '' : `, got ${shown}`}`);
}

/** `one of a, b, c`, as every list of allowed values reads. */
const oneOf = (allowed: readonly string[]): string => `one of ${allowed.join(', ')}`;

function wholeNumber(name: string, value: number | undefined, fallback: number, max = Number.MAX_SAFE_INTEGER): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < 1 || value > max) throw optionError(name, `a whole number from 1 to ${max}`, value);
  return value;
}

function choice<T extends string>(name: string, value: T | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined) return fallback;
  if (!allowed.includes(value)) throw optionError(name, oneOf(allowed), value, TypeError);
  return value;
}

/** Checks the drills and throws a RangeError naming the option. */
function checkDrills(drills: Drills): Drills {
  const { delay, failRate } = drills;
  if (
    delay !== undefined &&
    !(Array.isArray(delay) ? delay.length === 2 && delay.every(isDelay) && delay[0] <= delay[1] : isDelay(delay))
  ) {
    throw optionError('delay', `whole milliseconds from 0 to ${MAX_DELAY_MS}, or a range [min, max] of them with min <= max`, delay);
  }
  if (failRate !== undefined && !(typeof failRate === 'number' && failRate >= 0 && failRate <= 1)) {
    throw optionError('failRate', 'a number from 0 to 1', failRate);
  }
  return drills;
}

/** Applies defaults and rejects impossible options with a message that names the option. */
export function resolveAppOptions(options: AppOptions = {}, ResponseClass: typeof Response = Response): ResolvedOptions {
  const tier = choice('tier', options.tier, TIER_NAMES, APP_DEFAULTS.tier);
  const limits = options.limits ?? {};
  const seed = options.seed;
  if (seed !== undefined && (!Number.isInteger(seed) || seed < 0 || seed > MAX_SEED)) {
    throw optionError('seed', `a whole number from 0 to ${MAX_SEED}`, seed);
  }
  const quota = {
    perMinute: wholeNumber('limits.perMinute', limits.perMinute, DEFAULT_QUOTA_LIMITS.perMinute),
    perDay: wholeNumber('limits.perDay', limits.perDay, DEFAULT_QUOTA_LIMITS.perDay),
  };
  const store = options.store ?? createMemoryQuotaStore();
  const pricingPath = options.mounted === true ? MOUNTED_PRICING_PATH : PRICING_PATH;
  if (options.controlToken !== undefined && !/^[\x21-\x7e]{8,}$/.test(options.controlToken)) {
    throw optionError('controlToken', 'at least 8 visible ASCII characters', undefined, TypeError);
  }
  if (options.controlToken !== undefined && !options.control) throw new TypeError('controlToken needs control: true');
  const controlClock = options.control ? createControllableClock(options.clock ?? systemClock) : undefined;
  const drills = options.delay === undefined && options.failRate === undefined ? undefined : checkDrills(options);
  const rateLimitHeaders = choice('rateLimitHeaders', options.rateLimitHeaders, RATE_LIMIT_HEADER_DIALECTS, APP_DEFAULTS.rateLimitHeaders);
  const retryAfter = choice('retryAfter', options.retryAfter, RETRY_AFTER_FORMATS, APP_DEFAULTS.retryAfter);
  const usage = options.usage === undefined ? undefined : { ...checkQuotaUsage(options.usage, quota) };
  if (usage !== undefined && store.setUsage === undefined) {
    throw new TypeError('usage needs a quota store with setUsage, such as the memory store; the store given has none');
  }
  return {
    tier,
    passes: new Set(options.passes ?? []),
    quota,
    maxQuantity: Object.fromEntries(
      TIER_NAMES.map((name) => [
        name,
        wholeNumber(`limits.maxQuantity.${name}`, limits.maxQuantity?.[name], TIERS[name].maxQuantity, MAX_RECORDS_PER_SEED),
      ]),
    ) as Record<Tier, number>,
    source: options.source ?? APP_DEFAULTS.source,
    upgradeUrl: options.upgradeUrl ?? pricingPath,
    clock: controlClock ?? options.clock ?? systemClock,
    controlClock,
    controlToken: options.controlToken,
    drills: drills && {
      ...(options.delay === undefined ? {} : { delay: options.delay }),
      ...(options.failRate === undefined ? {} : { failRate: options.failRate }),
    },
    random: options.random ?? (seed !== undefined ? createRandom(seed) : createCryptoRandom()),
    seed,
    callerOf: options.callerOf ?? defaultCallerOf,
    store,
    usage,
    rateLimitHeaders,
    retryAfter,
    rateLimit: createRateLimitHeaders(quota, { rateLimitHeaders, retryAfter }),
    onRecords: options.onRecords,
    // Checked here, once: a bad field name or profile fails at creation with a message naming the allowed ones.
    recordOptions: resolveRecordOptions(options),
    responses: createResponses(ResponseClass),
    mounted: options.mounted === true,
    pricingPath,
  };
}
