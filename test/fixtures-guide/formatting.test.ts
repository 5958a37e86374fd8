import { isSIREN } from 'siret';
import { expect, it } from 'vitest';
import { generateIdentifierFixtures } from '../../src/index.js';

const formatted = generateIdentifierFixtures(3100, { seed: 2 }).filter((f) => f.kind.startsWith('formatted-'));

it('refuses pasted SIRENs with spaces, no-break spaces, dots or dashes unless the form cleans them first', () => {
  const sirens = formatted.filter((f) => f.identifier === 'siren' && f.valid);
  // Raw input: the library sees "732 829 320", not a number.
  expect(sirens.some((f) => isSIREN(f.value))).toBe(false);
  // Cleaned the way the form does it: every separator a user can paste, U+00A0 and U+202F included.
  const clean = (value: string): string => value.replace(/[\s.\-\u00a0\u202f]/g, '');
  for (const f of formatted.filter((x) => x.identifier === 'siren')) expect(isSIREN(clean(f.value)), f.kind).toBe(f.valid);
});
