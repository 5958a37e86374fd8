import { createRequire } from 'node:module';

interface SourceCommune {
  code: string;
  nom: string;
  type: string;
  zone: string;
  commune?: string;
  codesPostaux?: string[];
  population?: number;
}

/** The official register's (name, postcode) pairs of current communes; arrondissements count under their city's name. */
export function loadOfficialPairs(): Set<string> {
  const require = createRequire(import.meta.url);
  const communes = require('@etalab/decoupage-administratif/data/communes.json') as SourceCommune[];
  const names = new Map(communes.filter((c) => c.type === 'commune-actuelle').map((c) => [c.code, c.nom]));
  const pairs = new Set<string>();
  for (const c of communes) {
    const name = c.type === 'commune-actuelle' ? c.nom : c.type === 'arrondissement-municipal' ? names.get(c.commune ?? '') : undefined;
    if (!name) continue;
    for (const postcode of c.codesPostaux ?? []) pairs.add(`${name}|${postcode}`);
  }
  return pairs;
}
