// The French address lines beyond the street: a second line (building, estate, business park, or a BP/CS box), the CEDEX
// line that a BP or CS box comes with, the commune's INSEE code, and La Poste's label (norm NF Z10-011: upper case, no
// accents, at most 38 characters a line, at most 6 lines, the last "POSTCODE LOCALITY[ CEDEX n]" with La Poste's routing
// label). Loaded with the extra fields only.
import { departementOfPostcode } from './address.js';
import { COMMUNE_CODES, UNROUND_POSTCODES } from '../data/commune-codes.js';
import { POSTAL_LABELS } from '../data/postal-labels.js';
import { pick, randomBetween, randomInt, type RandomSource } from '../random/random.js';

let codes: readonly string[] | undefined;
let unround: ReadonlySet<string> | undefined;
let labels: ReadonlyMap<string, string> | undefined;

/** The INSEE code of a commune table line (the arrondissement's for Paris, Lyon and Marseille). */
export function inseeCodeOfLine(line: number, firstPostcode: string): string {
  codes ??= COMMUNE_CODES.split(',');
  const code = codes[line] as string;
  return code.length === 3 ? departementOfPostcode(firstPostcode) + code : code;
}

/** Upper case without accents, ligatures spelled out, apostrophes and hyphens as spaces, other signs dropped but "&". */
export function postalText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/Œ/g, 'OE')
    .replace(/œ/g, 'oe')
    .replace(/Æ/g, 'AE')
    .replace(/æ/g, 'ae')
    .toUpperCase()
    .replace(/['\u2019-]/g, ' ')
    .replace(/[^A-Z0-9& ]/g, '')
    .replace(/ +/g, ' ')
    .trim();
}

/** A last word that leads into the words after it: a lone letter (an elided "D'", "L'") or a particle. */
const HANGING = / ([A-Z]|DE|DU|DES|LA|LE|LES|ET|&|AU|AUX)$/;

/**
 * The first words of `text` that fit in `max` characters (a word longer than that is cut), not ending on a word that
 * leads into the ones cut off ("... & ASSOCIES D" for "... & ASSOCIES D OCCITANIE").
 */
export function fitLine(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.lastIndexOf(' ', max);
  if (cut <= 0) return text.slice(0, max);
  while (HANGING.test(text.slice(0, cut))) cut = text.lastIndexOf(' ', cut - 1);
  return text.slice(0, cut);
}

/**
 * La Poste's locality for a commune: its name in postal text, "SAINT" and "SAINTE" abbreviated ST and STE when it is longer
 * than 32 characters, then cut to 32 at a word.
 * @example postalLocality("Saint-Rémy-en-Bouzemont-Saint-Genest-et-Isson") // 'ST REMY EN BOUZEMONT ST GENEST'
 */
export function postalLocality(city: string): string {
  let locality = postalText(city);
  if (locality.length > 32) locality = locality.replace(/\bSAINTE\b/g, 'STE').replace(/\bSAINT\b/g, 'ST');
  return fitLine(locality, 32);
}

/**
 * La Poste's routing label (libellé d'acheminement) of a commune's postcode, the locality its last line prints: the
 * commune's postal locality, or the label the table lists where La Poste writes another ("AUGER ST VINCENT", "CANNES LA
 * BOCCA" for Cannes 06150). The table is read on first use.
 * @example routingLabel('60027', '60800', 'Auger-Saint-Vincent') // 'AUGER ST VINCENT'
 */
export function routingLabel(inseeCode: string, postcode: string, city: string): string {
  labels ??= new Map(POSTAL_LABELS.split('\n').map((line) => [line.slice(0, 10), line.slice(10)] as const));
  return labels.get(inseeCode + postcode) ?? postalLocality(city);
}

/** What the second line and CEDEX depend on: the commune and the kind of unit. */
export interface AddressLineContext {
  readonly city: string;
  readonly postcode: string;
  /** The commune's INSEE code, which with the postcode gives La Poste's routing label. */
  readonly inseeCode: string;
  /** 0 under 2,000 inhabitants, 1 under 5,000, 2 under 20,000, 3 under 100,000, 4 above. */
  readonly sizeClass: number;
  /** Whether the commune has 10,000 inhabitants or more (a CEDEX distribution is a large town's). */
  readonly cedexTown: boolean;
  /** Paris, Lyon or Marseille by arrondissement ("03", "16"): the CEDEX number, its code from the city's own range. */
  readonly arrondissement: string | undefined;
  /** An individual entrepreneur (a person's home) rather than a company. */
  readonly individual: boolean;
  /** A property company (SCI): a family's, at its manager's home, with no mail volume for a box. */
  readonly property: boolean;
}

/** A second address line and the CEDEX line that goes with a box. */
export interface AddressLines {
  readonly addressLine2: string | null;
  readonly cedex: string | null;
}

const HOME_LINES = [
  'Bâtiment A',
  'Bâtiment B',
  'Bâtiment C',
  'Résidence Les Tilleuls',
  'Résidence du Parc',
  'Résidence Les Jardins',
  '2e étage',
  '3e étage',
];
const BUSINESS_LINES = [
  'ZA des Grands Champs',
  'ZA du Moulin',
  'Zone industrielle Nord',
  'Zone industrielle Sud',
  "Parc d'activités de la Gare",
  "Parc d'activités des Sablons",
  'Bâtiment B',
  'Bâtiment C',
];

/** Second lines of a Paris company: a building or a floor, no business park within the city. */
const PARIS_LINES = ['Bâtiment A', 'Bâtiment B', 'Bâtiment C', '2e étage', '3e étage'];

/** The third digit of the CEDEX codes of Paris (753xx-759xx), Lyon (692xx-694xx) and Marseille (132xx-133xx). */
const CITY_CEDEX_DIGITS: Readonly<Record<string, readonly [number, number]>> = { '75': [3, 9], '69': [2, 4], '13': [2, 3] };

/** A CEDEX code: the postcode's first three digits (the city's own range for Paris, Lyon, Marseille), never an ordinary postcode. */
function cedexCode(random: RandomSource, postcode: string, arrondissement: string | undefined): string {
  unround ??= new Set(UNROUND_POSTCODES.split(','));
  const digits = CITY_CEDEX_DIGITS[postcode.slice(0, 2)] ?? [3, 9];
  for (;;) {
    const base =
      arrondissement === undefined ? postcode.slice(0, 3) : postcode.slice(0, 2) + String(randomBetween(random, digits[0], digits[1]));
    const code = base + String(randomBetween(random, 0, 9)) + String(randomBetween(random, 1, 9));
    if (!unround.has(code)) return code;
  }
}

/**
 * Draws a second address line and, with a BP or CS box, its CEDEX line; the last draw of a record's fields, so that its
 * varying number of draws shifts nothing. Villages get none (no buildings, business parks or CEDEX there); BP and CS boxes
 * with CEDEX are companies' in towns of 10,000 inhabitants or more, never a family property company's; the CEDEX is
 * numbered only in cities of 100,000 or more, by arrondissement in Paris, Lyon and Marseille. Paris has no business parks.
 * `force` gives a line whenever the commune allows one.
 */
export function drawAddressLines(random: RandomSource, context: AddressLineContext, force = false): AddressLines {
  const u = random.next();
  const kind = random.next();
  if (context.sizeClass === 0 || !(force || u < (context.individual ? 0.1 : 0.3))) return { addressLine2: null, cedex: null };
  if (!context.individual && !context.property && context.cedexTown && kind < 0.4) {
    const box =
      kind < 0.2
        ? `BP ${randomBetween(random, 1, 9)}${String(randomInt(random, 10_000)).padStart(4, '0')}`
        : `CS ${randomBetween(random, 1, 9)}00${String(randomInt(random, 100)).padStart(2, '0')}`;
    const number =
      context.arrondissement ?? (context.sizeClass === 4 && random.next() < 0.5 ? String(randomBetween(random, 1, 9)) : undefined);
    const code = cedexCode(random, context.postcode, context.arrondissement);
    // Paris, Lyon and Marseille CEDEX lines name the city, the number its arrondissement ("PARIS CEDEX 16").
    const locality =
      context.arrondissement === undefined ? routingLabel(context.inseeCode, context.postcode, context.city) : postalLocality(context.city);
    const line = `${code} ${locality} CEDEX${number === undefined ? '' : ` ${number}`}`;
    if (line.length <= 38) return { addressLine2: box, cedex: line };
  }
  const lines = context.individual || context.property ? HOME_LINES : context.city === 'Paris' ? PARIS_LINES : BUSINESS_LINES;
  return { addressLine2: pick(random, lines), cedex: null };
}

/** Whether a second line is a BP, CS or TSA box, which belongs on the label's fifth line. */
const isBox = (line: string): boolean => /^(BP|CS|TSA) /.test(line);

/** Street types the norm NF Z10-011 abbreviates on a line too long (RUE and QUAI stay whole). */
export const TYPE_ABBREVIATIONS: Readonly<Record<string, string>> = {
  ALLEE: 'ALL',
  AVENUE: 'AV',
  BOULEVARD: 'BD',
  CHEMIN: 'CHE',
  COURS: 'CRS',
  IMPASSE: 'IMP',
  PLACE: 'PL',
  ROUTE: 'RTE',
};
/** Then the saints and titles in the street's name. */
export const NAME_ABBREVIATIONS: Readonly<Record<string, string>> = {
  SAINT: 'ST',
  SAINTE: 'STE',
  GENERAL: 'GAL',
  MARECHAL: 'MAL',
  PRESIDENT: 'PDT',
  DOCTEUR: 'DR',
  COMMANDANT: 'CDT',
  CAPITAINE: 'CNE',
  COLONEL: 'COL',
  PROFESSEUR: 'PR',
};

/**
 * A street line in postal text fitted to 38 characters as the norm asks: whole when it fits, else its type abbreviated
 * (ROUTE to RTE), then its saints and titles (SAINT to ST), and only then cut at a word.
 * @example fitStreetLine('306 ROUTE DE SAINT CHRISTOPHE DE CHAULIEU') // '306 RTE DE ST CHRISTOPHE DE CHAULIEU'
 */
export function fitStreetLine(text: string): string {
  if (text.length <= 38) return text;
  const words = text.split(' ');
  const type = words[1] === 'BIS' || words[1] === 'TER' ? 2 : 1;
  words[type] = TYPE_ABBREVIATIONS[words[type] as string] ?? (words[type] as string);
  let line = words.join(' ');
  if (line.length <= 38) return line;
  for (let i = type + 1; i < words.length; i++) words[i] = NAME_ABBREVIATIONS[words[i] as string] ?? (words[i] as string);
  line = words.join(' ');
  return fitLine(line, 38);
}

/**
 * La Poste's label of a record whose commune has INSEE code `inseeCode`: the company name, the second line when it is a
 * building or estate, the street, the box, then the postcode and La Poste's routing label (or the CEDEX line). A hidden
 * ("[ND]") name or street is left out.
 */
export function postalLines(
  record: {
    company: string;
    street_address: string;
    city: string;
    postcode: string;
    address_line_2?: string | null;
    cedex?: string | null;
  },
  inseeCode: string,
): string[] {
  const lines: string[] = [];
  if (record.company !== '[ND]') lines.push(fitLine(postalText(record.company), 38));
  const line2 = record.address_line_2 ?? null;
  if (line2 !== null && !isBox(line2)) lines.push(fitLine(postalText(line2), 38));
  if (record.street_address !== '[ND]') lines.push(fitStreetLine(postalText(record.street_address)));
  if (line2 !== null && isBox(line2)) lines.push(postalText(line2));
  lines.push(record.cedex ?? `${record.postcode} ${routingLabel(inseeCode, record.postcode, record.city)}`);
  return lines.filter((line) => line !== '');
}
