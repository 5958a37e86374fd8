import { generateCompanies, MAX_SEED, toCsv } from '../core/company/index.js';
import type { QuotaDecision } from '../core/quota/index.js';
import type { RequestContext, ResolvedOptions } from './app-options.js';
import { formatTimestamp } from './format-timestamp.js';
import { parseGenerateParams } from './generate-params.js';
import { queryParamsOf } from './query-params.js';
import { CSV_HEADERS, type HeaderList, JSON_HEADERS, withHeaders } from './response-headers.js';
import { PASS_TIER, TIERS, type Tier } from './tiers.js';
import type { GenerateResponse } from './wire-types.js';

const BEARER = /^bearer(?:[ \t]+(.*))?$/i;
const WWW_AUTHENTICATE: HeaderList = [['www-authenticate', 'Bearer error="invalid_token"']];

/** The tier a request is served on, or `undefined` for an unknown Bearer token. Other schemes are ignored. */
export function tierOf(authorization: string | null, options: Pick<ResolvedOptions, 'tier' | 'passes'>): Tier | undefined {
  if (authorization === null) return options.tier;
  const bearer = BEARER.exec(authorization.trim());
  if (bearer === null) return options.tier;
  return options.passes.has((bearer[1] ?? '').trim()) ? PASS_TIER : undefined;
}

/** Creates the GET handler of `/api/v1/generate` (methods, HEAD and failures are the caller's). */
export function createGenerateRoute(
  options: ResolvedOptions,
): (request: Request, context: RequestContext | undefined) => Promise<Response> {
  const { clock, store, quota, maxQuantity, source, responses, rateLimit } = options;

  return async function generate(request, context) {
    const tier = tierOf(request.headers.get('authorization'), options);
    if (tier === undefined) {
      const message = 'The Bearer token is not a known lifetime pass. Check the token, or send no Authorization header.';
      return responses.error(401, 'invalid_pass', message, undefined, WWW_AUTHENTICATE);
    }
    const rules = TIERS[tier];

    const url = request.url;
    // Only error bodies need the origin, so the full URL is parsed only for them.
    const upgradeFor = (): string =>
      options.upgradeUrl.startsWith('/') ? `${new URL(url).origin}${options.upgradeUrl}` : options.upgradeUrl;
    const now = clock.now();
    let decision: QuotaDecision | undefined;
    let limitHeaders: HeaderList | undefined;
    if (rules.rateLimited) {
      decision = await store.consume(options.callerKey(request, context), quota, now);
      if (!decision.allowed) return responses.rateLimited(decision, quota, upgradeFor(), rateLimit, now);
      limitHeaders = rateLimit.headers(decision);
    }

    const max = maxQuantity[tier];
    const params = parseGenerateParams(queryParamsOf(url), request.headers.get('accept'), max);
    if ('error' in params) {
      return responses.error(
        400,
        params.error,
        params.message,
        params.error === 'invalid_quantity' ? { max_quantity: max } : undefined,
        limitHeaders,
      );
    }
    const upgrade = rules.upgradeTo;
    if (params.quantity > max) {
      const above = upgrade === undefined ? '' : `; the ${upgrade} pass allows up to ${maxQuantity[upgrade]}`;
      const extras = upgrade === undefined ? { max_quantity: max } : { max_quantity: max, upgrade: upgradeFor() };
      return responses.error(
        400,
        'quantity_exceeds_limit',
        `quantity must be at most ${max} on the ${tier} tier${above}.`,
        extras,
        limitHeaders,
      );
    }
    if (params.format === 'csv' && !rules.csv) {
      const message = `CSV export needs the ${upgrade ?? 'lifetime'} pass; use format=json on the ${tier} tier.`;
      return responses.error(403, 'lifetime_pass_required', message, { upgrade: upgradeFor() }, limitHeaders);
    }

    // `>>> 0` keeps a source that returns exactly 1 inside the seed range.
    const seed = params.seed ?? Math.floor(options.random.next() * (MAX_SEED + 1)) >>> 0;
    const { recordOptions } = options;
    // The extension options load their code and data (NAF table, long communes) on first use, so default bundles skip them.
    const fixtures = recordOptions ? await import('./fixture-records.js') : undefined;
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
      const body: GenerateResponse = {
        count: records.length,
        data: records,
        meta: {
          generated_at: formatTimestamp(now),
          source,
          rate_limit_remaining_minute: decision ? decision.remainingMinute : -1,
          rate_limit_remaining_day: decision ? decision.remainingDay : -1,
        },
      };
      text = JSON.stringify(body);
      headers = limitHeaders ? withHeaders(JSON_HEADERS, limitHeaders) : JSON_HEADERS;
    }
    // After serialising: whatever onRecords does with the records cannot change what this response says. A HEAD answer
    // serves no records, so it records none.
    if (request.method !== 'HEAD') options.onRecords?.(records, request);
    return responses.body(text, headers);
  };
}
