import { describe, expect, it } from 'vitest';
import { drawCompany, drawCompanyName } from './company.js';
import { TRADES } from './data/names.js';
import { createRandom } from './random.js';

describe('drawCompany', () => {
  it('draws the same name as drawCompanyName, with the legal form that ends (or, for SCI, opens) it', () => {
    const a = createRandom(3);
    const b = createRandom(3);
    for (let i = 0; i < 2_000; i++) {
      const company = drawCompany(a);
      expect(company.name).toBe(drawCompanyName(b));
      expect(company.legalForm === 'SCI' ? company.name.startsWith('SCI ') : company.name.endsWith(` ${company.legalForm}`)).toBe(true);
    }
  });

  it('names the trade of shop names by their first word, and leaves EI and SCI without one', () => {
    const random = createRandom(9);
    const tradeWords = new Set(TRADES.map(([trade]) => trade));
    let shops = 0;
    for (let i = 0; i < 5_000; i++) {
      const company = drawCompany(random);
      const first = company.name.split(' ')[0] as string;
      if (tradeWords.has(first)) {
        shops++;
        expect(company.trade).toBe(first);
      }
      if (company.legalForm === 'EI' || company.legalForm === 'SCI') expect(company.trade).toBeUndefined();
    }
    expect(shops).toBeGreaterThan(300);
  });
});
