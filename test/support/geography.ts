import { createRequire } from 'node:module';
import type { CompanyRecord } from '../../src/core/company/index.js';

/** A commune of @etalab/decoupage-administratif's communes.json, the fields the test helpers read. */
export interface RegisterCommune {
  code: string;
  nom: string;
  type: string;
  zone: string;
  departement?: string;
  region?: string;
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}

interface Geography {
  /** Each département's share of the register's population (current communes of France, the DROM and 975, 977, 978). */
  populationShare: Map<string, number>;
  /** The commune behind a (city, postcode) pair: its département and population (a split city counts whole). */
  communeOf: Map<string, { departement: string; population: number }>;
}

let geography: Geography | undefined;

/** The official register, read from @etalab/decoupage-administratif, as the shares the generator must follow. */
export function loadGeography(): Geography {
  if (geography) return geography;
  const require = createRequire(import.meta.url);
  const register = require('@etalab/decoupage-administratif/data/communes.json') as RegisterCommune[];
  // Metropolitan France, the overseas departments and the three collectivities SIRENE covers (975, 977, 978).
  const current = register.filter(
    (c) =>
      c.type === 'commune-actuelle' &&
      (c.zone !== 'com' || ['975', '977', '978'].includes(c.departement as string)) &&
      (c.population ?? 0) > 0 &&
      c.codesPostaux?.length,
  );
  const byCode = new Map(current.map((c) => [c.code, c]));
  const total = current.reduce((sum, c) => sum + (c.population ?? 0), 0);
  const populationShare = new Map<string, number>();
  const communeOf = new Map<string, { departement: string; population: number }>();
  for (const c of current) {
    populationShare.set(c.departement as string, (populationShare.get(c.departement as string) ?? 0) + (c.population ?? 0) / total);
  }
  for (const c of register) {
    const owner =
      c.type === 'commune-actuelle' ? byCode.get(c.code) : c.type === 'arrondissement-municipal' ? byCode.get(c.commune ?? '') : undefined;
    if (!owner) continue;
    for (const postcode of c.codesPostaux ?? []) {
      const key = `${owner.nom}|${postcode}`;
      // Homonyms sharing a postcode are rare; keep the larger, which the table would have kept.
      const known = communeOf.get(key);
      if (!known || known.population < (owner.population ?? 0))
        communeOf.set(key, { departement: owner.departement as string, population: owner.population ?? 0 });
    }
  }
  geography = { populationShare, communeOf };
  return geography;
}

/** Total variation distance between two distributions over the same keys (half the sum of absolute differences). */
export function totalVariation(a: ReadonlyMap<string, number>, b: ReadonlyMap<string, number>): number {
  let sum = 0;
  for (const key of new Set([...a.keys(), ...b.keys()])) sum += Math.abs((a.get(key) ?? 0) - (b.get(key) ?? 0));
  return sum / 2;
}

/** Département shares and the share of communes under 2,000 inhabitants among records. */
export function recordGeography(records: readonly CompanyRecord[]): { departementShare: Map<string, number>; smallCommuneShare: number } {
  const { communeOf } = loadGeography();
  const departementShare = new Map<string, number>();
  let small = 0;
  for (const r of records) {
    const commune = communeOf.get(`${r.city}|${r.postcode}`);
    if (!commune) throw new Error(`not an official pair: ${r.city} ${r.postcode}`);
    departementShare.set(commune.departement, (departementShare.get(commune.departement) ?? 0) + 1 / records.length);
    if (commune.population < 2000) small++;
  }
  return { departementShare, smallCommuneShare: small / records.length };
}
