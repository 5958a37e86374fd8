// The French address lines beyond the street: a second line (building, estate, business park, or a BP/CS box), the CEDEX
// line that a BP or CS box comes with, the commune's INSEE code, and La Poste's label (norm NF Z10-011: upper case, no
// accents, at most 38 characters a line, at most 6 lines, the last "POSTCODE LOCALITY[ CEDEX n]"). Loaded with the extra
// fields only.
import { departementOfPostcode } from './address.js';
import { COMMUNE_CODES, UNROUND_POSTCODES } from '../data/commune-codes.js';
import { pick, randomBetween, randomInt, type RandomSource } from '../random/random.js';

let codes: readonly string[] | undefined;
let unround: ReadonlySet<string> | undefined;

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

/** The first words of `text` that fit in `max` characters (a word longer than that is cut). */
export function fitLine(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.lastIndexOf(' ', max);
  return cut > 0 ? text.slice(0, cut) : text.slice(0, max);
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

/** What the second line and CEDEX depend on: the commune and the kind of unit. */
export interface AddressLineContext {
  readonly city: string;
  readonly postcode: string;
  /** 0 under 2,000 inhabitants, 1 under 5,000, 2 under 20,000, 3 under 100,000, 4 above. */
  readonly sizeClass: number;
  /** Whether the commune has 10,000 inhabitants or more (a CEDEX distribution is a large town's). */
  readonly cedexTown: boolean;
  /** Paris, Lyon or Marseille by arrondissement: their CEDEX codes come from other ranges. */
  readonly arrondissement: string | undefined;
  /** An individual entrepreneur (a person's home) rather than a company. */
  readonly individual: boolean;
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

/** A CEDEX code: the postcode's first three digits (another range for Paris, Lyon, Marseille), never an ordinary postcode. */
function cedexCode(random: RandomSource, postcode: string, arrondissement: string | undefined): string {
  unround ??= new Set(UNROUND_POSTCODES.split(','));
  for (;;) {
    const base = arrondissement === undefined ? postcode.slice(0, 3) : postcode.slice(0, 2) + String(randomBetween(random, 3, 9));
    const code = base + String(randomBetween(random, 0, 9)) + String(randomBetween(random, 1, 9));
    if (!unround.has(code)) return code;
  }
}

/**
 * Draws a second address line and, with a BP or CS box, its CEDEX line; the last draw of a record's fields, so that its
 * varying number of draws shifts nothing. Villages get none (no buildings, business parks or CEDEX there); BP and CS boxes
 * with CEDEX are companies' in towns of 10,000 inhabitants or more. `force` gives a line whenever the commune allows one.
 */
export function drawAddressLines(random: RandomSource, context: AddressLineContext, force = false): AddressLines {
  const u = random.next();
  const kind = random.next();
  if (context.sizeClass === 0 || !(force || u < (context.individual ? 0.1 : 0.3))) return { addressLine2: null, cedex: null };
  if (!context.individual && context.cedexTown && kind < 0.4) {
    const box =
      kind < 0.2
        ? `BP ${randomBetween(random, 1, 9)}${String(randomInt(random, 10_000)).padStart(4, '0')}`
        : `CS ${randomBetween(random, 1, 9)}00${String(randomInt(random, 100)).padStart(2, '0')}`;
    const number =
      context.arrondissement ?? (context.sizeClass >= 3 && random.next() < 0.5 ? String(randomBetween(random, 1, 9)) : undefined);
    const code = cedexCode(random, context.postcode, context.arrondissement);
    const line = `${code} ${postalLocality(context.city)} CEDEX${number === undefined ? '' : ` ${number}`}`;
    if (line.length <= 38) return { addressLine2: box, cedex: line };
  }
  const lines = context.individual ? HOME_LINES : BUSINESS_LINES;
  return { addressLine2: pick(random, lines), cedex: null };
}

/** Whether a second line is a BP, CS or TSA box, which belongs on the label's fifth line. */
const isBox = (line: string): boolean => /^(BP|CS|TSA) /.test(line);

/**
 * La Poste's label of a record: the company name, the second line when it is a building or estate, the street, the box,
 * then the postcode and locality (or the CEDEX line). A hidden ("[ND]") name or street is left out.
 */
export function postalLines(record: {
  company: string;
  street_address: string;
  city: string;
  postcode: string;
  address_line_2?: string | null;
  cedex?: string | null;
}): string[] {
  const lines: string[] = [];
  if (record.company !== '[ND]') lines.push(fitLine(postalText(record.company), 38));
  const line2 = record.address_line_2 ?? null;
  if (line2 !== null && !isBox(line2)) lines.push(fitLine(postalText(line2), 38));
  if (record.street_address !== '[ND]') lines.push(fitLine(postalText(record.street_address), 38));
  if (line2 !== null && isBox(line2)) lines.push(postalText(line2));
  lines.push(record.cedex ?? `${record.postcode} ${postalLocality(record.city)}`);
  return lines.filter((line) => line !== '');
}
