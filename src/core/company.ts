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
  ['EI', 60], ['SASU', 14], ['SAS', 9], ['SARL', 6.5], ['EURL', 3], ['SCI', 5], ['SELARL', 1], ['SELAS', 0.5], ['SNC', 0.5],
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
/** A first name and a surname that read as a person: the surname is not the first name again, nor the end of a compound. */
function person(random: RandomSource): readonly [first: string, last: string] {
  const first = firstName(random);
  let last = surname(random);
  while (last === first || COMPOUND_FIRST_NAMES.has(`${first}-${last}`)) last = surname(random);
  return [first, last];
}

type Parts = readonly [name: string, trade?: string];
type Pattern = (random: RandomSource, form: string) => Parts | undefined;

// Commercial companies. A pattern answers undefined when it does not fit the form (a multi-partner name for a SASU), and
// another is drawn.
const COMPANY_PATTERNS = createWeightedTable<Pattern>([
  [(r) => { const a = pick(r, ACTIVITIES); return [`${surname(r)} ${a}`, a]; }, 34], // Moreau Conseil
  [(r, form) => { if (form === 'SA') return undefined; const t = pick(r, SHOP_TRADES); return [`${t} ${surname(r)}`, t]; }, 22], // Boulangerie Lefèvre
  [(r, form) => { if (form === 'SA') return undefined; const t = pick(r, PLACE_TRADES); return [`${t} ${pick(r, PLACES)}`, t]; }, 8], // Garage de la Gare
  [(r, form) => {
    if (!PHARMACY_FORMS.includes(form)) return undefined;
    return [`Pharmacie ${r.next() < 0.3 ? pick(r, PLACES) : surname(r)}`, 'Pharmacie'];
  }, 3], // Pharmacie du Centre
  [(r) => { const a = pick(r, ACTIVITIES); const [first, last] = person(r); return [`${first} ${last} ${a}`, a]; }, 8], // Julie Moreau Conseil
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) ? [`${surname(r)} et Fils`] : undefined), 5], // Dubois et Fils
  [(r, form) => { if (!MULTI_PARTNER_FORMS.has(form)) return undefined; const a = surname(r); return [`${a} et ${another(r, surname, a)}`]; }, 5], // Petit et Roux
  [(r) => { const a = surname(r); return [`${a}-${another(r, surname, a)}`]; }, 3], // Girard-Bonnet
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) ? [`${surname(r)} Frères`] : undefined), 3], // Roussel Frères
  [(r, form) => (form === 'SAS' || form === 'SA' ? [`Groupe ${surname(r)}`] : undefined), 3], // Groupe Moreau
  [(r, form) => (MULTI_PARTNER_FORMS.has(form) || form === 'SASU' || form === 'EURL' ? [`Établissements ${surname(r)}`] : undefined), 4], // Établissements Roussel
]);

// Professional companies (SEL): pharmacies, lawyers, dentists, vets.
const PROFESSIONAL_PATTERNS = createWeightedTable<(random: RandomSource) => Parts>([
  [(r) => [`Pharmacie ${pick(r, PLACES)}`, 'Pharmacie'], 15],
  [(r) => [`Pharmacie ${surname(r)}`, 'Pharmacie'], 25],
  [(r) => { const a = surname(r); return [`Pharmacie ${a}-${another(r, surname, a)}`, 'Pharmacie']; }, 10],
  [(r) => [`${surname(r)} Avocats`, 'Avocats'], 15],
  [(r) => [`Cabinet Dentaire ${surname(r)}`, 'Cabinet'], 15],
  [(r) => [`Clinique Vétérinaire ${pick(r, PLACES)}`, 'Clinique'], 5],
  [(r) => [`Clinique Vétérinaire ${surname(r)}`, 'Clinique'], 10],
]);

// Property companies (SCI): a family name, the children's first names, or a place.
const SCI_PATTERNS = createWeightedTable<(random: RandomSource) => string>([
  [(r) => surname(r), 30], // SCI Martin
  [(r) => { const a = firstName(r); return `${a} et ${another(r, firstName, a)}`; }, 36], // SCI Léa et Hugo
  [(r) => pick(r, SCI_NAMES), 4], // SCI Les Tilleuls
  [(r) => `${surname(r)} Immobilier`, 10], // SCI Martin Immobilier
  [(r) => { const a = surname(r); return `${a}-${another(r, surname, a)}`; }, 15], // SCI Girard-Bonnet
]);

/**
 * Draws a company name with its legal form (shares of new French companies) and, for trade names, the trade word it opens
 * with: "Julie Moreau EI", "Boulangerie Lefèvre SARL", "Moreau Conseil SASU", "SCI Les Tilleuls", "Pharmacie du Centre SELARL".
 */
export function drawCompany(random: RandomSource): CompanyName {
  const legalForm = LEGAL_FORMS.draw(random);
  // An individual entrepreneur trades under their own name, with "EI" after it (law of 14 February 2022).
  if (legalForm === 'EI') {
    const [first, last] = person(random);
    return { name: `${first} ${last} EI`, legalForm };
  }
  if (legalForm === 'SCI') return { name: `SCI ${SCI_PATTERNS.draw(random)(random)}`, legalForm };
  let parts: Parts | undefined;
  if (legalForm === 'SELARL' || legalForm === 'SELAS') parts = PROFESSIONAL_PATTERNS.draw(random)(random);
  while (!parts) parts = COMPANY_PATTERNS.draw(random)(random, legalForm);
  const [name, trade] = parts;
  return trade === undefined ? { name: `${name} ${legalForm}`, legalForm } : { name: `${name} ${legalForm}`, legalForm, trade };
}

/** Draws a company name with its legal form ("Martin Conseil SAS", "Dubois et Fils SARL", "SCI Les Tilleuls"). */
export function drawCompanyName(random: RandomSource): string {
  return drawCompany(random).name;
}
