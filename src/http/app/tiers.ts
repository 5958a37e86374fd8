/** What a tier allows. */
export interface TierRules {
  /** Default largest `quantity` (configurable per app with `limits.maxQuantity`). */
  readonly maxQuantity: number;
  /** Counted against the per-minute and per-day limits, with RateLimit headers and 429s. */
  readonly rateLimited: boolean;
  /** May ask for CSV. */
  readonly csv: boolean;
  /** The tier its refusals point to, with an `upgrade` link; `undefined` on the top tier. */
  readonly upgradeTo: string | undefined;
}

// The rows as literals: `Tier` is derived from their keys, `TIERS` below is the typed view the code reads.
const TIER_TABLE = {
  free: { maxQuantity: 50, rateLimited: true, csv: false, upgradeTo: 'lifetime' },
  lifetime: { maxQuantity: 100, rateLimited: false, csv: true, upgradeTo: undefined },
} as const;

/** A service tier: `free` is rate limited and capped at 50 records; `lifetime` is the paid pass. */
export type Tier = keyof typeof TIER_TABLE;

/**
 * The service's tiers. A new tier is one row here (plus its documentation): the handler, the options, the OpenAPI text and
 * the server's flags read this table.
 */
export const TIERS: Readonly<Record<Tier, TierRules & { readonly upgradeTo: Tier | undefined }>> = TIER_TABLE;

/** The tier a known Bearer pass is served on. */
const PASS_TIER: Tier = 'lifetime';

/** Every tier name, in table order. */
export const TIER_NAMES: readonly Tier[] = Object.keys(TIERS) as Tier[];

const BEARER = /^bearer(?:[ \t]+(.*))?$/i;

/**
 * The tier a request is served on, decided from its `Authorization` once: a known Bearer pass is the pass tier, an
 * unknown one `undefined` (a 401), anything else (no header, another scheme) the app's tier.
 */
export function tierOf(authorization: string | null, tier: Tier, passes: ReadonlySet<string>): Tier | undefined {
  if (authorization === null) return tier;
  const bearer = BEARER.exec(authorization.trim());
  if (bearer === null) return tier;
  return passes.has((bearer[1] ?? '').trim()) ? PASS_TIER : undefined;
}
