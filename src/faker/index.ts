// `siret-mock/faker`: French company identifiers, names and addresses drawn from a @faker-js/faker instance's own
// randomizer, so `faker.seed(n)` replays them. Each function stands alone, so a bundler keeps only the ones imported
// (the commune table stays out unless `fakeAddress` is used).
import { drawAddress, type Address } from '../core/address/index.js';
import { drawCompanyName } from '../core/company/index.js';
import { formatSiren, formatSiret, luhnCheckDigit, stripSeparators, vatNumberOf } from '../core/identifiers/index.js';
import type { RandomSource } from '../core/random/index.js';

/**
 * The part of a faker instance this module uses: `number.int`. A `Faker` of @faker-js/faker 9 or 10 (`faker`, `fakerFR`,
 * `new Faker(...)`) fits.
 */
export interface FakerLike {
  number: { int(options: { min: number; max: number }): number };
}

/** How identifiers are written. */
export interface IdentifierFormat {
  /** `true`: digit groups separated by spaces, as the API serves them; `false`: digits only. @default true */
  spaces?: boolean;
}

const TWO_POW_32 = 4294967296;

/** A core random source that draws from the faker instance, one 32-bit integer per float. */
function randomOf(faker: FakerLike): RandomSource {
  return { next: () => faker.number.int({ min: 0, max: TWO_POW_32 - 1 }) / TWO_POW_32 };
}

/**
 * A Luhn-valid SIREN starting with 3-9 (never La Poste's 356000000), as the API draws them.
 * @example fakeSiren(fakerFR) // '732 829 320'
 */
export function fakeSiren(faker: FakerLike, format: IdentifierFormat = {}): string {
  let body: number;
  do body = faker.number.int({ min: 30_000_000, max: 99_999_999 });
  while (body === 35_600_000);
  const digits = `${body}${luhnCheckDigit(String(body))}`;
  return format.spaces === false ? digits : formatSiren(digits);
}

/**
 * A valid SIRET: a SIREN (the one given, or a fresh one), a small establishment number and the Luhn digit of the whole.
 * @example fakeSiret(fakerFR) // '732 829 320 00074'
 */
export function fakeSiret(faker: FakerLike, options: IdentifierFormat & { siren?: string } = {}): string {
  const siren = stripSeparators(options.siren ?? fakeSiren(faker, { spaces: false }));
  if (!/^\d{9}$/.test(siren) || siren === '356000000')
    throw new RangeError(`siren must be a 9-digit SIREN other than La Poste's, got "${options.siren}"`);
  // Most companies have one establishment or a few: the order number is small, as in the API's records.
  const head = siren + String(faker.number.int({ min: 1, max: faker.number.int({ min: 0, max: 1 }) === 0 ? 3 : 99 })).padStart(4, '0');
  const digits = head + luhnCheckDigit(head);
  return options.spaces === false ? digits : formatSiret(digits);
}

/**
 * A French VAT number (`FR` + key + SIREN) for the SIREN given, or for a fresh one.
 * @example fakeVatNumber(fakerFR, '732 829 320') // 'FR44732829320'
 */
export function fakeVatNumber(faker: FakerLike, siren?: string): string {
  return vatNumberOf(siren ?? fakeSiren(faker, { spaces: false }));
}

/**
 * A French company name with a legal form weighted like real registrations ("Martin SAS", "Boulangerie Lefèvre").
 * @example fakeCompanyName(fakerFR)
 */
export function fakeCompanyName(faker: FakerLike): string {
  return drawCompanyName(randomOf(faker));
}

/**
 * A street line with a real (city, postcode) pair from the official commune register, weighted by population.
 * @example fakeAddress(fakerFR) // { street_address: '12 rue de la Paix', city: 'Lyon', postcode: '69003' }
 */
export function fakeAddress(faker: FakerLike): Address {
  return drawAddress(randomOf(faker));
}

/** The five generators bound to one faker instance. */
export interface SiretMockFaker {
  siren(format?: IdentifierFormat): string;
  siret(options?: IdentifierFormat & { siren?: string }): string;
  vatNumber(siren?: string): string;
  companyName(): string;
  address(): Address;
}

/**
 * Binds the generators to a faker instance, for factories that take one (orval, msw-auto-mock, zod-mock).
 * @example const company = createSiretMockFaker(fakerFR); fakerFR.seed(42); company.siret()
 */
export function createSiretMockFaker(faker: FakerLike): SiretMockFaker {
  return {
    siren: (format) => fakeSiren(faker, format),
    siret: (options) => fakeSiret(faker, options),
    vatNumber: (siren) => fakeVatNumber(faker, siren),
    companyName: () => fakeCompanyName(faker),
    address: () => fakeAddress(faker),
  };
}

export type { Address } from '../core/address/index.js';
