// The official commune register (@etalab/decoupage-administratif, Licence Ouverte 2.0) as the French reader checker reads it:
// what a (city, postcode) pair stands for, which communes share an intercommunality, every ordinary postcode. Read from the
// package's full files, not from the generator's sampled table, so the checks do not lean on what they check.
import { createRequire } from 'node:module';
import { COASTAL_COMMUNES } from '../../scripts/data/coastal-communes.mjs';
import type { RegisterCommune } from './geography.js';

interface Epci {
  code: string;
  membres: Array<{ code: string }>;
}

/** A commune behind a (city, postcode) pair: the one a record names. */
export interface RegisterEntry {
  /** The commune's INSEE code, or the arrondissement's for Paris, Lyon and Marseille. */
  readonly code: string;
  /** The whole commune's code (the city's for an arrondissement). */
  readonly communeCode: string;
  readonly departement: string;
  /** The INSEE code of the commune's region (undefined for the collectivities outside any region). */
  readonly region: string | undefined;
  /** The whole commune's population (a city split into arrondissements counts whole). */
  readonly population: number;
  readonly coastal: boolean;
  /** The commune's intercommunality (EPCI), undefined for none. */
  readonly epci: string | undefined;
}

interface Register {
  byPair: Map<string, RegisterEntry>;
  /** Names of the current communes of each EPCI, by département. */
  epciNames: Map<string, Set<string>>;
  /** Every postcode of a current commune or arrondissement. */
  postcodes: Set<string>;
}

let register: Register | undefined;

function load(): Register {
  if (register) return register;
  const require = createRequire(import.meta.url);
  const communes = require('@etalab/decoupage-administratif/data/communes.json') as RegisterCommune[];
  const epcis = require('@etalab/decoupage-administratif/data/epci.json') as Epci[];
  const epciOf = new Map<string, string>();
  for (const e of epcis) for (const m of e.membres) epciOf.set(m.code, e.code);
  const current = new Map(communes.filter((c) => c.type === 'commune-actuelle').map((c) => [c.code, c]));
  const coastal = new Set(COASTAL_COMMUNES);
  const byPair = new Map<string, RegisterEntry>();
  const postcodes = new Set<string>();
  const epciNames = new Map<string, Set<string>>();
  for (const c of current.values()) {
    const epci = epciOf.get(c.code);
    if (epci === undefined) continue;
    const key = `${epci}|${c.departement}`;
    if (!epciNames.has(key)) epciNames.set(key, new Set());
    epciNames.get(key)?.add(c.nom);
  }
  for (const c of communes) {
    const owner = c.type === 'commune-actuelle' ? c : c.type === 'arrondissement-municipal' ? current.get(c.commune ?? '') : undefined;
    if (!owner) continue;
    for (const postcode of c.codesPostaux ?? []) {
      postcodes.add(postcode);
      const key = `${owner.nom}|${postcode}`;
      const known = byPair.get(key);
      // An arrondissement names its own code; homonyms sharing a postcode are rare, the larger one is kept.
      if (
        known &&
        c.type !== 'arrondissement-municipal' &&
        (known.code !== known.communeCode || known.population >= (owner.population ?? 0))
      )
        continue;
      byPair.set(key, {
        code: c.code,
        communeCode: owner.code,
        departement: owner.departement as string,
        region: owner.region,
        population: owner.population ?? 0,
        coastal: coastal.has(`${owner.departement}:${owner.nom}`),
        epci: epciOf.get(owner.code),
      });
    }
  }
  register = { byPair, epciNames, postcodes };
  return register;
}

/** The commune a (city, postcode) pair names, or undefined for a pair the register does not have. */
export function communeOfPair(city: string, postcode: string): RegisterEntry | undefined {
  return load().byPair.get(`${city}|${postcode}`);
}

/** Whether `name` is a commune of the same intercommunality and département as `entry`'s. */
export function isEpciNeighbour(entry: RegisterEntry, name: string): boolean {
  return entry.epci !== undefined && (load().epciNames.get(`${entry.epci}|${entry.departement}`)?.has(name) ?? false);
}

/** Whether a postcode is the ordinary postcode of some commune (a CEDEX code must not be). */
export function isOrdinaryPostcode(postcode: string): boolean {
  return load().postcodes.has(postcode);
}
