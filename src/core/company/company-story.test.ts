import { describe, expect, it } from 'vitest';
import {
  creationYear,
  decimalYear,
  drawFormOf,
  drawSirenPrefix,
  isoDateOf,
  LEGAL_FORMS,
  prefixPeriod,
  REGISTER_OPENED,
} from './company-story.js';
import { createRandom } from '../random/random.js';

describe('the company story', () => {
  it('dates every SIREN prefix from 30 to 99: the register-old ones before 1974, the others in sequence up to 2025', () => {
    let previousEnd = 1974;
    const order = [...Array.from({ length: 24 }, (_, i) => 30 + i), 75, 76, ...Array.from({ length: 21 }, (_, i) => 79 + i)];
    for (const prefix of order) {
      const [from, to] = prefixPeriod(prefix) as [number, number];
      expect(from, String(prefix)).toBeCloseTo(previousEnd, 6);
      expect(to).toBeGreaterThan(from);
      previousEnd = to;
    }
    expect(previousEnd).toBe(2026);
    for (const prefix of [54, 60, 74, 77, 78]) expect(prefixPeriod(prefix)?.[1]).toBe(REGISTER_OPENED);
    expect(prefixPeriod(29)).toBeUndefined();
  });

  it('never draws a form for a prefix whose era ended before the law of the form', () => {
    const random = createRandom(8);
    for (let prefix = 30; prefix <= 99; prefix++) {
      const end = (prefixPeriod(prefix) as [number, number])[1];
      for (let i = 0; i < 300; i++) {
        const form = LEGAL_FORMS[drawFormOf(random, prefix)] as (typeof LEGAL_FORMS)[number];
        expect(end, `${form.form} in prefix ${prefix}`).toBeGreaterThan(decimalYear(form.from));
      }
    }
  });

  it('dates a unit within its prefix, growing with the number, never before its form law', () => {
    const sas = LEGAL_FORMS.findIndex((f) => f.form === 'SAS');
    // Prefix 39 runs from 1992.5 to 1995: an SAS there dates from the law of 3 January 1994 on.
    expect(creationYear(sas, 39_000_000)).toBeGreaterThanOrEqual(decimalYear('1994-01-03'));
    const years = [0, 250_000, 500_000, 999_999].map((n) => creationYear(sas, 82_000_000 + n));
    expect([...years].sort((a, b) => a - b)).toEqual(years);
    for (let spread = -0.5; spread <= 0.5; spread += 0.1) {
      const year = creationYear(sas, 82_000_000, spread);
      expect(year).toBeGreaterThanOrEqual(2016);
      expect(year).toBeLessThan(2018);
    }
    expect(isoDateOf(decimalYear('2016-03-01'))).toBe('2016-03-01');
    // Every day of the years the records span reads back as itself (1992-08-28, a SEL decree's day, once read as the 27th).
    for (let time = Date.UTC(1900, 0, 1); time < Date.UTC(2026, 0, 1); time += 86_400_000) {
      const day = new Date(time).toISOString().slice(0, 10);
      if (isoDateOf(decimalYear(day)) !== day) expect(isoDateOf(decimalYear(day))).toBe(day);
    }
  });

  it('draws legal forms by their share of active units, through the prefix first', () => {
    const random = createRandom(4);
    const counts = new Map<string, number>();
    for (let i = 0; i < 20_000; i++) {
      const form = LEGAL_FORMS[drawFormOf(random, drawSirenPrefix(random))];
      const key = `${form?.form}${form?.micro ? ' micro' : ''}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
    }
    expect((counts.get('EI micro') ?? 0) / 20_000).toBeCloseTo(0.32, 1);
    expect((counts.get('SARL') ?? 0) / 20_000).toBeCloseTo(0.17, 1);
  });
});
