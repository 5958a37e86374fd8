import { isSIREN, isSIRET } from 'siret';
import { describe, expect, it } from 'vitest';
import { generateIdentifierFixtures, stripSeparators } from '../../src/index.js';

// The form's validator: the `siret` package from npm, after removing what people type between digit groups.
function isSiretField(value: string): boolean {
  return isSIRET(stripSeparators(value));
}

// 3,100 fixtures: 100 rounds of every kind, the same on every run.
const fixtures = generateIdentifierFixtures(3100, { seed: 1 });
const sirets = fixtures.filter((f) => f.identifier === 'siret');

describe('the SIRET field, fed identifier fixtures', () => {
  it('answers like the fixtures for valid numbers, typos, lengths, letters and formatting', () => {
    const plain = sirets.filter((f) => !f.kind.startsWith('la-poste') && f.kind !== 'luhn-valid-implausible');
    for (const f of plain) expect(isSiretField(f.value), `${f.kind} ${f.value}`).toBe(f.valid);
  });

  it('shows what a Luhn-only validator gets wrong: La Poste, and a SIREN part that fails', () => {
    const wrong = sirets.filter((f) => isSiretField(f.value) !== f.valid);
    // La Poste SIRETs valid by their digit sum are refused, Luhn-valid ones that fail it are accepted...
    expect(new Set(wrong.map((f) => f.kind))).toEqual(
      new Set(['la-poste-digit-sum', 'la-poste-digit-sum-failure', 'luhn-valid-implausible']),
    );
    // ...and 11122233344455 passes Luhn as a whole although its SIREN, 111222333, does not.
    expect(isSiretField('11122233344455')).toBe(true);
  });
});

// The fix: check the SIREN part too, and La Poste's establishments by their digit sum.
function isSiretFieldFixed(value: string): boolean {
  const digits = stripSeparators(value);
  if (/^356000000\d{5}$/.test(digits) && digits !== '35600000000048') {
    return [...digits].reduce((sum, d) => sum + Number(d), 0) % 5 === 0;
  }
  return isSIRET(digits) && isSIREN(digits.slice(0, 9));
}

it('agrees with every SIRET fixture once fixed', () => {
  for (const f of sirets) expect(isSiretFieldFixed(f.value), `${f.kind} ${f.value}`).toBe(f.valid);
});
