// The world of a seed: every valid SIREN from 300000000 up (La Poste's aside) is one fictitious unit, drawn from its own
// stream, seeded by mixing the seed and the SIREN. Its legal form (by the era its first two digits date), its latest
// establishment's address, its name and how many establishments it has registered follow, so a unit is a pure function
// of (seed, SIREN): the generator picks SIRENs and serves their units' latest establishments, and a lookup finds the
// same unit from the number alone.
import {
  communeFactsAt,
  drawAddress,
  drawAddressIn,
  drawAddressNear,
  drawnCommuneLine,
  drawnCommuneNaming,
  drawnCommuneSizeClass,
  type Address,
  type CommuneFacts,
} from '../address/address.js';
import type { CompanyRecord } from './company-record.js';
import { creationYear, drawFormOf, END_YEAR, LEGAL_FORMS } from './company-story.js';
import { drawnNameHash, drawnNameIsLocal, drawNameFor } from './company.js';
import { drawEstablishment, nicOf, type EstablishmentKind, type OrderCap } from '../identifiers/identifier-sequence.js';
import { mixSeed } from '../random/mix-seed.js';
import { createRandom } from '../random/random.js';

// Salts naming the world's streams: a unit's own, and each of its other establishments'.
const UNIT_SALT = 0x554e4954; // "UNIT"
const SITE_SALT = 0x53495445; // "SITE"

/** The establishment-order table each legal form draws from. */
const ESTABLISHMENT_KINDS: readonly EstablishmentKind[] = LEGAL_FORMS.map(({ form }) =>
  form === 'EI'
    ? 'individual'
    : form === 'SCI'
      ? 'property'
      : form === 'SELARL' || form === 'SELAS'
        ? 'professional'
        : form === 'SASU' || form === 'EURL'
          ? 'single'
          : form === 'SA'
            ? 'large'
            : form === 'SAS'
              ? 'network'
              : 'company',
);
/** Forms of the national networks (an SA, a large SAS), the only ones with a sixth establishment in a village. */
const NETWORK_FORMS: readonly boolean[] = LEGAL_FORMS.map(({ form }) => form === 'SA' || form === 'SAS');
const INDIVIDUAL_FORMS: readonly boolean[] = LEGAL_FORMS.map(({ form }) => form === 'EI');
// A unit's creation date is drawn later, within a tenth of its SIREN prefix's span of the year its name was drawn for
// (company-story.ts): a tenth of a year of margin keeps a unit counted young here and under a year old there alike.
const YOUNG_FROM = END_YEAR - 1.1;
const FIVE_YEARS_FROM = END_YEAR - 5.1;
/** A unit of more establishments than this has them across its département; one of this many or fewer, in its commune. */
export const LOCAL_ESTABLISHMENTS = 5;

/**
 * The highest establishment order of a unit of form `form` created in `year`, named and placed by the last draws: a
 * handful for a unit under a year old, a shop, a practice or a holding, or a unit outside a network in a village; under
 * 100 for one under five years old.
 */
function orderCap(form: number, year: number): OrderCap {
  if (year >= YOUNG_FROM || drawnNameIsLocal() || (drawnCommuneSizeClass() === 0 && !NETWORK_FORMS[form])) return 5;
  return year >= FIVE_YEARS_FROM ? 99 : 2999;
}

/** One unit of the world, as its stream draws it. */
export interface CompanyUnit {
  /** The SIREN as a 9-digit number. */
  readonly siren: number;
  /** The legal form, an index of LEGAL_FORMS (company-story.ts). */
  readonly form: number;
  readonly name: string;
  /** `nameTextHash` of the name, composed while it was drawn. */
  readonly nameHash: number;
  /** The NIC of its latest establishment, as a number: the order `orders` and its check digit. */
  readonly nic: number;
  /** How many establishments it has registered, its moves included: its NICs' orders run from 1 to this. */
  readonly orders: number;
  /** The order of its head office (siège). */
  readonly headOffice: number;
  /** The address of its latest establishment, and that commune's table line. */
  readonly address: Address;
  readonly line: number;
}

/**
 * The unit of SIREN `siren` (a valid 9-digit number from 300000000 up) in the world of `seed`: drawn, in this order, from
 * its own stream: a legal form by the share of its era's units, its latest establishment's address, a name that fits the
 * form, the era and the commune, the number of establishments its age, trade and commune allow, and which is its head
 * office: the latest for an individual entrepreneur or a unit of one, another one after the head office stayed put.
 */
export function unitOf(seed: number, siren: number): CompanyUnit {
  const random = createRandom(mixSeed(seed, siren, UNIT_SALT));
  const form = drawFormOf(random, Math.floor(siren / 10_000_000));
  const address = drawAddress(random);
  const line = drawnCommuneLine();
  const year = creationYear(form, Math.floor(siren / 10));
  const name = drawNameFor(random, form, year, drawnCommuneNaming());
  const nameHash = drawnNameHash();
  const nic = drawEstablishment(random, siren, ESTABLISHMENT_KINDS[form] as EstablishmentKind, orderCap(form, year));
  const orders = Math.floor(nic / 10);
  let headOffice = orders;
  if (orders > 1 && !INDIVIDUAL_FORMS[form] && random.next() >= (orders < 10 ? 0.3 : 0.03))
    headOffice = 1 + Math.floor(random.next() * (orders - 1));
  return { siren, form, name, nameHash, nic, orders, headOffice, address, line };
}

/**
 * What a record was drawn from beyond its six fields: the extra fields derive from it, so that none contradicts another.
 */
export interface CompanyStory {
  /** The legal form, an index of LEGAL_FORMS (company-story.ts). */
  readonly form: number;
  /** The SIREN as a 9-digit number. */
  readonly siren: number;
  /** The NIC as a number (order x 10 + check digit). */
  readonly nic: number;
  /** The company name as drawn. */
  readonly name: string;
  /** The commune of the establishment's address. */
  readonly commune: CommuneFacts;
  /** How many establishments the unit has registered (the latest's order). */
  readonly orders: number;
  /** The order of the unit's head office. */
  readonly headOffice: number;
}

const ZERO = 48;
const SPACE = 32;
/** The character code of the digit of `value` at `place` (1, 10, 100, ...). */
const digit = (value: number, place: number): number => ZERO + (((value / place) | 0) % 10);

/**
 * The SIRET as served, "356 000 000 00048": the SIREN's nine digits in groups of three, then the NIC's five, made in one
 * call as one flat string. Digits come from arithmetic rather than a table of three-digit strings, which a server would
 * find out of cache between requests.
 */
function siretText(siren: number, nic: number): string {
  // prettier-ignore
  return String.fromCharCode(
    digit(siren, 1e8), digit(siren, 1e7), digit(siren, 1e6), SPACE,
    digit(siren, 1e5), digit(siren, 1e4), digit(siren, 1e3), SPACE,
    digit(siren, 100), digit(siren, 10), digit(siren, 1), SPACE,
    digit(nic, 1e4), digit(nic, 1e3), digit(nic, 100), digit(nic, 10), digit(nic, 1),
  );
}

/** The record of a unit's establishment at `address`, NIC `nic`. */
function recordOf(unit: CompanyUnit, nic: number, address: Address): CompanyRecord {
  const siret = siretText(unit.siren, nic);
  return {
    siret,
    siren: siret.slice(0, 11),
    company: unit.name,
    street_address: address.street_address,
    city: address.city,
    postcode: address.postcode,
  };
}

/** The record of a unit's latest establishment: the one the generator serves. */
export function latestRecordOf(unit: CompanyUnit): CompanyRecord {
  return recordOf(unit, unit.nic, unit.address);
}

/** The story of a unit's establishment of NIC `nic` whose commune is on table line `line`. */
export function storyOf(unit: CompanyUnit, nic: number, line: number): CompanyStory {
  const { form, siren, name, orders, headOffice } = unit;
  return { form, siren, nic, name, commune: communeFactsAt(line), orders, headOffice };
}

/** One establishment of a unit: its record, its NIC as a number and its commune's table line (see `storyOf`). */
export interface Establishment {
  readonly record: CompanyRecord;
  readonly nic: number;
  readonly line: number;
}

/**
 * Establishment `order` (1 to `unit.orders`) of a unit in the world of `seed`. The latest is at the unit's own address; an
 * earlier one draws its address from its own stream: in the unit's commune for a unit of a few establishments (moves and
 * a second shop stay in town), across its département for a network (in a town of 2,000 or more, outside an SA or SAS).
 */
export function establishmentOf(seed: number, unit: CompanyUnit, order: number): Establishment {
  if (order === unit.orders) return { record: latestRecordOf(unit), nic: unit.nic, line: unit.line };
  const random = createRandom(mixSeed(seed, unit.siren * 10_000 + order, SITE_SALT));
  let address: Address;
  if (unit.orders <= LOCAL_ESTABLISHMENTS) address = drawAddressIn(random, unit.line);
  else {
    // Only a national network (an SA, an SAS) has a sixth establishment in a village; every département has towns.
    let tries = 0;
    do address = drawAddressNear(random, unit.line);
    while (!NETWORK_FORMS[unit.form] && drawnCommuneSizeClass() === 0 && ++tries < 100);
  }
  const nic = nicOf(unit.siren, order);
  return { record: recordOf(unit, nic, address), nic, line: drawnCommuneLine() };
}
