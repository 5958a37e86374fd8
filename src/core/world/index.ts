// The world of a seed, looked up: a SIRET's establishment or a SIREN's unit, the records `generate` gives for that seed,
// or why a number has none. It extends records with the fixtures' options, so the HTTP layer loads it on first use.
export {
  DEFAULT_LOOKUP_SEED,
  lookupSiren,
  lookupSiret,
  MAX_LISTED_ESTABLISHMENTS,
  type InvalidNumber,
  type LookupOptions,
  type NotFoundReason,
  type NumberNotFound,
  type SirenLookup,
  type SiretLookup,
  type UnitListing,
} from './lookup.js';
