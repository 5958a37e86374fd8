import { COASTAL, DENSE } from './address.js';
import { drawAddressLines, inseeCodeOfLine } from './address-lines.js';
import type { CompanyRecord } from './company-record.js';
import { creationYear, END_YEAR, isoDateOf, LEGAL_FORMS } from './company-story.js';
import { companyNameParts } from './company.js';
import { COASTAL_PLACES, PLACES } from './data/names.js';
import type { CompanyStory } from './generate-companies.js';
import { drawNafFor, type NafPool } from './naf.js';
import { pick, type RandomSource } from './random.js';
import { vatNumberOf } from './vat.js';
import { createWeightedTable, type WeightedTable } from './weighted.js';

/** The opt-in fields (documented in docs/fixtures.md and the OpenAPI document). */
export interface ExtraFields {
  /** `FR` + 2-digit key + SIREN, e.g. `FR44732829320`; absent for a unit without one (a micro-entrepreneur, an SCI letting homes). */
  vat_number?: string;
  /** The legal form in the company name (`SAS`, `SARL`, `SCI`...), or `null` when the name carries none. */
  legal_form: string | null;
  /** NAF rév. 2 sub-class (APE code), `^\d{2}\.\d{2}[A-Z]$`, one the legal form and the trade in the name allow. */
  naf_code: string;
  /** The official INSEE label of `naf_code`. */
  naf_label: string;
  /** ISO date `YYYY-MM-DD`: after the form's law, in the era of the SIREN, before 2026-01-01. */
  created_on: string;
  /** `active` or `ceased` (the establishment is closed). */
  status: 'active' | 'ceased';
  /** The day a ceased establishment closed, `null` for an active one; comes with `status`. */
  ceased_on: string | null;
  /** Whether the establishment is the unit's head office (siège). */
  head_office: boolean;
  /** `public`, or `partial` for an individual entrepreneur who opted out: name and street then read `[ND]`, as INSEE shows them. */
  diffusion: 'public' | 'partial';
  /** INSEE legal category, level III (4 digits), matching the legal form: 1000, 5499, 5710... */
  legal_category: string;
  /** INSEE employee band of the establishment: `NN` (none declared), `00`, `01` (1-2), `02` (3-5) ... `53` (10,000 and more). */
  employee_band: string;
  /** The shop sign (enseigne), or `null`. */
  trade_name: string | null;
  /** A second address line (building, estate, business park, BP or CS box), or `null`. */
  address_line_2: string | null;
  /** The CEDEX line a BP or CS box comes with, `POSTCODE LOCALITY CEDEX[ n]`, or `null`. */
  cedex: string | null;
  /** The commune's INSEE code (the arrondissement's in Paris, Lyon and Marseille). */
  insee_code: string;
  /** La Poste's label: upper case without accents, at most 38 characters a line and 6 lines, ending with the locality line. */
  postal_lines: string[];
}

/** What the profiles may change before the address lines and the label are drawn. */
export interface RecordCommune {
  readonly sizeClass: number;
  readonly flags: number;
  /** The commune's population when known exactly enough to decide on CEDEX (10,000 or more). */
  readonly cedexTown: boolean;
  readonly inseeCode: string;
}

/** Every extra field's value for one record, drawn whether asked for or not (so each is the same whatever is asked). */
export interface StoryFields extends Omit<ExtraFields, 'address_line_2' | 'cedex' | 'insee_code' | 'postal_lines'> {
  /** The record's own commune facts. */
  readonly commune: RecordCommune;
}

const POOLS: readonly NafPool[] = LEGAL_FORMS.map(({ form, micro }) =>
  form === 'EI'
    ? micro
      ? 'micro'
      : 'individual'
    : form === 'SCI'
      ? 'property'
      : form === 'SNC'
        ? 'partnership'
        : form === 'SA'
          ? 'large'
          : 'company',
);

// INSEE employee bands by kind of unit, in percent. Companies: 54% employ someone and 11% ten or more (Insee Première
// n° 2045, sociétés active at the end of 2021); the spread over the bands, and the other kinds, are our estimates.
// prettier-ignore
const BANDS: Readonly<Record<string, WeightedTable<string>>> = {
  micro: createWeightedTable([['NN', 95], ['00', 4], ['01', 1]]),
  individual: createWeightedTable([['NN', 40], ['00', 35], ['01', 15], ['02', 6], ['03', 3], ['11', 1]]),
  property: createWeightedTable([['NN', 80], ['00', 20]]),
  holding: createWeightedTable([['NN', 30], ['00', 50], ['01', 15], ['02', 5]]),
  company: createWeightedTable([
    ['NN', 20], ['00', 26], ['01', 22], ['02', 14], ['03', 7], ['11', 6], ['12', 3.2], ['21', 1], ['22', 0.4], ['31', 0.15],
    ['32', 0.15], ['41', 0.06], ['42', 0.03], ['51', 0.01],
  ]),
  large: createWeightedTable([
    ['NN', 10], ['00', 15], ['01', 15], ['02', 15], ['03', 12], ['11', 12], ['12', 10], ['21', 5], ['22', 3], ['31', 1], ['32', 1],
    ['41', 0.5], ['42', 0.3], ['51', 0.15], ['52', 0.04], ['53', 0.01],
  ]),
};

/** Shop signs an individual entrepreneur's activity goes by: before a surname (`Coiffure Moreau`) or after it (`Moreau Paysage`). */
// prettier-ignore
const SIGNS: Readonly<Record<string, readonly [word: string, before: boolean]>> = {
  '96.02A': ['Coiffure', true], '10.71C': ['Boulangerie', true], '45.20A': ['Garage', true], '49.32Z': ['Taxis', true],
  '43.22A': ['Plomberie', true], '43.32A': ['Menuiserie', true], '43.99C': ['Maçonnerie', true], '95.23Z': ['Cordonnerie', true],
  '43.21A': ['Électricité', false], '43.34Z': ['Peinture', false], '81.30Z': ['Paysage', false], '81.21Z': ['Nettoyage', false],
  '70.22Z': ['Conseil', false], '62.01Z': ['Informatique', false], '62.02A': ['Informatique', false], '74.10Z': ['Design', false],
  '85.59A': ['Formation', false], '73.11Z': ['Communication', false],
};

/** Each form's INSEE legal categories, weighted (an SA has a board of directors, or a management board). */
const CATEGORY_TABLES: readonly WeightedTable<string>[] = LEGAL_FORMS.map((form) => createWeightedTable(form.categories));

const INLAND_PLACES = PLACES.filter((place) => !COASTAL_PLACES.includes(place));

/** The trade name (enseigne) of a unit: a shop's sign, an individual entrepreneur's trading name, or none. */
function drawTradeName(random: RandomSource, story: CompanyStory, naf: string, coastal: boolean): string | null {
  const form = (LEGAL_FORMS[story.form] as (typeof LEGAL_FORMS)[number]).form;
  const u = random.next();
  const words = story.name.split(' ');
  if (form === 'EI') {
    const sign = SIGNS[naf];
    if (sign === undefined || u >= 0.5) return null;
    const surname = words.slice(1, -1).join(' ');
    return sign[1] ? `${sign[0]} ${surname}` : `${surname} ${sign[0]}`;
  }
  const { trade } = companyNameParts(story.name);
  if (form === 'SCI' || trade === undefined || trade === 'Groupe') return null;
  const body = words.slice(0, -1).join(' ');
  // A shop opens with its trade: its sign is often the trade and a place ("Boulangerie du Centre"), or its name.
  if (words[0] === trade.split(' ')[0]) {
    if (u < 0.35) return `${trade} ${pick(random, coastal ? PLACES : INLAND_PLACES)}`;
    return u < 0.75 ? body : null;
  }
  return u < 0.3 ? body : null;
}

/**
 * The extra fields of one record, drawn from its story in a fixed order from the record's own side stream: each has the
 * same value whatever other fields are asked for. The address lines and the label come later (`finishExtraFields`), once
 * a profile has had its say on the commune.
 */
export function drawStoryFields(record: CompanyRecord, story: CompanyStory, random: RandomSource, legalForm: string | null): StoryFields {
  const data = LEGAL_FORMS[story.form] as (typeof LEGAL_FORMS)[number];
  const body = Math.floor(story.siren / 10);
  const created = creationYear(story.form, body, random.next() - 0.5);
  const { trade } = companyNameParts(story.name);
  const naf = drawNafFor(random, POOLS[story.form] as NafPool, data.form === 'EI' ? undefined : trade);
  const legalCategory = (CATEGORY_TABLES[story.form] as WeightedTable<string>).draw(random);
  // About a year's cessations: 15% of micro-entrepreneurs, 8% of other units (INSEE cessation rates, Insee Première n° 2045).
  const ceased = random.next() < (data.micro ? 0.15 : 0.08);
  const closedAt = created + (END_YEAR - created) * (0.2 + 0.8 * random.next());
  const order = Math.floor(story.nic / 10);
  const other = random.next();
  // The first establishment a unit registers is its head office; a later one is, once the head office has moved.
  const headOffice = data.form === 'EI' || order === 1 || other < (order < 10 ? 0.3 : 0.03);
  const partial = data.form === 'EI' && random.next() < 0.08;
  const band = (BANDS[naf.code === '64.20Z' ? 'holding' : data.micro ? 'micro' : (POOLS[story.form] as string)] ??
    BANDS.company) as WeightedTable<string>;
  const employeeBand = band.draw(random);
  const commune = story.commune;
  const tradeName = drawTradeName(random, story, naf.code, (commune.flags & COASTAL) !== 0);
  // No VAT number under the VAT threshold (a micro-entrepreneur) or for an SCI letting homes (exempt).
  const vat = data.micro === true || (data.form === 'SCI' && naf.code === '68.20A') ? undefined : vatNumberOf(record.siren);
  const fields: StoryFields = {
    legal_form: legalForm,
    naf_code: naf.code,
    naf_label: naf.label,
    created_on: isoDateOf(created),
    status: ceased ? 'ceased' : 'active',
    ceased_on: ceased ? isoDateOf(Math.min(Math.max(closedAt, created + 1 / 365), END_YEAR - 1 / 365)) : null,
    head_office: headOffice,
    diffusion: partial ? 'partial' : 'public',
    legal_category: legalCategory,
    employee_band: employeeBand,
    trade_name: tradeName,
    commune: {
      sizeClass: commune.sizeClass,
      flags: commune.flags,
      cedexTown: commune.population >= 10_100,
      inseeCode: inseeCodeOfLine(commune.line, commune.firstPostcode),
    },
  };
  return vat === undefined ? fields : { vat_number: vat, ...fields };
}

/** The second line, CEDEX, INSEE code and label of a record, after the profiles: the last draws of its side stream. */
export function drawAddressFields(
  record: CompanyRecord & { address_line_2?: string | null },
  fields: StoryFields,
  random: RandomSource,
  force: boolean,
): Pick<ExtraFields, 'address_line_2' | 'cedex'> {
  const { commune } = fields;
  const individual = fields.legal_category === '1000';
  const plm =
    (commune.flags & DENSE) !== 0 &&
    /^(75|69|13)0\d\d$/.test(record.postcode) &&
    ['Paris', 'Lyon', 'Marseille'].includes(record.city.normalize('NFC'));
  const lines = drawAddressLines(
    random,
    {
      city: record.city.normalize('NFC'),
      postcode: record.postcode,
      sizeClass: commune.sizeClass,
      cedexTown: commune.cedexTown,
      arrondissement: plm ? record.postcode.slice(3) : undefined,
      individual,
    },
    force,
  );
  return { address_line_2: lines.addressLine2, cedex: lines.cedex };
}
