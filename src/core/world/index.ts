// The world of a seed, looked up: a SIRET's establishment or a SIREN's unit, the records `generate` gives for that seed,
// or why a number has none. It extends records with the fixtures' options, so the HTTP layer loads it on first use.
import { checkSeed, establishmentOf, storyOf, unitOf, type CompanyUnit } from '../company/index.js';
import { createRecordExtender, resolveRecordOptions, type FixtureRecord, type RecordOptions } from '../fixtures/index.js';
import { formatSiren, LA_POSTE_SIREN, parseSiren, parseSiret, type InvalidReason } from '../identifiers/index.js';

/** The seed a lookup uses when none is given: a number typed in a form finds the same company on every run. */
export const DEFAULT_LOOKUP_SEED = 0;

/** The most establishments a SIREN lookup lists: the head office, then the others from the latest down. */
export const MAX_LISTED_ESTABLISHMENTS = 100;

/** Options of `lookupSiret` and `lookupSiren`: the seed whose world to look in, and the record options of `generate`. */
export interface LookupOptions extends RecordOptions {
  /** Whole number 0..4294967295: the world of the records `generate` gives for that seed. @default 0 */
  seed?: number;
}

/**
 * Why a valid number has no company: `unused_number` (a SIREN starting with 0), `public_body` (1 or 2: the State, local
 * authorities), `la_poste` (La Poste's SIREN 356000000 and its establishments, a real company), `unknown_establishment`
 * (a unit's SIREN with a NIC that is none of its establishments; the answer names the SIREN, whose lookup lists them).
 */
export type NotFoundReason = 'unused_number' | 'public_body' | 'la_poste' | 'unknown_establishment';

/** A number that is not a valid SIRET or SIREN, with the reason and a sentence a form can show. */
export interface InvalidNumber<Code extends 'invalid_siret' | 'invalid_siren'> {
  found: false;
  error: Code;
  reason: InvalidReason;
  message: string;
}

/** A valid number outside the world, with the reason and a sentence a form can show. */
export interface NumberNotFound {
  found: false;
  error: 'not_found';
  reason: NotFoundReason;
  message: string;
  /** For `unknown_establishment`: the unit's SIREN, as records write it (`123 456 789`). */
  siren?: string;
}

/** What `lookupSiret` answers: the establishment's record, exactly as `generate` gives it with the same options, or why not. */
export type SiretLookup = { found: true; record: FixtureRecord } | InvalidNumber<'invalid_siret'> | NumberNotFound;

/** A unit and its establishments, as `lookupSiren` lists them. */
export interface UnitListing {
  /** The SIREN as records write it. */
  siren: string;
  /** How many establishments the unit has registered (active and ceased): its NICs' orders run from 0001 to this. */
  establishment_count: number;
  /**
   * Its establishments' records, as `generate` gives them with the same options: the head office first, then the others
   * from the latest down, at most MAX_LISTED_ESTABLISHMENTS.
   */
  establishments: FixtureRecord[];
}

/** What `lookupSiren` answers: the unit and its establishments, or why not. */
export type SirenLookup = ({ found: true } & UnitListing) | InvalidNumber<'invalid_siren'> | NumberNotFound;

/** Why a valid SIREN has no unit of the world, or undefined when it has one. */
function outsideWorld(siren: string): NumberNotFound | undefined {
  const notFound = (reason: NotFoundReason, message: string): NumberNotFound => ({ found: false, error: 'not_found', reason, message });
  if (siren === LA_POSTE_SIREN)
    return notFound('la_poste', "356 000 000 is La Poste's SIREN, a real company: it and its establishments are outside the mock's world");
  if (siren.startsWith('0'))
    return notFound('unused_number', 'no company has a SIREN starting with 0: the register does not hand them out');
  if (siren.startsWith('1') || siren.startsWith('2'))
    return notFound(
      'public_body',
      "SIRENs starting with 1 or 2 are public bodies (the State, local authorities), outside the mock's companies",
    );
  return undefined;
}

/** The record of establishment `order` of a unit, extended for the options (`createRecordExtender`) when they ask for more. */
type Lookup = (unit: CompanyUnit, order: number) => FixtureRecord;

/** The seed and the records of the options, checked as `generateCompanyFixtures` checks them. */
function resolve(options: LookupOptions): { seed: number; recordOf: Lookup } {
  const seed = options.seed ?? DEFAULT_LOOKUP_SEED;
  checkSeed(seed);
  const resolved = options.fields === undefined && options.profile === undefined ? undefined : resolveRecordOptions(options);
  if (resolved === undefined) return { seed, recordOf: (unit, order) => establishmentOf(seed, unit, order).record };
  const extend = createRecordExtender(seed, resolved);
  return {
    seed,
    recordOf: (unit, order) => {
      const { record, nic, line } = establishmentOf(seed, unit, order);
      return extend(record, storyOf(unit, nic, line));
    },
  };
}

/**
 * Looks a SIRET up in the world of a seed. The input is read as a form reads it (spaces, U+00A0, U+202F, dots and dashes
 * ignored); a valid number of a unit's establishment answers its record, exactly the record `generate` gives for that SIRET
 * with the same seed, fields and profile. Otherwise `found: false` with `error` `invalid_siret` (reason `digits`,
 * `length`, `la_poste_rule` or `check_digit`) or `not_found` (reason `unused_number`, `public_body`, `la_poste`, or
 * `unknown_establishment` with the unit's `siren`). A ceased establishment is found, with its `status` and `ceased_on`
 * when those fields are asked for. Throws a RangeError for a bad seed, field or profile, as `generate` does.
 * @example lookupSiret(generateCompanies(1, { seed: 7 })[0].siret, { seed: 7 }) // { found: true, record: the same record }
 */
export function lookupSiret(input: string, options: LookupOptions = {}): SiretLookup {
  const { seed, recordOf } = resolve(options);
  const parsed = parseSiret(input);
  if (!parsed.valid) return { found: false, error: 'invalid_siret', reason: parsed.reason, message: parsed.message };
  const sirenDigits = parsed.digits.slice(0, 9);
  const outside = outsideWorld(sirenDigits);
  if (outside !== undefined) return outside;
  const unit = unitOf(seed, Number(sirenDigits));
  const order = Number(parsed.digits.slice(9, 13));
  if (order < 1 || order > unit.orders) {
    const siren = formatSiren(sirenDigits);
    const numbered =
      unit.orders === 1 ? 'its one establishment is 0001' : `its establishments are 0001 to ${String(unit.orders).padStart(4, '0')}`;
    const message = `unit ${siren} has no establishment ${parsed.digits.slice(9, 13)}: ${numbered} (NIC without its check digit)`;
    return { found: false, error: 'not_found', reason: 'unknown_establishment', message, siren };
  }
  return { found: true, record: recordOf(unit, order) };
}

/**
 * Looks a SIREN up in the world of a seed: the unit and its establishments' records, each exactly as `generate` and
 * `lookupSiret` give it with the same seed, fields and profile: the head office first, then the others from the latest
 * down, at most MAX_LISTED_ESTABLISHMENTS of `establishment_count` (the latest, the one `generate` serves, is always
 * among them). Invalid or outside the world: `found: false`, as `lookupSiret` answers (`invalid_siren`, reasons `digits`,
 * `length`, `check_digit`; `not_found`, reasons `unused_number`, `public_body`, `la_poste`).
 * @example lookupSiren('531 789 600', { seed: 1 }).found // true: every valid SIREN from 3 to 9 but La Poste's is a unit
 */
export function lookupSiren(input: string, options: LookupOptions = {}): SirenLookup {
  const { seed, recordOf } = resolve(options);
  const parsed = parseSiren(input);
  if (!parsed.valid) return { found: false, error: 'invalid_siren', reason: parsed.reason, message: parsed.message };
  const outside = outsideWorld(parsed.digits);
  if (outside !== undefined) return outside;
  const unit = unitOf(seed, Number(parsed.digits));
  const orders = [unit.headOffice];
  for (let order = unit.orders; order >= 1 && orders.length < MAX_LISTED_ESTABLISHMENTS; order--)
    if (order !== unit.headOffice) orders.push(order);
  const establishments = orders.map((order) => recordOf(unit, order));
  return { found: true, siren: formatSiren(parsed.digits), establishment_count: unit.orders, establishments };
}
