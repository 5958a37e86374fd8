import type { CompanyRecord } from './company-record.js';
import { LONG_COMMUNES_TABLE } from './data/long-communes.js';
import { STREET_RURAL, STREET_TROPICAL_RURAL } from './data/names.js';
import { placeFromDe } from './address.js';
import { legalFormOf } from './legal-form.js';
import { pick, randomBetween, type RandomSource } from './random.js';

/**
 * The edge cases of the `edge-cases` profile, each drawn independently at the rate given among the records it can apply to
 * (documented in docs/fixtures.md): the name cases but capitals and NFD change companies' names, never an individual
 * entrepreneur's (a person's name); an address case applies where the commune allows it.
 */
export const EDGE_CASE_RATES = {
  /** A company name of 60 to 120 characters (register names run up to 82; forms allow more). */
  'long-name': 0.2,
  /** The name in capitals, as most names in the register are. */
  capitals: 0.3,
  /** An `&` in the name. */
  ampersand: 0.15,
  /** A straight apostrophe `'` in the name. */
  'straight-apostrophe': 0.1,
  /** A curly apostrophe `’` (U+2019) in the name. */
  'curly-apostrophe': 0.1,
  /** Digits in the name. */
  digits: 0.1,
  /** An accented name, and every text field, in Unicode NFD (decomposed accents) instead of NFC. */
  nfd: 0.15,
  /** One of the current communes with the longest official names (31 to 45 characters), with its real postcode. */
  'long-commune': 0.1,
  /** A second address line (building, business park, or a BP or CS box with its CEDEX line), in a commune of 2,000 or more. */
  'second-address-line': 0.2,
  /** A chemin numbered in metres above 1,000, outside dense cities. */
  'street-number-over-1000': 0.1,
  /** A lieu-dit (named place) with no street number, in a commune under 20,000 inhabitants. */
  'lieu-dit': 0.05,
} as const;

/** One edge case a record can carry. */
export type EdgeCase = keyof typeof EDGE_CASE_RATES;

/** The fields the `edge-cases` profile adds to every record. */
export interface EdgeCaseFields {
  /** A second address line, or `null`. */
  address_line_2: string | null;
  /** The CEDEX line a BP or CS box comes with, or `null`. */
  cedex: string | null;
  /** The edge cases this record carries, in the order of `EDGE_CASE_RATES`. */
  edge_cases: EdgeCase[];
}

/** What the profile needs to know of a record beyond its six fields. */
export interface EdgeCaseContext {
  /** An individual entrepreneur: their name stays a person's. */
  readonly individual: boolean;
  /** The commune's size class (0 under 2,000 inhabitants ... 4 from 100,000). */
  readonly sizeClass: number;
  /** Whether the commune is a dense city (no metric numbering), Paris (no chemins), tropical, coastal. */
  readonly dense: boolean;
  readonly paris: boolean;
  readonly tropical: boolean;
  readonly coastal: boolean;
}

/** A long commune put in place of the record's: its INSEE code and population, for the fields that depend on them. */
export interface LongCommune {
  readonly inseeCode: string;
  readonly population: number;
}

/** Cases that change a company name into one no person has. */
const COMPANY_NAME_CASES: readonly EdgeCase[] = ['long-name', 'ampersand', 'straight-apostrophe', 'curly-apostrophe', 'digits'];

const LONG_NAME_PARTS = [
  'Société Nouvelle',
  'des Établissements Réunis',
  'de la Vallée de la Haute-Garonne',
  'Études, Réalisations et Maintenance',
  'Travaux Publics et Particuliers',
  'du Pays de Montbéliard',
  'et Compagnie',
  'Union des Artisans du Centre-Val de Loire',
  'Fournitures Générales',
  'Provence-Alpes-Côte d’Azur',
  'Sud-Ouest Atlantique',
  'Équipements et Solutions',
];
const APOSTROPHE_PARTS = ["de l'Ouest", "d'Armor", "de l'Atlantique", "d'Occitanie", "de l'Étang", "L'Atelier du Coin"];
const AMPERSAND_PARTS = ['& Fils', '& Associés', '& Cie', '& Co'];
const DIGIT_PARTS = ['2000', '3D', '360', '21', '1901', 'A2'];
// Streets every village has, for a record moved to a long commune (its own street was drawn for another commune).
const VILLAGE_STREETS = [
  "Rue de l'Église",
  'Rue de la Mairie',
  'Place de la Mairie',
  'Rue des Écoles',
  'Rue du Château',
  'Impasse du Lavoir',
];
const LIEUX_DITS = [
  'Lieu-dit Les Granges',
  'Le Bourg',
  'La Croix Blanche',
  'Hameau de Montcel',
  'Les Quatre Chemins',
  "Le Moulin d'en Bas",
];

let longCommunes: ReadonlyArray<readonly [name: string, postcodes: readonly string[], code: string, population: number]> | undefined;

/** Whether a text has a character NFD decomposes (an accent; "œ" has none). */
const hasAccent = (text: string): boolean => text.normalize('NFD') !== text.normalize('NFC');

/** Splits "Martin et Fils SARL" into its body and its legal form, so that edits keep the form where it was. */
function splitForm(name: string): { body: string; wrap: (body: string) => string } {
  const form = legalFormOf(name);
  if (form && name.endsWith(` ${form}`)) return { body: name.slice(0, -form.length - 1), wrap: (b) => `${b} ${form}` };
  if (form && name.startsWith(`${form} `)) return { body: name.slice(form.length + 1), wrap: (b) => `${form} ${b}` };
  return { body: name, wrap: (b) => b };
}

/**
 * Turns a default record into an edge-case record: each edge case is drawn at its rate from `random` (the record's own
 * side stream) and kept where it can apply, the SIRET and SIREN are kept, and the (city, postcode) pair stays a real one.
 * The second address line is the extra fields' (`second-address-line` only asks for one); the NFD case applies to it later.
 */
export function applyEdgeCases<T extends CompanyRecord>(
  record: T,
  random: RandomSource,
  context: EdgeCaseContext,
): { record: T & { edge_cases: EdgeCase[] }; longCommune: LongCommune | undefined } {
  const cases = new Set<EdgeCase>();
  for (const [edge, rate] of Object.entries(EDGE_CASE_RATES) as Array<[EdgeCase, number]>) if (random.next() < rate) cases.add(edge);
  // A lieu-dit has no number, so it cannot also carry one above 1,000.
  if (cases.has('lieu-dit')) cases.delete('street-number-over-1000');
  if (cases.has('straight-apostrophe')) cases.delete('curly-apostrophe');
  if (context.individual) for (const edge of COMPANY_NAME_CASES) cases.delete(edge);
  // A record named after the beach or the harbour stays on the coast.
  if (context.coastal) cases.delete('long-commune');
  if (!cases.has('long-commune')) {
    if (context.dense || context.paris) cases.delete('street-number-over-1000');
    if (context.sizeClass > 2) cases.delete('lieu-dit');
  }
  if (context.sizeClass === 0 && !cases.has('long-commune')) cases.delete('second-address-line');

  const { body: original, wrap } = splitForm(record.company);
  let body = original;
  // A company without an accent takes one; an individual entrepreneur's name stays theirs (its address may carry one).
  if (cases.has('nfd') && !hasAccent(body) && !context.individual) body = `Établissements ${body}`;
  if (cases.has('ampersand')) body = / et /.test(body) ? body.replace(/ et /, ' & ') : `${body} ${pick(random, AMPERSAND_PARTS)}`;
  if (cases.has('straight-apostrophe')) body = `${body} ${pick(random, APOSTROPHE_PARTS)}`;
  if (cases.has('curly-apostrophe')) body = `${body} ${pick(random, APOSTROPHE_PARTS).replace(/'/g, '\u2019')}`;
  if (cases.has('digits')) body = `${body} ${pick(random, DIGIT_PARTS)}`;
  let company = wrap(body);
  // The 120-unit bound holds in NFC and in NFD (decomposed accents take two units each).
  const length = (text: string): number => (cases.has('nfd') ? text.normalize('NFD').length : text.length);
  if (cases.has('long-name')) {
    // Grow towards a target length in 60..120, one phrase at a time, never past 120.
    const target = randomBetween(random, 60, 120);
    while (company.length < target) {
      const unused = LONG_NAME_PARTS.filter((part) => !body.includes(part));
      const longer = `${body} ${pick(random, unused)}`;
      if (length(wrap(longer)) > 120) break;
      body = longer;
      company = wrap(body);
    }
    if (company.length < 60) cases.delete('long-name');
  }
  if (cases.has('capitals')) company = company.toUpperCase();

  let streetAddress = record.street_address;
  let city = record.city;
  let postcode = record.postcode;
  let longCommune: LongCommune | undefined;
  if (cases.has('long-commune')) {
    longCommunes ??= LONG_COMMUNES_TABLE.split('\n').map((line) => {
      const [name, codes, code, population] = line.split(';') as [string, string, string, string];
      return [name, codes.split(','), code, Number(population)] as const;
    });
    const [name, postcodes, code, population] = pick(random, longCommunes);
    city = name;
    postcode = pick(random, postcodes);
    longCommune = { inseeCode: code, population };
    // The street was drawn for the record's own commune; a village's is put in its place.
    streetAddress = `${randomBetween(random, 1, 20)} ${pick(random, VILLAGE_STREETS)}`;
  }
  if (cases.has('street-number-over-1000')) {
    // Only a road numbered in metres from its start reaches such numbers: a chemin of the countryside.
    const rural = context.tropical && !cases.has('long-commune') ? STREET_TROPICAL_RURAL : STREET_RURAL;
    let name = pick(random, rural);
    while (placeFromDe(name) === city) name = pick(random, rural);
    streetAddress = `${randomBetween(random, 1001, 4999)} Chemin ${name}`;
  }
  if (cases.has('lieu-dit')) streetAddress = pick(random, LIEUX_DITS);
  if (cases.has('nfd') && ![company, streetAddress, city].some(hasAccent)) cases.delete('nfd');
  if (cases.has('nfd')) {
    company = company.normalize('NFD');
    streetAddress = streetAddress.normalize('NFD');
    city = city.normalize('NFD');
  }
  const edgeCases = (Object.keys(EDGE_CASE_RATES) as EdgeCase[]).filter((edge) => cases.has(edge));
  return { record: { ...record, company, street_address: streetAddress, city, postcode, edge_cases: edgeCases }, longCommune };
}
