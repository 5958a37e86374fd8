import { describe, expect, it } from 'vitest';
import { drawCompany, drawCompanyName, drawnNameHash, nameTextHash } from './company.js';
import { TRADES } from '../data/names.js';
import { createRandom } from '../random/random.js';

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
        // "Cabinet Dentaire" is one trade, apart from "Cabinet" alone (an accountant's, a broker's).
        expect(company.trade).toBe(company.name.startsWith('Cabinet Dentaire ') ? 'Cabinet Dentaire' : first);
      }
      if (company.legalForm === 'EI' || company.legalForm === 'SCI') expect(company.trade).toBeUndefined();
    }
    expect(shops).toBeGreaterThan(300);
  });
});

describe('drawnNameHash', () => {
  it('is the hash of the name just drawn, for every pattern and legal form', () => {
    const random = createRandom(17);
    // The hash equality is what catches a pattern adding the wrong fixed text (each of them broken on purpose was caught);
    // these lists show that the loop reaches every fixed text and every legal form.
    const fixed = ['SCI ', ' et Fils', ' et ', '-', ' Frères', 'Groupe ', 'Établissements ', 'Pharmacie ', ' Avocats'];
    fixed.push('Cabinet Dentaire ', 'Clinique Vétérinaire ', ' Immobilier');
    const forms = [' EI', ' SASU', ' SAS', ' SARL', ' EURL', ' SELARL', ' SELAS', ' SNC', ' SA'];
    const seen = new Set<string>();
    // Asserted once, after the loop: an expect per name would cost more than drawing it.
    const mismatched: string[] = [];
    for (let i = 0; i < 50_000; i++) {
      const name = drawCompanyName(random);
      if (drawnNameHash() !== nameTextHash(name)) mismatched.push(name);
      for (const text of fixed) if (name.includes(text)) seen.add(text);
      for (const form of forms) if (!name.startsWith('SCI ') && name.endsWith(form)) seen.add(form);
    }
    expect(mismatched).toEqual([]);
    expect([...seen].sort()).toEqual([...fixed, ...forms].sort());
  });

  it('gives equal texts equal hashes however they were split into parts', () => {
    expect(nameTextHash('Petit et Roux SARL')).toBe(
      (nameTextHash('Petit') + nameTextHash(' et ') + nameTextHash('Roux') + nameTextHash(' SARL')) | 0,
    );
    expect(nameTextHash('Petit et Roux')).not.toBe(nameTextHash('Petit et Rouw'));
  });
});
