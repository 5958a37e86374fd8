// A French reader's rules for generated records, written down so that a test can count the records a reader would stop at.
// Each rule names what is wrong; `checkRecord` returns the broken rules of one record (none for a believable one).
import { createRequire } from 'node:module';
import { departementOfPostcode, loadCommunes } from '../../src/core/address.js';
import type { CompanyRecord } from '../../src/core/company-record.js';
import { ACTIVITIES, FIRST_NAMES, TRADES } from '../../src/core/data/names.js';

const FORMS = ['EI', 'SASU', 'SAS', 'SARL', 'EURL', 'SELARL', 'SELAS', 'SNC', 'SA'] as const;
/** Forms of one owner: a name implying partners or a family business contradicts them. */
const SINGLE_OWNER = new Set(['EI', 'SASU', 'EURL']);
/** Pharmacies are pharmacists' companies: SEL, SARL, EURL or SNC. */
const PHARMACY_FORMS = new Set(['SELARL', 'SELAS', 'SARL', 'EURL', 'SNC']);
/** Professions whose companies are SEL (liberal professions). */
const SEL_WORDS = /^(Pharmacie|Cabinet Dentaire|Clinique Vétérinaire)\b|\b(Avocats|Notaires|Architectes)$/;
/** Words that make a name a business name, never a person's: an EI cannot carry them. */
const BUSINESS_WORDS = new Set([
  'Société',
  'Groupe',
  'Établissements',
  'Frères',
  'Fils',
  'Associés',
  'Holding',
  'SCI',
  'Cabinet',
  'Pharmacie',
  'et',
  ...ACTIVITIES,
  ...TRADES.map(([trade]) => trade),
]);
/** Shop and craft signs that may open a name before a surname ("Boulangerie Lefèvre"). */
const SHOP_SIGNS = new Set([...TRADES.map(([trade]) => trade), 'Cabinet', 'Pharmacie', 'Clinique', 'Groupe', 'Établissements', 'SCI']);
/** Activity words that go after a surname ("Moreau Conseil"), never before it ("Immobilier André", "Paysages Prévost"). */
const AFTER_SURNAME_ONLY = new Set([...ACTIVITIES.filter((a) => !SHOP_SIGNS.has(a)), 'Paysages', 'Immobilier', 'Société']);
/** Compound first names are hyphenated: "Jean-Jacques", never "Jean Jacques". */
const COMPOUND_FIRST_NAMES = new Set([
  ...FIRST_NAMES.filter((n) => n.includes('-')),
  'Jean-Pierre',
  'Jean-Jacques',
  'Jean-Claude',
  'Jean-Luc',
  'Jean-Marc',
  'Jean-Paul',
  'Jean-Louis',
  'Jean-Charles',
  'Jean-Michel',
  'Jean-Baptiste',
  'Jean-François',
  'Jean-Philippe',
  'Marie-Claire',
  'Marie-Christine',
  'Anne-Sophie',
  'Anne-Marie',
  'Pierre-Yves',
]);

const UNHYPHENATED = new RegExp(`(^| )(${[...COMPOUND_FIRST_NAMES].map((n) => n.replace('-', ' ')).join('|')})( |$)`);

const STREET = /^(\d+)( bis| ter)? (Rue|Avenue|Boulevard|Chemin|Route|Impasse|Allée|Place|Quai|Cours) (.+)$/;
/** Highest plausible number by street type: impasses and squares are short, rural roads use metric numbering. */
const MAX_NUMBER: Record<string, number> = {
  Rue: 300,
  Avenue: 400,
  Boulevard: 400,
  Chemin: 999,
  Route: 2000,
  Impasse: 30,
  Allée: 80,
  Place: 50,
  Quai: 150,
  Cours: 200,
};
/** Street types of towns, not villages. */
const TOWN_TYPES = new Set(['Boulevard', 'Quai', 'Cours']);
/** "Nationale" is feminine and names a through road: Rue, Avenue or Route only. */
const NATIONALE_TYPES = new Set(['Rue', 'Avenue', 'Route']);

let populations: Map<string, number> | undefined;
/** The register's population of the commune with this (name, postcode) pair; a city split into arrondissements counts whole. */
function populationOf(city: string, postcode: string): number {
  if (!populations) {
    const require = createRequire(import.meta.url);
    const register = require('@etalab/decoupage-administratif/data/communes.json') as RegisterCommune[];
    const current = new Map(register.filter((c) => c.type === 'commune-actuelle').map((c) => [c.code, c]));
    populations = new Map();
    for (const c of register) {
      const owner = c.type === 'commune-actuelle' ? c : c.type === 'arrondissement-municipal' ? current.get(c.commune ?? '') : undefined;
      if (!owner) continue;
      for (const p of c.codesPostaux ?? []) {
        const key = `${owner.nom}|${p}`;
        populations.set(key, Math.max(populations.get(key) ?? 0, owner.population ?? 0));
      }
    }
  }
  return populations.get(`${city}|${postcode}`) ?? 0;
}

interface RegisterCommune {
  code: string;
  nom: string;
  type: string;
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}

let communeIndex: { byDepartement: Map<string, Set<string>>; departements: Map<string, Set<string>> } | undefined;
/** Names of the table's communes sharing a département with `city` (a commune's postcodes may span two départements). */
function nearbyCommuneNames(city: string): Set<string> {
  if (!communeIndex) {
    communeIndex = { byDepartement: new Map(), departements: new Map() };
    for (const c of loadCommunes().values) {
      for (const postcode of c.postcodes) {
        const d = departementOfPostcode(postcode);
        const names = communeIndex.byDepartement.get(d) ?? new Set<string>();
        names.add(c.name);
        communeIndex.byDepartement.set(d, names);
        const departements = communeIndex.departements.get(c.name) ?? new Set<string>();
        departements.add(d);
        communeIndex.departements.set(c.name, departements);
      }
    }
  }
  const out = new Set<string>();
  for (const d of communeIndex.departements.get(city) ?? []) for (const name of communeIndex.byDepartement.get(d) ?? []) out.add(name);
  return out;
}

/** The place a "de ..." complement names, undoing the contraction: "du Mans" -> "Le Mans", "d'Oyonnax" -> "Oyonnax". */
function placeAfterDe(complement: string): string | undefined {
  if (complement.startsWith('du ')) return `Le ${complement.slice(3)}`;
  if (complement.startsWith('des ')) return `Les ${complement.slice(4)}`;
  if (complement.startsWith('de la ')) return `La ${complement.slice(6)}`;
  if (complement.startsWith("de l'")) return `L'${complement.slice(5)}`;
  if (complement.startsWith("d'")) return complement.slice(2);
  if (complement.startsWith('de ')) return complement.slice(3);
  return undefined;
}

/** Grammar every free-text field shares: contractions, elisions, particle case, spacing. */
function grammarViolations(text: string): string[] {
  const out: string[] = [];
  if (/\b[Dd]e [Ll]es? /.test(text) || /\bà les? /.test(text)) out.push('uncontracted article ("de le", "de les")');
  if (/\bde [AEIOUYÉÈÊÂÎÔaeiouyéèêâîô]/.test(text)) out.push('"de" not elided before a vowel');
  if (/ (Du|De|Des|Au|Aux|Et) | D'/.test(` ${text} `)) out.push('capitalised particle ("Du", "De", "Des", "Et") inside a name');
  if (/ {2}|^ | $/.test(text)) out.push('stray space');
  const unhyphenated = UNHYPHENATED.exec(text);
  if (unhyphenated) out.push(`"${(unhyphenated[2] as string).replace(' ', '-')}" without its hyphen`);
  return out;
}

function companyViolations(company: string): string[] {
  const out = grammarViolations(company);
  const words = company.split(' ');
  const last = words.at(-1) as string;
  const isSci = words[0] === 'SCI';
  if (!isSci && !(FORMS as readonly string[]).includes(last)) out.push('no legal form at the end');
  if (words.slice(1).includes('SCI')) out.push('"SCI" not at the start');
  const form = isSci ? 'SCI' : last;
  const body = isSci ? words.slice(1) : words.slice(0, -1);
  // An individual entrepreneur's name is their own: first name and surname, nothing else.
  if (form === 'EI') {
    if (body.length < 2 || body.some((w) => BUSINESS_WORDS.has(w))) out.push("EI on a name that is not a person's");
    if (body.length === 2 && body[0] === body[1]) out.push('first name equal to the surname');
  }
  if (SINGLE_OWNER.has(form) && (/ et /.test(body.join(' ')) || body.includes('Frères') || body.includes('Fils'))) {
    out.push(`partners or family in a single-owner form (${form})`);
  }
  if (body[0] === 'Pharmacie' && !PHARMACY_FORMS.has(form)) out.push(`pharmacy as ${form}`);
  if ((form === 'SELARL' || form === 'SELAS') && !SEL_WORDS.test(body.join(' '))) out.push(`${form} outside a liberal profession`);
  if (form === 'SA' && body[0] !== undefined && SHOP_SIGNS.has(body[0]) && body[0] !== 'Groupe' && body[0] !== 'Établissements') {
    out.push('shop as a public limited company (SA)');
  }
  if (body[0] !== undefined && AFTER_SURNAME_ONLY.has(body[0])) out.push(`activity word "${body[0]}" before the name`);
  const pair = / et /.exec(body.join(' '));
  if (pair) {
    const [a, b] = body.join(' ').split(' et ');
    if (a === b) out.push('the same name twice');
  }
  for (const w of body) {
    const parts = w.split('-');
    if (parts.length === 2 && parts[0] === parts[1]) out.push('the same name twice');
  }
  return out;
}

function streetViolations(record: CompanyRecord): string[] {
  const match = STREET.exec(record.street_address);
  if (!match) return ['street line not "<number> <type> <name>"'];
  const [, number, , type, name] = match as unknown as [string, string, string | undefined, string, string];
  const out = grammarViolations(name);
  const n = Number(number);
  if (n < 1 || n > (MAX_NUMBER[type] as number)) out.push(`number ${n} too high for a ${type}`);
  if (name === 'Nationale' && !NATIONALE_TYPES.has(type)) out.push(`"${type} Nationale"`);
  if (/^de (La|L') /.test(name) || /^de L'/.test(name)) out.push('capital article after "de" ("Route de La Rochelle")');
  if (TOWN_TYPES.has(type) && populationOf(record.city, record.postcode) < 5000) out.push(`a ${type} in a village`);
  if ((type === 'Route' || type === 'Chemin') && record.city === 'Paris') out.push(`a ${type} in Paris`);
  // A street named after a town is never in that town ("Rue de Paris" in Paris).
  if (placeAfterDe(name) === record.city) out.push('street named after its own town');
  if (type === 'Route') {
    const place = placeAfterDe(name);
    if (name !== 'Nationale' && !(place && nearbyCommuneNames(record.city).has(place))) out.push('route not leading to a nearby commune');
  }
  if (type === 'Chemin') {
    if (/^\p{Lu}/u.test(name)) out.push('chemin named after a person');
    // "Chemin du Moulin" names a mill; "Chemin de Bellegarde" names a place, which must be a nearby commune.
    const place = /^(de |d')(\p{Lu}.*)$/u.exec(name)?.[2];
    if (place && !nearbyCommuneNames(record.city).has(place)) out.push('chemin to a place that is not a nearby commune');
  }
  if (/^\p{Ll}/u.test(name) && !/^(du|des|de|d')[ '\p{L}]/u.test(name)) out.push('street name starts with a stray lower-case word');
  return out;
}

/** The rules one record breaks, as short descriptions; empty for a record a French reader would believe. */
export function checkRecord(record: CompanyRecord): string[] {
  return [...companyViolations(record.company), ...streetViolations(record)];
}

/** Counts broken rules over many records, with one example record per rule. */
export function checkRecords(records: Iterable<CompanyRecord>): {
  total: number;
  byRule: Map<string, { count: number; example: CompanyRecord }>;
} {
  const byRule = new Map<string, { count: number; example: CompanyRecord }>();
  let total = 0;
  for (const record of records) {
    for (const rule of checkRecord(record)) {
      total++;
      const entry = byRule.get(rule);
      if (entry) entry.count++;
      else byRule.set(rule, { count: 1, example: record });
    }
  }
  return { total, byRule };
}
