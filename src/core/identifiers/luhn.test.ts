import { describe, expect, it } from 'vitest';
import { isLuhnValid, luhnCheckDigit } from './luhn.js';

describe('Luhn', () => {
  it('accepts numbers whose doubled-digit sum is a multiple of 10', () => {
    expect(isLuhnValid('79927398713')).toBe(true);
    expect(isLuhnValid('732829320')).toBe(true);
  });

  it('rejects a number with one digit changed', () => {
    expect(isLuhnValid('79927398710')).toBe(false);
    expect(isLuhnValid('732829321')).toBe(false);
  });

  it('rejects empty and non-digit input', () => {
    expect(isLuhnValid('')).toBe(false);
    expect(isLuhnValid('7328 29320')).toBe(false);
    expect(isLuhnValid('abc')).toBe(false);
  });

  it('computes the check digit that makes the number valid', () => {
    expect(luhnCheckDigit('7992739871')).toBe(3);
    expect(luhnCheckDigit('73282932')).toBe(0);
    for (const body of ['1', '30000000', '9999999999999', '3560000000004']) {
      expect(isLuhnValid(body + luhnCheckDigit(body))).toBe(true);
    }
  });
});
