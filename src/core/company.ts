import { ACTIVITIES, FIRST_NAMES, PLACES, SCI_NAMES, SURNAMES, TRADES } from './data/names.js';
import { pick, type RandomSource } from './random.js';
import { createWeightedTable } from './weighted.js';

export { SCI_NAMES };

/** A drawn company name with its parts, for modules that derive more fields from it (activity code, legal form). */
export interface CompanyName {
  /** The name as served, legal form last ("Boulangerie Lefèvre SARL", "Julie Moreau EI", "SCI Les Tilleuls"). */
  readonly name: string;
  /** The legal form's abbreviation: EI, SASU, SAS, SARL, EURL, SCI, SELARL, SELAS, SNC or SA. */
  readonly legalForm: string;
  /** The trade or activity word the name is built on ("Boulangerie", "Pharmacie", "Conseil"), when it has one. */
  readonly trade?: string;
}

// Shares of new companies by legal form, in percent, rounded (INSEE business-creation statistics: individual entrepreneurs,
// micro-entrepreneurs included, are about six creations in ten; among companies, single-member SASU lead, then SAS, SARL and
// EURL; property companies from the register's counts of new SCI). docs/data.md gives the figures and sources.
const LEGAL_FORMS = createWeightedTable<string>([
  ['EI', 60],
  ['SASU', 14],
  ['SAS', 9],
  ['SARL', 6.5],
  ['EURL', 3],
  ['SCI', 5],
  ['SELARL', 1],
  ['SELAS', 0.5],
  ['SNC', 0.5],
  ['SA', 0.5],
]);

// Surnames drawn with a weight decreasing with the rank, so "Martin" shows up more than "Laporte", flatter than the real curve
// so that fixtures stay varied. First names likewise.
const SURNAME_TABLE = createWeightedTable(SURNAMES.map((name, rank) => [name, 1 / (rank + 300)] as const));
const FIRST_NAME_TABLE = createWeightedTable(FIRST_NAMES.map((name, rank) => [name, 1 / (rank + 80)] as const));
const SHOP_TRADES = TRADES.filter(([trade, follows]) => follows.includes('S') && trade !== 'Pharmacie').map(([t]) => t);
const PLACE_TRADES = TRADES.filter(([trade, follows]) => follows.includes('P') && trade !== 'Pharmacie').map(([t]) => t);
/** Forms a pharmacy may take (a pharmacist's company: SEL, SARL, EURL or SNC; never SAS, SASU or SA). */
export const PHARMACY_FORMS: readonly string[] = ['SELARL', 'SELAS', 'SARL', 'EURL', 'SNC'];
/** Forms with several partners, the only ones a name like "Petit et Roux" or "Dubois Frères" fits. */
const MULTI_PARTNER_FORMS = new Set(['SAS', 'SARL', 'SNC', 'SA']);

const surname = (random: RandomSource): string => SURNAME_TABLE.draw(random);
const firstName = (random: RandomSource): string => FIRST_NAME_TABLE.draw(random);
/** A second surname or first name different from the first one ("Petit et Roux", never "Perrin et Perrin"). */
function another(random: RandomSource, draw: (random: RandomSource) => string, first: string): string {
  let other = draw(random);
  while (other === first) other = draw(random);
  return other;
}

// "Jean Charles" would read as the compound first name "Jean-Charles" written without its hyphen.
const COMPOUND_FIRST_NAMES = new Set(FIRST_NAMES.filter((name) => name.includes('-')));
const COMPOUND_TAILS = new Set([...COMPOUND_FIRST_NAMES].map((name) => name.slice(name.indexOf('-') + 1)));
/** "First Last": the surname is not the first name again, nor the end of a compound first name. */
function person(random: RandomSource): string {
  const first = firstName(random);
  let last = surname(random);
  while (last === first || (COMPOUND_TAILS.has(last) && COMPOUND_FIRST_NAMES.has(`${first}-${last}`))) last = surname(random);
  return `${first} ${last}`;
}

type Pattern = (random: RandomSource, form: string) => string | undefined;

// Commercial companies. A pattern answers undefined when it does not fit the form (a multi-partner name for a SASU), and
// another is drawn. Trade words open the name ("Boulangerie Lefèvre"); activity words follow it ("Moreau Conseil").
const COMPANY_PATTERNS = createWeightedTable<Pattern>([
  [(r) => `${surname(r)} ${pick(r, ACTIVITIES)}`, 34], // Moreau Conseil
  [(r, form) => (form === 'SA' ? undefined : `${pick(r, SHOP_TRADES)} ${surname(r)}`), 22], // Boulangerie Lefèvre
  [(r, form) => (form === 'SA' ? undefined : `${pick(r, PLACE_TRADES)} ${pick(r, PLACES)}`), 8], // Garage de la Gare
  [(r, form) => (PHARMACY_FORMS.includes(form) ? `Pharmacie ${r.next() < 0.3 ? pick(r, PLACES) : surname(r)}` : undefined), 3], // Pharmacie du Centre
  [(r) => `${person(r)} ${pick(r, ACTIVITIES)}`, 8], // Julie Moreau Conseil
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) ? `${surname(r)} et Fils` : undefined), 5], // Dubois et Fils
  [
    (r, form) => {
      if (!MULTI_PARTNER_FORMS.has(form)) return undefined;
      const a = surname(r);
      return `${a} et ${another(r, surname, a)}`;
    },
    5,
  ], // Petit et Roux
  [
    (r) => {
      const a = surname(r);
      return `${a}-${another(r, surname, a)}`;
    },
    3,
  ], // Girard-Bonnet
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) ? `${surname(r)} Frères` : undefined), 3], // Roussel Frères
  [(r, form) => (form === 'SAS' || form === 'SA' ? `Groupe ${surname(r)}` : undefined), 3], // Groupe Moreau
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) || form === 'SASU' || form === 'EURL' ? `Établissements ${surname(r)}` : undefined), 4], // Établissements Roussel
]);

// Professional companies (SEL): pharmacies, lawyers, dentists, vets.
const PROFESSIONAL_PATTERNS = createWeightedTable<(random: RandomSource) => string>([
  [(r) => `Pharmacie ${pick(r, PLACES)}`, 15],
  [(r) => `Pharmacie ${surname(r)}`, 25],
  [
    (r) => {
      const a = surname(r);
      return `Pharmacie ${a}-${another(r, surname, a)}`;
    },
    10,
  ],
  [(r) => `${surname(r)} Avocats`, 15],
  [(r) => `Cabinet Dentaire ${surname(r)}`, 15],
  [(r) => `Clinique Vétérinaire ${pick(r, PLACES)}`, 5],
  [(r) => `Clinique Vétérinaire ${surname(r)}`, 10],
]);

// Property companies (SCI): a family name, the children's first names, or a place.
const SCI_PATTERNS = createWeightedTable<(random: RandomSource) => string>([
  [(r) => surname(r), 30], // SCI Martin
  [
    (r) => {
      const a = firstName(r);
      return `${a} et ${another(r, firstName, a)}`;
    },
    36,
  ], // SCI Léa et Hugo
  [(r) => pick(r, SCI_NAMES), 4], // SCI Les Tilleuls
  [(r) => `${surname(r)} Immobilier`, 10], // SCI Martin Immobilier
  [
    (r) => {
      const a = surname(r);
      return `${a}-${another(r, surname, a)}`;
    },
    15,
  ], // SCI Girard-Bonnet
]);

/** Draws a company name, its legal form last ("Moreau Conseil SASU", "SCI Les Tilleuls"). */
function drawName(random: RandomSource): string {
  const legalForm = LEGAL_FORMS.draw(random);
  // An individual entrepreneur trades under their own name, with "EI" after it (law of 14 February 2022).
  if (legalForm === 'EI') return `${person(random)} EI`;
  if (legalForm === 'SCI') return `SCI ${SCI_PATTERNS.draw(random)(random)}`;
  let name: string | undefined;
  if (legalForm === 'SELARL' || legalForm === 'SELAS') name = PROFESSIONAL_PATTERNS.draw(random)(random);
  while (name === undefined) name = COMPANY_PATTERNS.draw(random)(random, legalForm);
  return `${name} ${legalForm}`;
}

const TRADE_WORDS = new Set([...TRADES.map(([trade]) => trade), 'Cabinet', 'Clinique']);
const ACTIVITY_WORDS = new Set([...ACTIVITIES, 'Avocats']);

/**
 * Draws a company name with its legal form (shares of new French companies) and, for trade names, the trade word it opens
 * with (or the activity word after the surname): "Julie Moreau EI", "Boulangerie Lefèvre SARL", "Moreau Conseil SASU",
 * "SCI Les Tilleuls", "Pharmacie du Centre SELARL". Draws the same name as `drawCompanyName` for the same random state.
 */
export function drawCompany(random: RandomSource): CompanyName {
  const name = drawName(random);
  const words = name.split(' ');
  const legalForm = words[0] === 'SCI' ? 'SCI' : (words[words.length - 1] as string);
  if (legalForm === 'EI' || legalForm === 'SCI') return { name, legalForm };
  const first = words[0] as string;
  const beforeForm = words[words.length - 2] as string;
  const trade = TRADE_WORDS.has(first) ? first : ACTIVITY_WORDS.has(beforeForm) ? beforeForm : undefined;
  return trade === undefined ? { name, legalForm } : { name, legalForm, trade };
}

/** Draws a company name with its legal form ("Martin Conseil SAS", "Dubois et Fils SARL", "SCI Les Tilleuls"). */
export function drawCompanyName(random: RandomSource): string {
  return drawName(random);
}
