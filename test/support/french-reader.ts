// A French reader's rules for generated records, written down so that a test can count the records a reader would stop at.
// Each rule names what is wrong; `checkRecord` returns the broken rules of one record (none for a believable one). The
// rules on the six API fields always apply; those on an extra field apply when the record carries it (story-rules.ts).
import type { CompanyRecord } from '../../src/core/company/index.js';
import { ACTIVITIES, FIRST_NAMES, STREET_COASTAL, STREET_NATURE, TRADES } from '../../src/core/data/names.js';
import type { FixtureRecord } from '../../src/core/fixtures/index.js';
import { placeViolations } from './place-rules.js';
import { communeOfPair, isEpciNeighbour, type RegisterEntry } from './register.js';
import { storyViolations } from './story-rules.js';

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
/**
 * Highest plausible number by street type and commune size (under 2,000 inhabitants, 5,000, 20,000, 100,000, above): a
 * village's streets are short; chemins and routes are numbered in metres from their start (up to 999), except in dense
 * cities (Paris and its inner ring, the large cities outside the South) where they are town streets. 0: not found there.
 */
const MAX_NUMBER: Record<string, readonly number[]> = {
  Rue: [80, 120, 150, 200, 300],
  Avenue: [0, 120, 200, 250, 300],
  Boulevard: [0, 0, 150, 200, 250],
  Place: [30, 40, 40, 50, 50],
  Impasse: [20, 25, 25, 25, 30],
  Allée: [40, 60, 60, 60, 80],
  Chemin: [999, 999, 999, 999, 999],
  Route: [999, 999, 999, 999, 999],
  Quai: [0, 0, 90, 90, 120],
  Cours: [0, 0, 120, 120, 150],
};
const DENSE_ROAD_MAX: Record<string, number> = { Chemin: 99, Route: 150 };
/** Départements whose cities number their roads in metres whatever their size (Marseille, Nice, Toulon...). */
const METRIC_SOUTH = new Set(['04', '05', '06', '11', '13', '2A', '2B', '30', '34', '66', '83', '84']);
/** "Nationale" is feminine and names a through road: Rue, Avenue or Route only. */
const NATIONALE_TYPES = new Set(['Rue', 'Avenue', 'Route']);
/** Overseas departments and collectivities of the tropics: no poplars, oaks or lime trees in their streets. */
const TROPICAL = new Set(['971', '972', '973', '974', '976', '977', '978']);
const TEMPERATE_NATURE = new Set(STREET_NATURE);
/** Names only a commune on the sea has: its beach, harbour, lighthouse, dunes. */
const COASTAL_NAMES = new Set([...STREET_COASTAL, 'de la Plage', 'du Port']);

const sizeClass = (population: number): number =>
  population < 2000 ? 0 : population < 5000 ? 1 : population < 20000 ? 2 : population < 100000 ? 3 : 4;
const isDense = (commune: RegisterEntry): boolean =>
  ['75', '92', '93', '94'].includes(commune.departement) || (commune.population >= 100000 && !METRIC_SOUTH.has(commune.departement));

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

/** What an edge-case name may add to a company's, never to an individual entrepreneur's (a person's name). */
const EDGE_BUSINESS =
  /&|\d|'|\u2019|\b(Société|Établissements|Compagnie|Cie|Co|Associés|Fils|Réunis|Union|Équipements|Fournitures|Travaux|Études)\b/i;

function companyViolations(record: FixtureRecord): string[] {
  const edge = record.edge_cases !== undefined;
  const company = record.company.normalize('NFC');
  if (record.diffusion === 'partial') return company === '[ND]' ? [] : ['a non-diffusible unit shows its name'];
  if (company === '[ND]') return ['a public unit hides its name'];
  const out: string[] = [];
  // The edge-case profile's bound holds in the form served and in NFC: 120 UTF-16 units (an NFD name counts its marks).
  if (company.length > 120 || record.company.length > 120) out.push('name longer than 120 UTF-16 units');
  if (edge) {
    // Capitals, "&", apostrophes and added phrases are the profile's point; a person's name must still be one.
    const words = company.split(' ');
    if (words.at(-1)?.toUpperCase() === 'EI' && (EDGE_BUSINESS.test(company) || words.length > 5))
      out.push("EI on a name that is not a person's");
    return out;
  }
  out.push(...grammarViolations(company));
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
  // A shop "de la Plage" or "du Port" is by the sea.
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  const place = / (de la Plage|du Port)( |$)/.exec(company);
  if (place && commune && !commune.coastal) out.push('a shop "de la Plage" or "du Port" inland');
  return out;
}

function streetViolations(record: FixtureRecord): string[] {
  const streetAddress = record.street_address.normalize('NFC');
  if (record.diffusion === 'partial') return streetAddress === '[ND]' ? [] : ['a non-diffusible unit shows its street'];
  if (record.edge_cases?.includes('lieu-dit')) return /^\d/.test(streetAddress) ? ['a lieu-dit with a number'] : [];
  const match = STREET.exec(streetAddress);
  if (!match) return ['street line not "<number> <type> <name>"'];
  const [, number, , type, name] = match as unknown as [string, string, string | undefined, string, string];
  const out = grammarViolations(name);
  const n = Number(number);
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  if (!commune) return [...out, 'not an official (city, postcode) pair'];
  const size = sizeClass(commune.population);
  const max = isDense(commune) && DENSE_ROAD_MAX[type] !== undefined ? (DENSE_ROAD_MAX[type] as number) : (MAX_NUMBER[type]?.[size] ?? 0);
  if (max === 0) out.push(`a ${type} in a commune too small for one`);
  else if (n < 1 || n > (record.edge_cases?.includes('street-number-over-1000') && max === 999 ? 4999 : max)) {
    out.push(`number too high for a ${type} in a commune of that size`);
  }
  if (name === 'Nationale' && !NATIONALE_TYPES.has(type)) out.push(`"${type} Nationale"`);
  if (/^de (La|L') /.test(name) || /^de L'/.test(name)) out.push('capital article after "de" ("Route de La Rochelle")');
  if ((type === 'Route' || type === 'Chemin') && record.city === 'Paris') out.push(`a ${type} in Paris`);
  // A street named after a town is never in that town ("Rue de Paris" in Paris).
  if (placeAfterDe(name) === record.city.normalize('NFC')) out.push('street named after its own town');
  if (type === 'Route') {
    const place = placeAfterDe(name);
    if (name !== 'Nationale' && !(place && isEpciNeighbour(commune, place))) out.push('route not leading to a commune of the same EPCI');
  }
  if (type === 'Chemin') {
    if (/^\p{Lu}/u.test(name)) out.push('chemin named after a person');
    // "Chemin du Moulin" names a mill; "Chemin de Bellegarde" names a place, which must be a neighbouring commune.
    const place = /^(de |d')(\p{Lu}.*)$/u.exec(name)?.[2];
    if (place && !isEpciNeighbour(commune, place)) out.push('chemin to a place that is not a commune of the same EPCI');
  }
  // "Route de la Falaise" may lead to the commune La Falaise: a neighbour's name is no seaside word.
  const neighbour =
    (type === 'Route' || type === 'Chemin') && placeAfterDe(name) !== undefined && isEpciNeighbour(commune, placeAfterDe(name) as string);
  if (COASTAL_NAMES.has(name) && !commune.coastal && !neighbour) out.push('a seaside street name inland');
  if (TROPICAL.has(commune.departement) && TEMPERATE_NATURE.has(name)) out.push('a temperate tree or bird in a tropical street');
  if (/^\p{Ll}/u.test(name) && !/^(du|des|de|d')[ '\p{L}]/u.test(name)) out.push('street name starts with a stray lower-case word');
  return out;
}

/** The rules one record breaks, as short descriptions; empty for a record a French reader would believe. */
export function checkRecord(record: CompanyRecord | FixtureRecord): string[] {
  const fixture = record as FixtureRecord;
  return [
    ...companyViolations(fixture),
    ...streetViolations(fixture),
    ...storyViolations(fixture),
    ...edgeProfileViolations(fixture),
    ...placeViolations(fixture),
  ];
}

/** Counts broken rules over many records, with one example record per rule. */
export function checkRecords(records: Iterable<CompanyRecord | FixtureRecord>): {
  total: number;
  records: number;
  broken: number;
  byRule: Map<string, { count: number; example: CompanyRecord }>;
} {
  const byRule = new Map<string, { count: number; example: CompanyRecord }>();
  let total = 0;
  let count = 0;
  let broken = 0;
  for (const record of records) {
    count++;
    const rules = checkRecord(record);
    if (rules.length > 0) broken++;
    for (const rule of rules) {
      total++;
      const entry = byRule.get(rule);
      if (entry) entry.count++;
      else byRule.set(rule, { count: 1, example: record });
    }
  }
  return { total, records: count, broken, byRule };
}

// The edge-case profile read as a clerk reads it: its added phrases keep to the owner and the place, its NFD case decomposes
// every text field, and roads numbered past 1,000 metres run through the countryside, not towns.

/** Partners, family or a merger: never in the name of a company of one owner. */
const PARTNER_WORDS = /(^|[\s&])(associés|fils|frères|cie|co|compagnie|réunis|union)(?=$|[\s,])/iu;
/** Words naming a region or a part of one, with the INSEE codes of the regions they belong to. */
// prettier-ignore
const REGION_WORDS: ReadonlyArray<readonly [word: string, regions: readonly string[]]> = [
  ['île-de-france', ['11']], ['centre-val de loire', ['24']], ['bourgogne', ['27']], ['franche-comté', ['27']],
  ['montbéliard', ['27']], ['normandie', ['28']], ['hauts-de-france', ['32']], ['grand est', ['44']],
  ['pays de la loire', ['52']], ['bretagne', ['53']], ['armor', ['53']], ['nouvelle-aquitaine', ['75']],
  ['sud-ouest', ['75', '76']], ['occitanie', ['76']], ['haute-garonne', ['76']], ['auvergne', ['84']], ['rhône-alpes', ['84']],
  ['provence', ['93']], ["côte d'azur", ['93']], ['corse', ['94']], ['guadeloupe', ['01']], ['martinique', ['02']],
  ['guyane', ['03']], ['réunion', ['04']], ['mayotte', ['06']],
];

function edgeProfileViolations(record: FixtureRecord): string[] {
  const cases = record.edge_cases;
  if (cases === undefined) return [];
  const out: string[] = [];
  const company = record.company.normalize('NFC');
  const form = company.split(' ').at(-1)?.toUpperCase();
  if ((form === 'SASU' || form === 'EURL') && PARTNER_WORDS.test(company))
    out.push(`partners or family in a single-owner form (${form}) in the edge-case profile`);
  const commune = communeOfPair(record.city.normalize('NFC'), record.postcode);
  const lower = company.toLowerCase().replace(/\u2019/g, "'");
  const regions = REGION_WORDS.filter(([word]) => new RegExp(`(^|[\\s'-])${word}(?=$|[\\s',-])`, 'u').test(lower));
  if (regions.some(([, codes]) => commune?.region === undefined || !codes.includes(commune.region)))
    out.push("a name naming a region that is not the establishment's");
  if (cases.includes('nfd')) {
    const texts = [record.company, record.street_address, record.city, record.address_line_2, record.naf_label, record.trade_name];
    if (texts.some((text) => typeof text === 'string' && text !== text.normalize('NFD')))
      out.push('a text field left in NFC in the NFD case');
  }
  const number = /^(\d+) /.exec(record.street_address)?.[1];
  if (number !== undefined && Number(number) > 1000 && commune !== undefined && commune.population >= 5000)
    out.push('a street number over 1,000 in a town of 5,000 inhabitants or more');
  return out;
}
