// The rules a record of the `negative` profile must keep: it is its unit's record (the same seed, index and fields in the
// default profile) with one case applied, the case fits the unit, and `valid` and `reason` are true of the record. Undone,
// the case leaves a record that must pass the French reader's rules like any other.
import { isDeepStrictEqual } from 'node:util';
import type { FixtureRecord, NegativeCase } from '../../src/core/fixtures/index.js';
import { checkRecord } from './french-reader.js';
import { communeOfPair } from './register.js';

/** What a correct check answers for each case. */
const VALID: Record<NegativeCase, boolean> = {
  'vat-wrong-key': false,
  'vat-spaces': true,
  'vat-lowercase': true,
  'naf-no-dot': true,
  'naf-lowercase': true,
  'postcode-city-mismatch': false,
  ceased: false,
  'non-diffusible': true,
};

/** The fields each case writes another way; everything else must be the unit's. */
const CHANGED: Record<NegativeCase, readonly (keyof FixtureRecord)[]> = {
  'vat-wrong-key': ['vat_number'],
  'vat-spaces': ['vat_number'],
  'vat-lowercase': ['vat_number'],
  'naf-no-dot': ['naf_code'],
  'naf-lowercase': ['naf_code'],
  'postcode-city-mismatch': ['postcode', 'postal_lines'],
  ceased: [],
  'non-diffusible': [],
};

const PROFILE_KEYS = new Set(['negative_case', 'valid', 'reason']);

/** What is wrong with the case's own field, for the fields it writes another way. */
function caseViolations(record: FixtureRecord, unit: FixtureRecord, kase: NegativeCase): string[] {
  const reason = record.reason ?? '';
  const vat = record.vat_number ?? '';
  const unitVat = unit.vat_number;
  const naf = record.naf_code ?? '';
  const unitNaf = unit.naf_code ?? '';
  switch (kase) {
    case 'vat-wrong-key':
    case 'vat-spaces':
    case 'vat-lowercase': {
      if (unitVat === undefined) return ['a VAT case on a unit without a VAT number (a micro-entrepreneur, an SCI letting homes)'];
      const out: string[] = [];
      if (kase === 'vat-wrong-key') {
        const [key, right] = [vat.slice(2, 4), unitVat.slice(2, 4)];
        if (!/^FR\d{11}$/.test(vat) || vat.slice(4) !== unitVat.slice(4) || key === right) out.push('vat-wrong-key without a wrong key');
        if (!reason.includes(key) || !reason.includes(right)) out.push('vat-wrong-key reason without both keys');
      } else {
        const undone = kase === 'vat-spaces' ? vat.replace(/ /g, '') : vat.toUpperCase();
        if (vat === unitVat || undone !== unitVat) out.push(`${kase} that is not the unit's number written another way`);
        if (!reason.includes(unitVat)) out.push(`${kase} reason without the number`);
      }
      return out;
    }
    case 'naf-no-dot':
    case 'naf-lowercase': {
      const expected = kase === 'naf-no-dot' ? unitNaf.replace('.', '') : unitNaf.toLowerCase();
      const out = naf === expected && naf !== unitNaf ? [] : [`${kase} that is not the unit's code written another way`];
      return reason.includes(unitNaf) ? out : [...out, `${kase} reason without the code`];
    }
    case 'postcode-city-mismatch': {
      const out: string[] = [];
      const city = record.city.normalize('NFC');
      if (communeOfPair(city, record.postcode) !== undefined) out.push('a postcode mismatch whose pair is official');
      // "postcode 60240 is Fay-les-Étangs's, not Saint-Urbain's (85230)"
      const said = /^postcode (\d{5}) is (.+)'s, not (.+)'s \((\d{5})\)$/.exec(reason);
      if (!said || said[1] !== record.postcode || said[3] !== city || said[4] !== unit.postcode) {
        out.push('a postcode mismatch whose reason does not name the record');
      } else if (communeOfPair(said[2] as string, record.postcode) === undefined) {
        out.push("a postcode mismatch whose postcode is not the named commune's");
      }
      if (typeof record.cedex === 'string') out.push('a postcode mismatch on a unit whose CEDEX line carries its own code');
      return out;
    }
    case 'ceased':
      if (record.status !== 'ceased') return ['a ceased case whose status is not ceased'];
      return reason.includes(record.ceased_on as string) ? [] : ['a ceased case whose reason does not give its date'];
    case 'non-diffusible':
      return record.diffusion === 'partial' ? [] : ['a non-diffusible case on a public unit'];
  }
}

/** The record with its case undone from its unit (the fields the case writes another way) and the profile's keys dropped. */
function undone(record: FixtureRecord, unit: FixtureRecord, kase: NegativeCase): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record)) if (!PROFILE_KEYS.has(key)) out[key] = value;
  for (const key of CHANGED[kase]) if (key in unit) out[key] = unit[key];
  return out;
}

/**
 * The rules a negative-profile record breaks, given its unit: the record of the same seed and index in the default profile
 * with the same fields and the profile's own (`NEGATIVE_PROFILE_FIELDS`).
 */
export function negativeViolations(record: FixtureRecord, unit: FixtureRecord): string[] {
  const kase = record.negative_case;
  if (kase === undefined || !(kase in VALID)) return ['no negative_case'];
  const out: string[] = [];
  if (record.valid !== VALID[kase]) out.push(`${kase} with valid: ${String(record.valid)}`);
  if (typeof record.reason !== 'string' || record.reason === '') out.push('no reason');
  // One case a record: every other is on an active unit, and all but the hidden name on a public one.
  if (kase !== 'ceased' && record.status !== 'active') out.push(`${kase} on a ceased unit`);
  if (kase !== 'ceased' && kase !== 'non-diffusible' && record.diffusion !== 'public') out.push(`${kase} on a non-diffusible unit`);
  out.push(...caseViolations(record, unit, kase));
  const rest = undone(record, unit, kase);
  if (!isDeepStrictEqual(rest, unit)) out.push(`${kase} changes more of its unit's record than the case`);
  out.push(...checkRecord(rest as unknown as FixtureRecord));
  return out;
}

/** Counts broken rules over a seed's negative records and their units, with one example record per rule. */
export function checkNegativeRecords(
  records: readonly FixtureRecord[],
  units: readonly FixtureRecord[],
): { total: number; rules: Record<string, string> } {
  const byRule = new Map<string, { count: number; example: FixtureRecord }>();
  let total = 0;
  records.forEach((record, i) => {
    for (const rule of negativeViolations(record, units[i] as FixtureRecord)) {
      total++;
      const entry = byRule.get(rule);
      if (entry) entry.count++;
      else byRule.set(rule, { count: 1, example: record });
    }
  });
  return {
    total,
    rules: Object.fromEntries([...byRule].map(([rule, { count, example }]) => [rule, `${count}x, e.g. ${JSON.stringify(example)}`])),
  };
}
