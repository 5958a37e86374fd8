import { generateCompanies } from '../core/generate-companies.js';
import type { QuotaDecision } from '../core/quota.js';
import { toCsv } from '../core/csv.js';
import type { RequestContext, ResolvedOptions, Tier } from './app-options.js';
import { errorExchange as errorResponse } from './error-response.js';
import { formatTimestamp } from './format-timestamp.js';
import { parseGenerateParams } from './generate-params.js';
import { queryParamsOf } from './query-params.js';
import { rateLimitedExchange as rateLimitedResponse } from './rate-limited-response.js';
import type { ServiceRequest, ServiceResponse } from './service-exchange.js';
import { contentLengthOf, CSV_HEADERS, formatRateLimitPolicy, type HeaderList, JSON_HEADERS, rateLimitHeaders, withHeaders } from './response-headers.js';
import { generateBodyJson } from './response-json.js';
import type { GenerateResponseBody } from './schemas.js';

const BEARER = /^bearer(?:[ \t]+(.*))?$/i;
const WWW_AUTHENTICATE: HeaderList = [['www-authenticate', 'Bearer error="invalid_token"']];
const TWO_POW_32 = 4294967296;

/** The tier a request is served on, or `undefined` for an unknown Bearer token. Other schemes are ignored. */
function tierOf(authorization: string | null, options: ResolvedOptions): Tier | undefined {
  if (authorization === null) return options.tier;
  const bearer = BEARER.exec(authorization.trim());
  if (bearer === null) return options.tier;
  return options.passes.has((bearer[1] ?? '').trim()) ? 'lifetime' : undefined;
}

/** Creates the GET/HEAD handler of `/api/v1/generate` (method routing is the caller's). */
export function createGenerateRoute(
  options: ResolvedOptions,
): (request: ServiceRequest, context: RequestContext | undefined) => Promise<ServiceResponse> {
  const policy = formatRateLimitPolicy(options.quota);
  const { clock, store, quota, maxQuantity, source } = options;
  // generated_at has whole seconds: format once per second of clock time.
  let stampSecond = NaN;
  let stampText = '';
  const stamp = (now: number): string => {
    const second = Math.floor(now / 1000);
    if (second !== stampSecond) {
      stampSecond = second;
      stampText = formatTimestamp(now);
    }
    return stampText;
  };

  return async function generate(request, context) {
    const head = request.method === 'HEAD';
    const tier = tierOf(request.headers.get('authorization'), options);
    if (tier === undefined) {
      return errorResponse(401, 'invalid_pass', 'The Bearer token is not a known lifetime pass. Check the token, or send no Authorization header.', {
        headers: WWW_AUTHENTICATE,
        head,
      });
    }

    const url = request.url;
    // Only error bodies need the origin, so the full URL is parsed only for them.
    const upgradeFor = (): string => options.upgradeUrl ?? `${new URL(url).origin}/pricing`;
    const now = clock.now();
    let decision: QuotaDecision | undefined;
    let limitHeaders: HeaderList | undefined;
    if (tier === 'free') {
      decision = await store.consume(options.callerKey(request, context), quota, now);
      if (!decision.allowed) return rateLimitedResponse(decision, quota, upgradeFor(), { head, policy });
      limitHeaders = rateLimitHeaders(policy, decision);
    }

    const max = maxQuantity[tier];
    const params = parseGenerateParams(queryParamsOf(url), request.headers.get('accept'), max);
    if ('error' in params) {
      const extras = params.error === 'invalid_quantity' ? { max_quantity: max } : undefined;
      return errorResponse(400, params.error, params.message, { extras, headers: limitHeaders, head });
    }
    if (params.quantity > max) {
      const message =
        tier === 'free'
          ? `quantity must be at most ${max} on the free tier; the lifetime pass allows up to ${maxQuantity.lifetime}.`
          : `quantity must be at most ${max}.`;
      const extras = tier === 'free' ? { max_quantity: max, upgrade: upgradeFor() } : { max_quantity: max };
      return errorResponse(400, 'quantity_exceeds_limit', message, { extras, headers: limitHeaders, head });
    }
    if (params.format === 'csv' && tier === 'free') {
      return errorResponse(403, 'lifetime_pass_required', 'CSV export needs the lifetime pass; use format=json on the free tier.', {
        extras: { upgrade: upgradeFor() },
        headers: limitHeaders,
        head,
      });
    }

    const csv = params.format === 'csv';
    const headers = csv ? CSV_HEADERS : limitHeaders ? withHeaders(JSON_HEADERS, limitHeaders) : JSON_HEADERS;
    // `>>> 0` keeps a source that returns exactly 1 inside the seed range.
    const seed = params.seed ?? Math.floor(options.random.next() * TWO_POW_32) >>> 0;
    const records = generateCompanies(params.quantity, { seed });
    let text: string;
    if (csv) text = toCsv(records, { excel: params.excel });
    else {
      const body: GenerateResponseBody = {
        count: records.length,
        data: records,
        meta: {
          generated_at: stamp(now),
          source,
          rate_limit_remaining_minute: decision ? decision.remainingMinute : -1,
          rate_limit_remaining_day: decision ? decision.remainingDay : -1,
        },
      };
      text = generateBodyJson(body);
    }
    // HEAD does the work of GET (its Content-Length is the length GET would send) but serves, so records, nothing.
    if (head) return { status: 200, headers: withHeaders(headers, contentLengthOf(text)), body: null };
    // After serialising: whatever onRecords does with the records cannot change what this response says.
    options.onRecords?.(records, request);
    return { status: 200, headers, body: text };
  };
}
