import { generateCompanies, MAX_SEED, toCsv } from '../../core/company/index.js';
import type { QuotaDecision } from '../../core/quota/index.js';
import {
  CSV_HEADERS,
  type GenerateMeta,
  type Tier,
  JSON_HEADERS,
  withHeaders,
  TIERS,
  type ResolvedOptions,
  type RequestFacts,
  type HeaderList,
  type GenerateResponse,
} from '../app/index.js';
import { parseGenerateParams } from './generate-params.js';

const WWW_AUTHENTICATE: HeaderList = [['www-authenticate', 'Bearer error="invalid_token"']];

/**
 * Epoch milliseconds as RFC 3339 with an explicit offset and whole seconds, the form the service shows.
 * @example formatTimestamp(Date.UTC(2026, 10, 22, 5, 35, 35)) // '2026-11-22T05:35:35+00:00'
 */
export function formatTimestamp(epochMs: number): string {
  return new Date(epochMs).toISOString().slice(0, 19) + '+00:00';
}

// The extension options' code and data (NAF table, long communes...), loaded on first use so default bundles skip them.
const loadFixtures = () => import('../../core/fixtures/index.js');

/** A caller let through by `admit`: its tier, the time, and its quota decision (none on a tier without rate limits). */
export interface Admission {
  tier: Tier;
  now: number;
  decision: QuotaDecision | undefined;
  /** The rate-limit headers of the decision, for every answer to this request (400s included). */
  limitHeaders: HeaderList | undefined;
  /** The `upgrade` link, on the request's origin when it is a path. */
  upgradeFor(): string;
}

/**
 * The checks every counted route runs first, in the contract's order: an unknown pass (401, uncounted), then the rate
 * limit (429, uncounted), which counts the request on the free tier. Answers the refusal, or the admission.
 */
export async function admit(options: ResolvedOptions, request: Request, facts: RequestFacts): Promise<Admission | Response> {
  const { clock, store, quota, responses, rateLimit } = options;
  const tier = facts.tier;
  if (tier === undefined) {
    const message = 'The Bearer token is not a known lifetime pass. Check the token, or send no Authorization header.';
    return responses.error({ code: 'invalid_pass', message, headers: WWW_AUTHENTICATE });
  }
  const url = request.url;
  // Only error bodies need the origin, so the full URL is parsed only for them.
  const upgradeFor = (): string =>
    options.upgradeUrl.startsWith('/') ? `${new URL(url).origin}${options.upgradeUrl}` : options.upgradeUrl;
  const now = clock.now();
  if (!TIERS[tier].rateLimited) return { tier, now, decision: undefined, limitHeaders: undefined, upgradeFor };
  const decision = await store.consume(facts.caller, quota, now);
  if (!decision.allowed) return responses.rateLimited(decision, quota, upgradeFor(), rateLimit, now);
  return { tier, now, decision, limitHeaders: rateLimit.headers(decision), upgradeFor };
}

/** The `meta` of a 200: its time, the source, and what the admission left of the caller's allowances (-1: unlimited). */
export function metaOf({ now, decision }: Admission, source: string): GenerateMeta {
  return {
    generated_at: formatTimestamp(now),
    source,
    rate_limit_remaining_minute: decision ? decision.remainingMinute : -1,
    rate_limit_remaining_day: decision ? decision.remainingDay : -1,
  };
}

/** Creates the GET handler of `/api/v1/generate`, on the tier and for the caller the app decided. */
export function createGenerateRoute(options: ResolvedOptions): (request: Request, facts: RequestFacts) => Promise<Response> {
  const { maxQuantity, source, responses } = options;

  return async function generate(request, facts) {
    const admission = await admit(options, request, facts);
    // A refusal is a Response of the transport's class, which need not be the global one: told apart by shape.
    if (!('tier' in admission)) return admission;
    const { tier, limitHeaders, upgradeFor } = admission;
    const rules = TIERS[tier];
    const url = request.url;

    const max = maxQuantity[tier];
    const params = parseGenerateParams(url, request.headers.get('accept'), max);
    if ('error' in params) {
      const extras = params.error === 'invalid_quantity' ? { max_quantity: max } : undefined;
      return responses.error({ code: params.error, message: params.message, extras, headers: limitHeaders });
    }
    const upgrade = rules.upgradeTo;
    if (params.quantity > max) {
      const above = upgrade === undefined ? '' : `; the ${upgrade} pass allows up to ${maxQuantity[upgrade]}`;
      const extras = upgrade === undefined ? { max_quantity: max } : { max_quantity: max, upgrade: upgradeFor() };
      const message = `quantity must be at most ${max} on the ${tier} tier${above}.`;
      return responses.error({ code: 'quantity_exceeds_limit', message, extras, headers: limitHeaders });
    }
    if (params.format === 'csv' && !rules.csv) {
      const message = `CSV export needs the ${upgrade ?? 'lifetime'} pass; use format=json on the ${tier} tier.`;
      return responses.error({ code: 'lifetime_pass_required', message, extras: { upgrade: upgradeFor() }, headers: limitHeaders });
    }

    // `>>> 0` keeps a source that returns exactly 1 inside the seed range.
    const seed = params.seed ?? Math.floor(options.random.next() * (MAX_SEED + 1)) >>> 0;
    const { recordOptions } = options;
    const fixtures = recordOptions ? await loadFixtures() : undefined;
    const records =
      fixtures && recordOptions
        ? fixtures.generateCompanyFixtures(params.quantity, { seed, ...recordOptions })
        : generateCompanies(params.quantity, { seed });
    let text: string;
    let headers: HeaderList;
    if (params.format === 'csv') {
      text =
        fixtures && recordOptions
          ? fixtures.toFixtureCsv(records, fixtures.extraColumnsOf(recordOptions), { excel: params.excel })
          : toCsv(records, { excel: params.excel });
      headers = CSV_HEADERS;
    } else {
      const body: GenerateResponse = { count: records.length, data: records, meta: metaOf(admission, source) };
      text = JSON.stringify(body);
      headers = limitHeaders ? withHeaders(JSON_HEADERS, limitHeaders) : JSON_HEADERS;
    }
    // After serialising: whatever onRecords does with the records cannot change what this response says. A HEAD answer
    // serves no records, so it records none.
    if (!facts.head) options.onRecords?.(records, request);
    return responses.body(text, headers);
  };
}
