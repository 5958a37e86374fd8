import type { CompanyRecord } from './company-record.js';
import { LONG_COMMUNES_TABLE } from './data/long-communes.js';
import { legalFormOf } from './legal-form.js';
import { pick, randomBetween, type RandomSource } from './random.js';

/** The edge cases of the `edge-cases` profile, each drawn independently at the rate given (documented in docs/fixtures.md). */
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
  /** A second address line (building, business park, PO box). */
  'second-address-line': 0.2,
  /** A street number above 1,000. */
  'street-number-over-1000': 0.1,
  /** A lieu-dit (named place) with no street number. */
  'lieu-dit': 0.05,
} as const;

/** One edge case a record can carry. */
export type EdgeCase = keyof typeof EDGE_CASE_RATES;

/** The fields the `edge-cases` profile adds to every record. */
export interface EdgeCaseFields {
  /** A second address line, or `null`. */
  address_line_2: string | null;
  /** The edge cases this record carries, in the order of `EDGE_CASE_RATES`. */
  edge_cases: EdgeCase[];
}

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
const SECOND_LINES = [
  'Bâtiment B',
  'Résidence Les Tilleuls, appartement 12',
  'ZA des Grands Champs',
  'BP 40123',
  'CS 30001',
  'Zone industrielle Nord',
  '3e étage, porte droite',
  'Parc d’activités de l’Aéropôle',
];
const LIEUX_DITS = [
  'Lieu-dit Les Granges',
  'Le Bourg',
  'La Croix Blanche',
  'Hameau de Montcel',
  'Les Quatre Chemins',
  "Le Moulin d'en Bas",
];

let longCommunes: ReadonlyArray<readonly [string, readonly string[]]> | undefined;

const hasAccent = (text: string): boolean => /[\u00c0-\u017f]/.test(text.normalize('NFC'));

/** Splits "Martin et Fils SARL" into its body and its legal form, so that edits keep the form where it was. */
function splitForm(name: string): { body: string; wrap: (body: string) => string } {
  const form = legalFormOf(name);
  if (form && name.endsWith(` ${form}`)) return { body: name.slice(0, -form.length - 1), wrap: (b) => `${b} ${form}` };
  if (form && name.startsWith(`${form} `)) return { body: name.slice(form.length + 1), wrap: (b) => `${form} ${b}` };
  return { body: name, wrap: (b) => b };
}

/**
 * Turns a default record into an edge-case record: each edge case is drawn at its rate from `random` (the record's own
 * side stream), the SIRET and SIREN are kept, and the (city, postcode) pair stays a real one.
 */
export function applyEdgeCases<T extends CompanyRecord>(record: T, random: RandomSource): T & EdgeCaseFields {
  const cases = new Set<EdgeCase>();
  for (const [edge, rate] of Object.entries(EDGE_CASE_RATES) as Array<[EdgeCase, number]>) if (random.next() < rate) cases.add(edge);
  // A lieu-dit has no number, so it cannot also carry one above 1,000.
  if (cases.has('lieu-dit')) cases.delete('street-number-over-1000');
  if (cases.has('straight-apostrophe')) cases.delete('curly-apostrophe');

  const { body: original, wrap } = splitForm(record.company);
  let body = original;
  if (cases.has('nfd') && !hasAccent(body)) body = `Établissements ${body}`;
  if (cases.has('ampersand')) body = / et /.test(body) ? body.replace(/ et /, ' & ') : `${body} ${pick(random, AMPERSAND_PARTS)}`;
  if (cases.has('straight-apostrophe')) body = `${body} ${pick(random, APOSTROPHE_PARTS)}`;
  if (cases.has('curly-apostrophe')) body = `${body} ${pick(random, APOSTROPHE_PARTS).replace(/'/g, '\u2019')}`;
  if (cases.has('digits')) body = `${body} ${pick(random, DIGIT_PARTS)}`;
  let company = wrap(body);
  if (cases.has('long-name')) {
    // Grow towards a target length in 60..120, one phrase at a time, never past 120.
    const target = randomBetween(random, 60, 120);
    while (company.length < target) {
      const unused = LONG_NAME_PARTS.filter((part) => !body.includes(part));
      const longer = `${body} ${pick(random, unused)}`;
      if (wrap(longer).length > 120) break;
      body = longer;
      company = wrap(body);
    }
    if (company.length < 60) cases.delete('long-name');
  }
  if (cases.has('capitals')) company = company.toUpperCase();

  let streetAddress = record.street_address;
  if (cases.has('street-number-over-1000')) {
    const number = String(randomBetween(random, 1001, 4999));
    streetAddress = /^\d+( bis| ter)? /.test(streetAddress)
      ? streetAddress.replace(/^\d+( bis| ter)?/, number)
      : `${number} ${streetAddress}`;
  }
  if (cases.has('lieu-dit')) streetAddress = pick(random, LIEUX_DITS);
  let city = record.city;
  let postcode = record.postcode;
  if (cases.has('long-commune')) {
    longCommunes ??= LONG_COMMUNES_TABLE.split('\n').map((line) => {
      const [name, codes] = line.split(';') as [string, string];
      return [name, codes.split(',')] as const;
    });
    const [name, postcodes] = pick(random, longCommunes);
    city = name;
    postcode = pick(random, postcodes);
  }
  let addressLine2 = cases.has('second-address-line') ? pick(random, SECOND_LINES) : null;
  if (cases.has('nfd')) {
    company = company.normalize('NFD');
    streetAddress = streetAddress.normalize('NFD');
    city = city.normalize('NFD');
    addressLine2 = addressLine2?.normalize('NFD') ?? null;
  }
  const edgeCases = (Object.keys(EDGE_CASE_RATES) as EdgeCase[]).filter((edge) => cases.has(edge));
  return { ...record, company, street_address: streetAddress, city, postcode, address_line_2: addressLine2, edge_cases: edgeCases };
}
