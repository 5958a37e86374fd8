import { describe, expect, it } from 'vitest';
import { isOrdinaryPostcode } from '../../../test/support/register.js';
import { drawAddressLines, fitLine, postalLines, postalLocality, postalText } from './address-lines.js';
import { createRandom } from '../random/random.js';

describe('French address lines', () => {
  it('writes postal text in upper case without accents, ligatures spelled out, apostrophes and hyphens as spaces', () => {
    expect(postalText("Bâtiment B, l'Haÿ-les-Roses & Cœur")).toBe('BATIMENT B L HAY LES ROSES & COEUR');
    expect(postalText('Lefèvre'.normalize('NFD'))).toBe('LEFEVRE');
  });

  it("abbreviates a locality over 32 characters (SAINT to ST) and cuts it at a word, as La Poste's label does", () => {
    expect(postalLocality('Saint-Étienne')).toBe('SAINT ETIENNE');
    expect(postalLocality('Saint-Remy-en-Bouzemont-Saint-Genest-et-Isson')).toBe('ST REMY EN BOUZEMONT ST GENEST');
    expect(postalLocality('Saint-Remy-en-Bouzemont-Saint-Genest-et-Isson').length).toBeLessThanOrEqual(32);
    expect(fitLine('BOULANGERIE LEFEVRE ET FILS DU CENTRE VILLE SARL', 38)).toBe('BOULANGERIE LEFEVRE ET FILS DU CENTRE');
  });

  it('gives BP and CS boxes only to companies of towns of 10,000 or more, each with a CEDEX line on no ordinary postcode', () => {
    const town = { city: 'Manosque', postcode: '04100', sizeClass: 3, cedexTown: true, arrondissement: undefined, individual: false };
    let boxes = 0;
    for (let seed = 0; seed < 2000; seed++) {
      const { addressLine2, cedex } = drawAddressLines(createRandom(seed), town, true);
      expect(addressLine2).not.toBeNull();
      if (cedex === null) continue;
      boxes++;
      expect(addressLine2).toMatch(/^(BP|CS) \d{5}$/);
      expect(cedex).toMatch(/^041\d[1-9] MANOSQUE CEDEX( \d)?$/);
      expect(isOrdinaryPostcode(cedex.slice(0, 5))).toBe(false);
    }
    expect(boxes).toBeGreaterThan(500);
    for (let seed = 0; seed < 200; seed++) {
      expect(drawAddressLines(createRandom(seed), { ...town, individual: true }, true).cedex).toBeNull();
      expect(drawAddressLines(createRandom(seed), { ...town, cedexTown: false }, true).cedex).toBeNull();
      expect(drawAddressLines(createRandom(seed), { ...town, sizeClass: 0 }, true)).toEqual({ addressLine2: null, cedex: null });
    }
    const paris = drawAddressLines(
      createRandom(3),
      { ...town, city: 'Paris', postcode: '75011', sizeClass: 4, arrondissement: '11' },
      true,
    );
    if (paris.cedex !== null) expect(paris.cedex).toMatch(/^75[3-9]\d[1-9] PARIS CEDEX 11$/);
  });

  it('writes the label: name, building line, street, box, then the locality or CEDEX line, each of at most 38 characters', () => {
    const record = { company: 'Boulangerie Lefèvre SARL', street_address: '12 Rue des Lilas', city: 'Manosque', postcode: '04100' };
    expect(postalLines(record)).toEqual(['BOULANGERIE LEFEVRE SARL', '12 RUE DES LILAS', '04100 MANOSQUE']);
    expect(postalLines({ ...record, address_line_2: 'Bâtiment B', cedex: null })).toEqual([
      'BOULANGERIE LEFEVRE SARL',
      'BATIMENT B',
      '12 RUE DES LILAS',
      '04100 MANOSQUE',
    ]);
    expect(postalLines({ ...record, address_line_2: 'CS 30012', cedex: '04103 MANOSQUE CEDEX' })).toEqual([
      'BOULANGERIE LEFEVRE SARL',
      '12 RUE DES LILAS',
      'CS 30012',
      '04103 MANOSQUE CEDEX',
    ]);
    expect(postalLines({ ...record, company: '[ND]', street_address: '[ND]' })).toEqual(['04100 MANOSQUE']);
  });
});
