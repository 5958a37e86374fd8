import { NAF_TABLE } from './data/naf-codes.js';
import type { RandomSource } from './random.js';
import { createWeightedTable, type WeightedTable } from './weighted.js';

/** One NAF rév. 2 sub-class: the activity code of a French company (APE code) and its official label. */
export interface NafCode {
  /** `^\d{2}\.\d{2}[A-Z]$`, e.g. `10.71C`. */
  readonly code: string;
  readonly label: string;
}

let nafCodes: ReadonlyMap<string, string> | undefined;

/** The 732 sub-classes of NAF rév. 2 (INSEE), code to label, parsed once. */
export function loadNafCodes(): ReadonlyMap<string, string> {
  nafCodes ??= new Map(NAF_TABLE.split('\n').map((line) => line.split(';', 2) as [string, string]));
  return nafCodes;
}

// Words of a company name that say its trade, with the codes such a business registers under (weights, not shares).
// Matched on the name without accents and case, as whole words, first match wins.
// prettier-ignore
const KEYWORD_CODES: ReadonlyArray<readonly [keyword: string, codes: ReadonlyArray<readonly [string, number]>]> = [
  ['boulangerie-patisserie', [['10.71C', 1]]],
  ['boucherie-charcuterie', [['47.22Z', 1]]],
  ['boulangerie', [['10.71C', 9], ['10.71D', 1]]],
  ['patisserie', [['10.71D', 3], ['10.71C', 1]]],
  ['boucherie', [['47.22Z', 1]]],
  ['charcuterie', [['47.22Z', 2], ['10.13B', 1]]],
  ['fromagerie', [['47.29Z', 1]]],
  ['epicerie', [['47.11B', 3], ['47.29Z', 1]]],
  ['cave', [['47.25Z', 1]]],
  ['poissonnerie', [['47.23Z', 1]]],
  ['traiteur', [['56.21Z', 1]]],
  ['garage', [['45.20A', 5], ['45.11Z', 1]]],
  ['carrosserie', [['45.20A', 1]]],
  ['automobiles', [['45.11Z', 1], ['45.20A', 1]]],
  ['auto-ecole', [['85.53Z', 1]]],
  ['pharmacie', [['47.73Z', 1]]],
  ['cabinet dentaire', [['86.23Z', 1]]],
  ['clinique veterinaire', [['75.00Z', 1]]],
  ['avocats', [['69.10Z', 1]]],
  ['optique', [['47.78A', 1]]],
  ['menuiserie', [['43.32A', 3], ['16.23Z', 1]]],
  ['serrurerie', [['43.32B', 1]]],
  ['plomberie', [['43.22A', 1]]],
  ['chauffage', [['43.22B', 1]]],
  ['electricite', [['43.21A', 1]]],
  ['maconnerie', [['43.99C', 1]]],
  ['couverture', [['43.91B', 1]]],
  ['charpente', [['43.91A', 1]]],
  ['agencement', [['43.32C', 1]]],
  ['construction', [['41.20A', 1], ['41.20B', 1]]],
  ['toiture', [['43.91B', 1]]],
  ['peinture', [['43.34Z', 1]]],
  ['carrelage', [['43.33Z', 1]]],
  ['terrassement', [['43.12A', 1]]],
  ['paysages', [['81.30Z', 1]]],
  ['paysage', [['81.30Z', 1]]],
  ['nettoyage', [['81.21Z', 1]]],
  ['securite', [['80.10Z', 1]]],
  ['environnement', [['38.11Z', 1], ['71.12B', 1]]],
  ['transports', [['49.41A', 3], ['49.41B', 2]]],
  ['taxi', [['49.32Z', 1]]],
  ['taxis', [['49.32Z', 1]]],
  ['ambulances', [['86.90A', 1]]],
  ['imprimerie', [['18.12Z', 1]]],
  ['librairie', [['47.61Z', 1]]],
  ['fleurs', [['47.76Z', 1]]],
  ['coiffure', [['96.02A', 1]]],
  ['pressing', [['96.01B', 1]]],
  ['restaurant', [['56.10A', 1]]],
  ['brasserie', [['56.10A', 3], ['56.30Z', 1], ['11.05Z', 1]]],
  ['cafe', [['56.30Z', 1]]],
  ['bar', [['56.30Z', 1]]],
  ['tabac', [['47.26Z', 1]]],
  ['creperie', [['56.10A', 1]]],
  ['pizzeria', [['56.10A', 2], ['56.10C', 1]]],
  ['quincaillerie', [['47.52A', 1]]],
  ['cordonnerie', [['95.23Z', 1]]],
  ['institut', [['96.02B', 1]]],
  ['hotel', [['55.10Z', 1]]],
  ['immobilier', [['68.31Z', 3], ['68.10Z', 1]]],
  ['cabinet', [['69.20Z', 2], ['66.22Z', 1], ['70.22Z', 1], ['68.31Z', 1]]],
  ['atelier', [['25.62B', 1], ['90.03A', 1], ['33.12Z', 1]]],
  ['conseil', [['70.22Z', 1]]],
  ['consulting', [['70.22Z', 1]]],
  ['developpement', [['70.22Z', 1]]],
  ['gestion', [['70.22Z', 1], ['68.32A', 1]]],
  ['formation', [['85.59A', 1]]],
  ['communication', [['73.11Z', 1], ['70.21Z', 1]]],
  ['design', [['74.10Z', 1]]],
  ['etudes', [['71.12B', 1]]],
  ['expertise', [['69.20Z', 1], ['71.12B', 1]]],
  ['ingenierie', [['71.12B', 1]]],
  ['informatique', [['62.01Z', 1], ['62.02A', 1]]],
  ['logistique', [['52.29A', 1], ['52.10B', 1]]],
  ['distribution', [['46.90Z', 1]]],
  ['negoce', [['46.90Z', 1]]],
  ['batiment', [['41.20A', 1], ['43.99C', 1]]],
  ['renovation', [['43.39Z', 1], ['41.20A', 1]]],
  ['habitat', [['41.20A', 1]]],
  ['energies', [['43.21A', 1], ['35.11Z', 1]]],
  ['industrie', [['25.62B', 1], ['28.99B', 1]]],
  ['patrimoine', [['66.19B', 1], ['70.22Z', 1]]],
  ['invest', [['64.20Z', 1]]],
  ['investissements', [['64.20Z', 1]]],
  ['participations', [['64.20Z', 1]]],
  ['finances', [['66.19B', 1], ['64.20Z', 1]]],
  ['groupe', [['64.20Z', 1], ['70.10Z', 1]]],
  ['holding', [['64.20Z', 1]]],
];

// Units whose name says no trade draw from their form's usual activities, weights roughly after the sectors INSEE counts
// for each kind of unit (micro-entrepreneurs: delivery, personal services, consulting, building trades, online selling;
// companies: consulting, holdings, property, building, restaurants...). Rough orders of magnitude, our estimates. Every
// pool keeps to what the form may do: no holding or hospital for a person, nothing but letting for a property company.
// prettier-ignore
const INDIVIDUAL_CODES: ReadonlyArray<readonly [string, number]> = [
  ['53.20Z', 8], ['49.32Z', 5], ['49.41B', 2], ['74.90B', 6], ['70.22Z', 6], ['62.01Z', 3], ['62.02A', 2], ['73.11Z', 2],
  ['74.10Z', 3], ['74.20Z', 2], ['47.91B', 5], ['47.91A', 1], ['47.89Z', 2], ['47.82Z', 1], ['43.21A', 2], ['43.22A', 2],
  ['43.31Z', 1], ['43.32A', 2], ['43.34Z', 3], ['43.99C', 2], ['43.39Z', 2], ['81.21Z', 3], ['81.22Z', 1], ['81.30Z', 3],
  ['96.02A', 3], ['96.02B', 3], ['96.04Z', 1], ['96.09Z', 3], ['85.59A', 2], ['85.59B', 3], ['85.51Z', 3], ['85.52Z', 2],
  ['86.90D', 2], ['86.90E', 2], ['86.90F', 2], ['90.01Z', 1], ['90.02Z', 1], ['90.03A', 2], ['90.03B', 1], ['56.10C', 2],
  ['95.11Z', 1], ['95.29Z', 1], ['14.13Z', 1], ['32.12Z', 1], ['93.19Z', 1], ['93.29Z', 1], ['82.99Z', 2], ['77.39Z', 1],
  ['68.31Z', 2], ['66.22Z', 1], ['71.12B', 1], ['71.11Z', 1], ['59.11B', 1], ['63.12Z', 1], ['10.71C', 0.5], ['45.20A', 1],
  ['96.01B', 0.3], ['95.23Z', 0.3],
];
/** Activities of a classic individual entrepreneur that the micro-entrepreneur regime excludes (farming, doctors, lawyers...). */
// prettier-ignore
const CLASSIC_ONLY_CODES: ReadonlyArray<readonly [string, number]> = [
  ['86.21Z', 4], ['86.22C', 2], ['86.23Z', 1], ['69.10Z', 1], ['69.20Z', 1], ['75.00Z', 0.5], ['68.20A', 3], ['68.20B', 1],
  ['01.11Z', 2], ['01.21Z', 1], ['47.11B', 1], ['56.30Z', 1], ['47.26Z', 1], ['56.10A', 2], ['68.10Z', 0.5],
];
// prettier-ignore
const COMPANY_CODES: ReadonlyArray<readonly [string, number]> = [
  ['70.22Z', 25], ['64.20Z', 15], ['68.10Z', 5], ['68.31Z', 5], ['68.32A', 2], ['62.01Z', 6], ['62.02A', 5], ['43.99C', 6],
  ['43.21A', 4], ['43.22A', 4], ['41.20A', 4], ['41.10A', 2], ['56.10A', 6], ['56.10C', 3], ['56.30Z', 2], ['47.91B', 4],
  ['47.11B', 2], ['46.90Z', 3], ['46.19B', 2], ['45.11Z', 2], ['45.20A', 2], ['49.41A', 3], ['49.32Z', 2], ['52.29A', 1],
  ['73.11Z', 3], ['74.90B', 3], ['71.12B', 3], ['69.20Z', 2], ['82.99Z', 2], ['85.59A', 3], ['81.21Z', 2], ['96.02A', 2],
  ['55.10Z', 1], ['86.90A', 1], ['88.91A', 0.5], ['10.71C', 1], ['25.62B', 1], ['28.99B', 0.5], ['33.12Z', 0.5], ['77.11A', 1],
  ['79.11Z', 0.5], ['93.13Z', 0.5], ['58.29C', 0.5], ['63.12Z', 0.5], ['66.19B', 1], ['66.22Z', 1], ['70.10Z', 2],
];
// prettier-ignore
const LARGE_COMPANY_CODES: ReadonlyArray<readonly [string, number]> = [
  ...COMPANY_CODES, ['70.10Z', 10], ['46.69B', 2], ['35.11Z', 1], ['20.14Z', 0.3], ['29.32Z', 0.5], ['10.51A', 0.5],
  ['11.02B', 0.5], ['65.12Z', 0.5], ['64.19Z', 0.3],
];
// prettier-ignore
const PARTNERSHIP_CODES: ReadonlyArray<readonly [string, number]> = [
  ['47.26Z', 30], ['41.10A', 15], ['68.20B', 10], ['68.10Z', 5], ['55.10Z', 5], ['56.30Z', 10], ['47.11B', 5], ['70.22Z', 5],
  ['47.62Z', 5],
];
const PROPERTY_CODES: ReadonlyArray<readonly [string, number]> = [
  ['68.20B', 4],
  ['68.20A', 2],
];

/** The activity pools, by what a legal form may do. */
export type NafPool = 'micro' | 'individual' | 'company' | 'large' | 'partnership' | 'property';
const POOLS: Record<NafPool, ReadonlyArray<readonly [string, number]>> = {
  micro: INDIVIDUAL_CODES,
  individual: [...INDIVIDUAL_CODES, ...CLASSIC_ONLY_CODES],
  company: COMPANY_CODES,
  large: LARGE_COMPANY_CODES,
  partnership: PARTNERSHIP_CODES,
  property: PROPERTY_CODES,
};

const normalize = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();

let keywordTables: ReadonlyMap<string, WeightedTable<string>> | undefined;
const poolTables = new Map<NafPool, WeightedTable<string>>();

/**
 * Draws the NAF code of a unit from its story: the trade or activity word of its name ("Boulangerie", "Conseil") gives
 * that trade's codes; a name without one draws from its form's pool. A property company always lets property, whatever
 * its name says ("SCI Martin Immobilier" lets, it is no estate agent).
 * @example drawNafFor(random, 'company', 'Boulangerie') // { code: '10.71C', label: 'Boulangerie et boulangerie-pâtisserie' }
 */
export function drawNafFor(random: RandomSource, pool: NafPool, trade: string | undefined): NafCode {
  const labels = loadNafCodes();
  keywordTables ??= new Map(KEYWORD_CODES.map(([word, codes]) => [word, createWeightedTable(codes)] as const));
  const byTrade = pool === 'property' || trade === undefined ? undefined : keywordTables.get(normalize(trade));
  let table = byTrade;
  if (table === undefined) {
    table = poolTables.get(pool);
    if (table === undefined) poolTables.set(pool, (table = createWeightedTable(POOLS[pool])));
  }
  const code = table.draw(random);
  return { code, label: labels.get(code) as string };
}

/** The codes a trade word in a name leads to (for tests and docs): `undefined` when the name has none. */
export function nafCodesForName(companyName: string): readonly string[] | undefined {
  const name = normalize(companyName);
  const found = KEYWORD_CODES.find(([word]) => new RegExp(`(^|[^a-z0-9-])${word}($|[^a-z0-9-])`).test(name));
  return found?.[1].map(([code]) => code);
}

/** Every code the keyword tables and pools name (each must exist in NAF rév. 2; the tests check it). */
export const NAF_CODES_NAMED: readonly string[] = [
  ...new Set([
    ...KEYWORD_CODES.flatMap(([, codes]) => codes.map(([c]) => c)),
    ...Object.values(POOLS).flatMap((pool) => pool.map(([c]) => c)),
  ]),
];
