import { creationYear, drawFormOf, drawSirenPrefix, LEGAL_FORMS, selProfessionFrom } from './company-story.js';
import { FIRST_NAME_BIRTHS } from '../data/first-name-births.js';
import {
  ACTIVITIES,
  CITY_LANDMARKS,
  COASTAL_PLACES,
  FIRST_NAMES,
  OVERSEAS_SURNAMES,
  PLACES,
  SCI_NAMES,
  SURNAMES,
  TOWN_LANDMARKS,
  TRADES,
} from '../data/names.js';
import { randomInt, type RandomSource } from '../random/random.js';
import { createWeightedIndex, createWeightedTable, type WeightedIndex } from '../random/weighted.js';

/** A drawn company name with its parts, for modules that derive more fields from it (activity code, legal form). */
export interface CompanyName {
  /** The name as served, legal form last ("Boulangerie Lefèvre SARL", "Julie Moreau EI", "SCI Les Tilleuls"). */
  readonly name: string;
  /** The legal form's abbreviation: EI, SASU, SAS, SARL, EURL, SCI, SELARL, SELAS, SNC or SA. */
  readonly legalForm: string;
  /** The trade or activity word the name is built on ("Boulangerie", "Pharmacie", "Conseil"), when it has one. */
  readonly trade?: string;
}

// Surnames drawn with a weight decreasing with the rank, so "Martin" shows up more than "Laporte", flatter than the real curve
// so that fixtures stay varied. First names likewise.
const SURNAME_TABLE = createWeightedTable(SURNAMES.map((name, rank) => [name, 1 / (rank + 300)] as const));
const FIRST_NAME_TABLE = createWeightedTable(FIRST_NAMES.map((name, rank) => [name, 1 / (rank + 80)] as const));
const SHOP_TRADES = TRADES.filter(([trade, follows]) => follows.includes('S') && trade !== 'Pharmacie').map(([t]) => t);
const PLACE_TRADES = TRADES.filter(([trade, follows]) => follows.includes('P') && trade !== 'Pharmacie').map(([t]) => t);
/** Forms a pharmacy may take (a pharmacist's company: SEL, SARL, EURL or SNC; never SAS, SASU or SA). */
const PHARMACY_FORMS: readonly string[] = ['SELARL', 'SELAS', 'SARL', 'EURL', 'SNC'];
/** Forms with several partners, the only ones a name like "Petit et Roux" or "Dubois Frères" fits. */
const MULTI_PARTNER_FORMS = new Set(['SAS', 'SARL', 'SNC', 'SA']);

// A drawn name's hash is composed as it is drawn, from its parts' hashes (computed once per table), so that the generator
// can check it against the names before it without hashing the text: V8 hashes a concatenated string only after copying it
// into one flat string. The hash adds a mixed value per character, whatever its place: so a name's hash is the sum of its
// parts' and of its fixed text's, in any order. Anagrams ("Petit et Roux", "Roux et Petit") hash alike, which only costs
// a comparison of the texts; equal texts always hash alike, which is all a duplicate check needs.
const charHash = (code: number): number => {
  let h = Math.imul(code ^ 0x5bd1e995, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return h ^ (h >>> 16);
};

/** The hash a drawn name's text has: the sum of a mixed value per character, in 32 bits. */
export function nameTextHash(text: string): number {
  let hash = 0;
  for (let i = 0; i < text.length; i++) hash = (hash + charHash(text.charCodeAt(i))) | 0;
  return hash;
}

/**
 * Texts with their hashes, side by side in one array (text `i` at `2 * i`, its hash at `2 * i + 1`): a draw reads the
 * hash in the cache line it reads the text from. A separate array of hashes would be one more likely miss per part in a
 * server, where the tables are out of cache between two requests.
 */
type HashedTexts = readonly (string | number)[];
const withHashes = (texts: readonly string[]): HashedTexts => texts.flatMap((text) => [text, nameTextHash(text)]);

/** The hash of the name being drawn, so far: each part drawn adds its own, each pattern its fixed text's. */
let drawnHash = 0;

/** Whether the name being drawn is a shop's, a practice's or a holding's: a unit of one establishment, or a few after moves. */
let drawnLocal = false;
/** Marks the name being drawn as a shop's, a practice's or a holding's, and returns it. */
function local(name: string): string {
  drawnLocal = true;
  return name;
}

/** Adds a pattern's fixed text (its hash, from `nameTextHash`) to the name being drawn, and returns the name. */
function withFixed(name: string, fixedHash: number): string {
  drawnHash = (drawnHash + fixedHash) | 0;
  return name;
}

/** Text `at` of `texts`, its hash added to the name being drawn. */
function part(texts: HashedTexts, at: number): string {
  drawnHash = (drawnHash + (texts[2 * at + 1] as number)) | 0;
  return texts[2 * at] as string;
}

/** One entry of a list, drawn as `pick` draws it, its hash added to the name being drawn. */
const pickPart = (random: RandomSource, texts: HashedTexts): string => part(texts, randomInt(random, texts.length >>> 1));

const SURNAME_TEXTS = withHashes(SURNAME_TABLE.values);
const FIRST_NAME_TEXTS = withHashes(FIRST_NAME_TABLE.values);
const ACTIVITY_LIST = withHashes(ACTIVITIES);
const SCI_NAME_LIST = withHashes(SCI_NAMES);
const SHOP_TRADE_LIST = withHashes(SHOP_TRADES);
const PLACE_TRADE_LIST = withHashes(PLACE_TRADES);

/**
 * The places a shop may be named after in a commune, by whether it is coastal (bit 0) and its size class (bits 1-3): the
 * beach and the harbour on the coast only, a theatre, a town hall or ramparts from 2,000 inhabitants, a cathedral from
 * 20,000. Built on first use.
 */
const placeLists: (HashedTexts | undefined)[] = [];
const placeArrays: (readonly string[] | undefined)[] = [];
/** The places a shop may be named after in a commune with `naming`'s coast and size (see drawnCommuneNaming). */
export function placesFor(naming: number): readonly string[] {
  const size = (naming >>> 1) & 7;
  return (placeArrays[naming & 15] ??= PLACES.filter(
    (place) =>
      ((naming & 1) !== 0 || !COASTAL_PLACES.includes(place)) &&
      (size >= 1 || !TOWN_LANDMARKS.includes(place)) &&
      (size >= 3 || !CITY_LANDMARKS.includes(place)),
  ));
}

/** The regional surnames of a département, weighted by rank as the national ones are, with the share of people who carry them. */
interface RegionalSurnames {
  readonly table: WeightedIndex;
  readonly texts: HashedTexts;
  readonly share: number;
}
// Share of a département's people carrying one of its own listed surnames (our estimate from the rankings' spread: the
// hundred most frequent names cover about a tenth of the Antilles' people; most Mahorais carry a Mahorais name).
const OVERSEAS_SHARES: Readonly<Record<string, number>> = { '974': 0.5, '976': 0.85, '971': 0.3, '972': 0.3, '977': 0.4, '978': 0.4 };
const regionalTables = new Map<number, RegionalSurnames | undefined>();
function regionalSurnames(departement: number): RegionalSurnames | undefined {
  if (departement < 970) return undefined;
  if (!regionalTables.has(departement)) {
    const names = OVERSEAS_SURNAMES[String(departement)];
    regionalTables.set(
      departement,
      names === undefined
        ? undefined
        : {
            table: createWeightedIndex(names.map((_, rank) => 1 / (rank + 5))),
            texts: withHashes(names),
            share: OVERSEAS_SHARES[String(departement)] as number,
          },
    );
  }
  return regionalTables.get(departement);
}

/** The surnames of the commune of the name being drawn, when its département has its own (set by drawNameFor). */
let regional: RegionalSurnames | undefined;

const surname = (random: RandomSource): string =>
  regional !== undefined && random.next() < regional.share
    ? part(regional.texts, regional.table.drawIndex(random))
    : part(SURNAME_TEXTS, SURNAME_TABLE.drawIndex(random));
/** Activity words that make a holding ("Moreau Participations"). */
const HOLDING_WORDS = new Set(['Holding', 'Participations', 'Invest', 'Investissements']);
/** An activity word after a surname; a holding's marks the name as one of a single establishment. */
function activity(random: RandomSource): string {
  const word = pickPart(random, ACTIVITY_LIST);
  if (HOLDING_WORDS.has(word)) drawnLocal = true;
  return word;
}

/** The first birth year the cohort tables cover; cohorts are five years wide. */
const FIRST_BIRTH_YEAR = 1920;
const COHORT_YEARS = 5;

/** Each first name's birth-year ranges (from first-name-births.ts), by its place in FIRST_NAMES. */
let birthRanges: ReadonlyArray<readonly number[]> | undefined;
/** The birth years each first name was given in: `[from, to, from, to...]`, by its place in FIRST_NAMES. */
function firstNameBirthRanges(): ReadonlyArray<readonly number[]> {
  if (birthRanges) return birthRanges;
  const byName = new Map(
    FIRST_NAME_BIRTHS.split(';').map((entry) => {
      const space = entry.lastIndexOf(' ');
      return [
        entry.slice(0, space),
        entry
          .slice(space + 1)
          .split(/[-,]/)
          .map(Number),
      ] as const;
    }),
  );
  birthRanges = FIRST_NAME_TABLE.values.map((name) => {
    const ranges = byName.get(name);
    if (!ranges) throw new Error(`no birth years for the first name "${name}"`);
    return ranges;
  });
  return birthRanges;
}

/** Per five-year cohort, the first names given then (weighted by rank, as all first names are), built on first use. */
const cohorts: Array<{ index: WeightedIndex; names: Int32Array } | undefined> = [];
function cohort(bucket: number): { index: WeightedIndex; names: Int32Array } {
  let table = cohorts[bucket];
  if (table) return table;
  const from = FIRST_BIRTH_YEAR + COHORT_YEARS * bucket;
  const to = from + COHORT_YEARS - 1;
  const names: number[] = [];
  firstNameBirthRanges().forEach((ranges, at) => {
    for (let k = 0; k < ranges.length; k += 2)
      if ((ranges[k] as number) <= to && (ranges[k + 1] as number) >= from) return void names.push(at);
  });
  const weights = names.map((at) => 1 / (at + 80));
  table = { index: createWeightedIndex(weights), names: Int32Array.from(names) };
  cohorts[bucket] = table;
  return table;
}

/** A first name given to people born in `birthYear` (within five years), its hash added to the name being drawn. */
function firstNameBorn(random: RandomSource, birthYear: number): string {
  const table = cohort(Math.floor((birthYear - FIRST_BIRTH_YEAR) / COHORT_YEARS));
  return part(FIRST_NAME_TEXTS, table.names[table.index.drawIndex(random)] as number);
}

// The birth years a name being drawn may give its people, set by drawNameFor: the founder's (an individual entrepreneur, or
// the person in "Julie Moreau Conseil") and the children's a family property company is named after. A window that
// starts before FIRST_BIRTH_YEAR is cut there; an empty one leaves out the patterns that need it.
let founderFrom = 0;
let founderTo = 0;
let childFrom = 0;
let childTo = 0;
/** The creation year (decimal) of the unit being named. */
let createdAt = 0;
/** The shop places the name being drawn may use (placesFor its commune). */
let placeList: HashedTexts = [];

const bornBetween = (random: RandomSource, from: number, to: number): number => from + randomInt(random, to - from + 1);
const firstName = (random: RandomSource): string => firstNameBorn(random, bornBetween(random, founderFrom, founderTo));
const childName = (random: RandomSource): string => firstNameBorn(random, bornBetween(random, childFrom, childTo));

// The hashes of the patterns' fixed text (`withFixed` adds one to the name drawn). The hash is a plain sum, so a pattern with
// fixed text in two places adds one hash for all of it: "Pharmacie " and "-" for "Pharmacie Girard-Bonnet".
const SPACE_HASH = nameTextHash(' ');
const AND_HASH = nameTextHash(' et ');
const HYPHEN_HASH = nameTextHash('-');
const PHARMACY_HASH = nameTextHash('Pharmacie ');
const PHARMACY_PAIR_HASH = nameTextHash('Pharmacie -');
const ET_FILS_HASH = nameTextHash(' et Fils');
const FRERES_HASH = nameTextHash(' Frères');
const GROUPE_HASH = nameTextHash('Groupe ');
const ETABLISSEMENTS_HASH = nameTextHash('Établissements ');
const AVOCATS_HASH = nameTextHash(' Avocats');
const DENTAIRE_HASH = nameTextHash('Cabinet Dentaire ');
const VETERINAIRE_HASH = nameTextHash('Clinique Vétérinaire ');
const IMMOBILIER_HASH = nameTextHash(' Immobilier');
const SCI_PREFIX_HASH = nameTextHash('SCI ');

/**
 * A second surname or first name different from the first one ("Petit et Roux", never "Perrin et Perrin"). A draw that is
 * refused takes its hash back out of the name's.
 */
function another(random: RandomSource, draw: (random: RandomSource) => string, first: string): string {
  const before = drawnHash;
  let other = draw(random);
  while (other === first) {
    drawnHash = before;
    other = draw(random);
  }
  return other;
}

// "Jean Charles" would read as the compound first name "Jean-Charles" written without its hyphen.
const COMPOUND_FIRST_NAMES = new Set(FIRST_NAMES.filter((name) => name.includes('-')));
const COMPOUND_TAILS = new Set([...COMPOUND_FIRST_NAMES].map((name) => name.slice(name.indexOf('-') + 1)));
/** "First Last": the surname is not the first name again, nor the end of a compound first name. */
function person(random: RandomSource): string {
  const first = firstName(random);
  const before = drawnHash;
  let last = surname(random);
  while (last === first || (COMPOUND_TAILS.has(last) && COMPOUND_FIRST_NAMES.has(`${first}-${last}`))) {
    drawnHash = before;
    last = surname(random);
  }
  return withFixed(`${first} ${last}`, SPACE_HASH);
}

type Pattern = (random: RandomSource, form: string) => string | undefined;

// Commercial companies. A pattern answers undefined when it does not fit the form (a multi-partner name for a SASU), and
// another is drawn. Trade words open the name ("Boulangerie Lefèvre"); activity words follow it ("Moreau Conseil").
const COMPANY_PATTERNS = createWeightedTable<Pattern>([
  [(r) => withFixed(`${surname(r)} ${activity(r)}`, SPACE_HASH), 34], // Moreau Conseil
  [(r, form) => (form === 'SA' ? undefined : local(withFixed(`${pickPart(r, SHOP_TRADE_LIST)} ${surname(r)}`, SPACE_HASH))), 22], // Boulangerie Lefèvre
  [
    (r, form) => (form === 'SA' ? undefined : local(withFixed(`${pickPart(r, PLACE_TRADE_LIST)} ${pickPart(r, placeList)}`, SPACE_HASH))),
    8,
  ], // Garage de la Gare
  [
    (r, form) =>
      PHARMACY_FORMS.includes(form)
        ? local(withFixed(`Pharmacie ${r.next() < 0.3 ? pickPart(r, placeList) : surname(r)}`, PHARMACY_HASH))
        : undefined,
    3,
  ], // Pharmacie du Centre
  [(r) => (founderFrom > founderTo ? undefined : withFixed(`${person(r)} ${activity(r)}`, SPACE_HASH)), 8], // Julie Moreau Conseil
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) ? withFixed(`${surname(r)} et Fils`, ET_FILS_HASH) : undefined), 5], // Dubois et Fils
  [
    (r, form) => {
      if (!MULTI_PARTNER_FORMS.has(form)) return undefined;
      const a = surname(r);
      return withFixed(`${a} et ${another(r, surname, a)}`, AND_HASH);
    },
    5,
  ], // Petit et Roux
  [
    (r) => {
      const a = surname(r);
      return withFixed(`${a}-${another(r, surname, a)}`, HYPHEN_HASH);
    },
    3,
  ], // Girard-Bonnet
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) ? withFixed(`${surname(r)} Frères`, FRERES_HASH) : undefined), 3], // Roussel Frères
  [(r, form) => (form === 'SAS' || form === 'SA' ? local(withFixed(`Groupe ${surname(r)}`, GROUPE_HASH)) : undefined), 3], // Groupe Moreau
  [
    (r, form) =>
      MULTI_PARTNER_FORMS.has(form) || form === 'SASU' || form === 'EURL'
        ? withFixed(`Établissements ${surname(r)}`, ETABLISSEMENTS_HASH)
        : undefined,
    4,
  ], // Établissements Roussel
]);

/** Whether the unit being named was created once its profession could practise as a SEL (company-story.ts). */
const selOpen = (trade: string): boolean => createdAt >= selProfessionFrom(trade);

// Professional companies (SEL): pharmacies, lawyers, dentists, vets, each once its profession's decree allowed it.
const PROFESSIONAL_PATTERNS = createWeightedTable<(random: RandomSource) => string | undefined>([
  [(r) => (selOpen('Pharmacie') ? withFixed(`Pharmacie ${pickPart(r, placeList)}`, PHARMACY_HASH) : undefined), 15],
  [(r) => (selOpen('Pharmacie') ? withFixed(`Pharmacie ${surname(r)}`, PHARMACY_HASH) : undefined), 25],
  [
    (r) => {
      if (!selOpen('Pharmacie')) return undefined;
      const a = surname(r);
      return withFixed(`Pharmacie ${a}-${another(r, surname, a)}`, PHARMACY_PAIR_HASH);
    },
    10,
  ],
  [(r) => (selOpen('Avocats') ? withFixed(`${surname(r)} Avocats`, AVOCATS_HASH) : undefined), 15],
  [(r) => (selOpen('Cabinet Dentaire') ? withFixed(`Cabinet Dentaire ${surname(r)}`, DENTAIRE_HASH) : undefined), 15],
  [(r) => (selOpen('Clinique Vétérinaire') ? withFixed(`Clinique Vétérinaire ${pickPart(r, placeList)}`, VETERINAIRE_HASH) : undefined), 5],
  [(r) => (selOpen('Clinique Vétérinaire') ? withFixed(`Clinique Vétérinaire ${surname(r)}`, VETERINAIRE_HASH) : undefined), 10],
]);

// Property companies (SCI): a family name, the children's first names, or a place.
const SCI_PATTERNS = createWeightedTable<(random: RandomSource) => string | undefined>([
  [(r) => surname(r), 30], // SCI Martin
  [
    (r) => {
      if (childFrom > childTo) return undefined;
      const a = childName(r);
      return withFixed(`${a} et ${another(r, childName, a)}`, AND_HASH);
    },
    36,
  ], // SCI Léa et Hugo
  [(r) => pickPart(r, SCI_NAME_LIST), 4], // SCI Les Tilleuls
  [(r) => withFixed(`${surname(r)} Immobilier`, IMMOBILIER_HASH), 10], // SCI Martin Immobilier
  [
    (r) => {
      const a = surname(r);
      return withFixed(`${a}-${another(r, surname, a)}`, HYPHEN_HASH);
    },
    15,
  ], // SCI Girard-Bonnet
]);

/** " EI", " SARL", ...: the legal form after the name, by form (all but SCI, which opens the name). */
const LEGAL_FORM_HASHES = LEGAL_FORMS.map((data) => nameTextHash(` ${data.form}`));

/**
 * Draws the name of a company of form `form` (an index of LEGAL_FORMS) created in `year` in a commune described by
 * `naming` (drawnCommuneNaming: coast, size class, département), its legal form last ("Moreau Conseil SASU", "SCI Les
 * Tilleuls"); `drawnHash` ends as its hash. People in the name were born when their first name was given: an individual
 * entrepreneur or founder 22 to 60 years before the creation (an individual entrepreneur still trading, in 1950 or later),
 * the children of a family SCI up to 20 years before it. Shops are named after places the commune has (placesFor), and
 * overseas departments with surnames of their own give them to a share of their people.
 */
export function drawNameFor(random: RandomSource, form: number, year: number, naming: number): string {
  drawnHash = 0;
  drawnLocal = false;
  createdAt = year;
  const legalForm = (LEGAL_FORMS[form] as (typeof LEGAL_FORMS)[number]).form;
  const created = Math.floor(year);
  founderFrom = Math.max(created - 60, legalForm === 'EI' ? 1950 : FIRST_BIRTH_YEAR);
  founderTo = created - 22;
  childFrom = Math.max(created - 20, FIRST_BIRTH_YEAR);
  childTo = created - 2;
  const places = naming & 15;
  placeList = placeLists[places] ??= withHashes(placesFor(places));
  regional = regionalSurnames(naming >>> 4);
  // An individual entrepreneur trades under their own name, with "EI" after it (law of 14 February 2022).
  if (legalForm === 'EI') return withFixed(`${person(random)} EI`, LEGAL_FORM_HASHES[form] as number);
  if (legalForm === 'SCI') {
    let body: string | undefined;
    while (body === undefined) body = SCI_PATTERNS.draw(random)(random);
    return withFixed(`SCI ${body}`, SCI_PREFIX_HASH);
  }
  let name: string | undefined;
  // A pattern that does not fit the form (or the date) answers before it draws anything, so nothing has been added to the hash.
  if (legalForm === 'SELARL' || legalForm === 'SELAS') while (name === undefined) name = PROFESSIONAL_PATTERNS.draw(random)(random);
  while (name === undefined) name = COMPANY_PATTERNS.draw(random)(random, legalForm);
  return withFixed(`${name} ${legalForm}`, LEGAL_FORM_HASHES[form] as number);
}

/** Draws a company name on its own: a SIREN era and a legal form by their share, a creation year, and a name that fits. */
function drawName(random: RandomSource): string {
  const prefix = drawSirenPrefix(random);
  const form = drawFormOf(random, prefix);
  // A town of 20,000 to 100,000 in mainland France (département 0), on the coast one time in ten.
  const naming = (random.next() < 0.1 ? 1 : 0) + 3 * 2;
  return drawNameFor(random, form, creationYear(form, prefix * 1_000_000 + randomInt(random, 1_000_000)), naming);
}

const TRADE_WORDS = new Set([...TRADES.map(([trade]) => trade), 'Cabinet', 'Clinique', 'Groupe']);
const ACTIVITY_WORDS = new Set([...ACTIVITIES, 'Avocats']);

/**
 * Draws a company name with its legal form (shares of active French units) and, for trade names, the trade word it opens
 * with (or the activity word after the surname): "Julie Moreau EI", "Boulangerie Lefèvre SARL", "Moreau Conseil SASU",
 * "SCI Les Tilleuls", "Pharmacie du Centre SELARL". Draws the same name as `drawCompanyName` for the same random state.
 */
export function drawCompany(random: RandomSource): CompanyName {
  return companyNameParts(drawName(random));
}

/** A generated name's legal form and trade word ("Cabinet Dentaire" and "Clinique Vétérinaire" as one trade). */
export function companyNameParts(name: string): CompanyName {
  const words = name.split(' ');
  const legalForm = words[0] === 'SCI' ? 'SCI' : (words[words.length - 1] as string);
  if (legalForm === 'EI' || legalForm === 'SCI') return { name, legalForm };
  const first = words[0] as string;
  const beforeForm = words[words.length - 2] as string;
  const trade =
    first === 'Cabinet' && words[1] === 'Dentaire'
      ? 'Cabinet Dentaire'
      : first === 'Clinique'
        ? 'Clinique Vétérinaire'
        : TRADE_WORDS.has(first)
          ? first
          : ACTIVITY_WORDS.has(beforeForm)
            ? beforeForm
            : undefined;
  return trade === undefined ? { name, legalForm } : { name, legalForm, trade };
}

/** Draws a company name with its legal form ("Martin Conseil SAS", "Dubois et Fils SARL", "SCI Les Tilleuls"). */
export function drawCompanyName(random: RandomSource): string {
  return drawName(random);
}

/**
 * Whether the name the last `drawNameFor` call returned is a shop's, a pharmacy's or a holding's ("Boulangerie Lefèvre",
 * "Garage de la Gare", "Moreau Participations", "Groupe Moreau"): a unit of one establishment, or a few after moves.
 */
export function drawnNameIsLocal(): boolean {
  return drawnLocal;
}

/**
 * The hash of the name the last `drawCompanyName` (or `drawCompany`) call returned: `nameTextHash` of its text, composed
 * while it was drawn, without reading the text. Two names that are equal have equal hashes.
 */
export function drawnNameHash(): number {
  return drawnHash;
}
