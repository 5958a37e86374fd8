import { ACTIVITIES, PLACES, SURNAMES, TRADES } from './data/names.js';
import { pick, type RandomSource } from './random.js';
import { createWeightedTable } from './weighted.js';

// Legal forms weighted like new French registrations (SAS and SASU lead, then SARL and EURL); `null` = name without a form,
// as sole traders and shop signs often appear.
const LEGAL_FORMS = createWeightedTable<string | null>([
  ['SAS', 33], ['SASU', 25], ['SARL', 18], ['EURL', 10], ['SCI', 7], ['EI', 3], ['SA', 2], ['SNC', 1], [null, 14],
]);

// Surnames drawn with a Zipf-like weight by rank, so "Martin" shows up more than "Laporte", as in the real registers.
const SURNAME_TABLE = createWeightedTable(SURNAMES.map((name, rank) => [name, Math.round(10_000 / (rank + 10))] as const));

type Pattern = (random: RandomSource, form: string | null) => string;

const withForm = (name: string, form: string | null): string => (form ? `${name} ${form}` : name);
const surname = (random: RandomSource): string => SURNAME_TABLE.draw(random);

const PATTERNS = createWeightedTable<Pattern>([
  [(r, form) => withForm(surname(r), form), 30], // Martin SAS
  [(r, form) => withForm(`${surname(r)} ${pick(r, ACTIVITIES)}`, form), 16], // Moreau Conseil SARL
  [(r, form) => withForm(`${pick(r, TRADES)} ${surname(r)}`, form), 16], // Boulangerie Lefèvre
  [(r, form) => withForm(`${surname(r)} et Fils`, form), 6], // Dubois et Fils
  [(r, form) => withForm(`${surname(r)} et ${surname(r)}`, form), 6], // Petit et Roux SNC
  [(r, form) => withForm(`${surname(r)}-${surname(r)}`, form), 4], // Girard-Bonnet EURL
  [(r, form) => withForm(`Groupe ${surname(r)}`, form), 4], // Groupe Moreau SA
  [(r, form) => withForm(`Établissements ${surname(r)}`, form), 5], // Établissements Roussel
  [(r, form) => withForm(`${pick(r, TRADES)} ${pick(r, PLACES)}`, form), 9], // Garage de la Gare
  [(r, form) => withForm(`Société ${surname(r)}`, form), 4], // Société Perrin
]);

/**
 * Draws a French company name with a legal form weighted like real registrations ("Martin SAS", "Dubois et Fils",
 * "Boulangerie Lefèvre", "SCI Les Tilleuls").
 */
export function drawCompanyName(random: RandomSource): string {
  const form = LEGAL_FORMS.draw(random);
  // Property companies (SCI) are usually named "SCI <something>", not "<something> SCI".
  if (form === 'SCI') return `SCI ${random.next() < 0.5 ? surname(random) : pick(random, SCI_NAMES)}`;
  return PATTERNS.draw(random)(random, form);
}

export const SCI_NAMES: readonly string[] = [
  'Les Tilleuls', 'Les Acacias', 'Le Clos', 'Les Chênes', 'Du Parc', 'Les Jardins', 'La Fontaine', 'Les Pins', 'Le Moulin',
  'Les Vignes', 'Horizon', 'Les Lilas', 'Du Centre', 'Les Marronniers', 'Les Oliviers',
];
