import { describe, expect, it } from 'vitest';
import { formatSiren, isValidSiren } from './siren.js';
import { formatSiret, isValidSiret } from './siret.js';

describe('isValidSiren', () => {
  it('accepts a Luhn-valid SIREN with or without spaces', () => {
    expect(isValidSiren('732829320')).toBe(true);
    expect(isValidSiren('732 829 320')).toBe(true);
  });

  it('rejects a wrong check digit, a wrong length and letters', () => {
    expect(isValidSiren('732829321')).toBe(false);
    expect(isValidSiren('73282932')).toBe(false);
    expect(isValidSiren('7328293200')).toBe(false);
    expect(isValidSiren('73282932A')).toBe(false);
  });
});

describe('isValidSiret', () => {
  it('accepts a Luhn-valid SIRET whose SIREN is valid, whatever separators stand between its groups', () => {
    expect(isValidSiret('73282932000074')).toBe(true);
    for (const separator of [' ', '\u00a0', '\u202f', '.', '-'])
      expect(isValidSiret(['732', '829', '320', '00074'].join(separator))).toBe(true);
    expect(isValidSiret('732/829/320/00074')).toBe(false);
  });

  it('rejects a SIRET with a wrong check digit or length', () => {
    expect(isValidSiret('73282932000075')).toBe(false);
    expect(isValidSiret('7328293200007')).toBe(false);
    expect(isValidSiret('')).toBe(false);
  });

  it('applies the La Poste digit-sum rule to La Poste establishments', () => {
    expect(isValidSiret('35600000049837')).toBe(true);
    expect(isValidSiret('35600000049838')).toBe(false);
    expect(isValidSiret('356 000 000 49837')).toBe(true);
  });

  it('checks La Poste head office 35600000000048 with Luhn', () => {
    expect(isValidSiret('35600000000048')).toBe(true);
  });
});

describe('formatting', () => {
  it('groups SIREN and SIRET digits as the API does', () => {
    expect(formatSiren('732829320')).toBe('732 829 320');
    expect(formatSiret('73282932000074')).toBe('732 829 320 00074');
    expect(formatSiret('732 829 320 00074')).toBe('732 829 320 00074');
  });

  it('refuses to format something that is not a number of the right length', () => {
    expect(() => formatSiren('12345')).toThrow(RangeError);
    expect(() => formatSiret('1234567890123x')).toThrow(RangeError);
  });
});
