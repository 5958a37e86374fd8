import { describe, expect, it } from 'vitest';
import { isOrdinaryPostcode } from '../../../test/support/register.js';
import { drawAddressLines, fitLine, fitStreetLine, postalLines, postalLocality, postalText, routingLabel } from './address-lines.js';
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

  it("prints La Poste's routing label where it is not the commune's name, and the name elsewhere", () => {
    expect(routingLabel('60027', '60800', 'Auger-Saint-Vincent')).toBe('AUGER ST VINCENT');
    expect(routingLabel('78165', '78340', 'Les Clayes-sous-Bois')).toBe('LES CLAYES SOUS BOIS');
    expect(routingLabel('06029', '06150', 'Cannes')).toBe('CANNES LA BOCCA');
    expect(routingLabel('06029', '06400', 'Cannes')).toBe('CANNES');
  });

  it('abbreviates a street line over 38 characters as the norm does (type, then saints and titles) before cutting it', () => {
    expect(fitStreetLine('12 RUE DES LILAS')).toBe('12 RUE DES LILAS');
    expect(fitStreetLine('306 ROUTE DE SAINT CHRISTOPHE DE CHAULIEU')).toBe('306 RTE DE ST CHRISTOPHE DE CHAULIEU');
    expect(fitStreetLine('12 BIS AVENUE DU MARECHAL DE LATTRE DE TASSIGNY')).toBe('12 BIS AV DU MAL DE LATTRE DE TASSIGNY');
    expect(fitStreetLine('823 TER CHEMIN DE CHATEAUNEUF LES MARTIGUES')).toBe('823 TER CHE DE CHATEAUNEUF');
  });

  it('gives BP and CS boxes only to companies of towns of 10,000 or more, each with a CEDEX line on no ordinary postcode', () => {
    const town = {
      city: 'Manosque',
      postcode: '04100',
      inseeCode: '04112',
      sizeClass: 3,
      cedexTown: true,
      arrondissement: undefined,
      individual: false,
      property: false,
    };
    let boxes = 0;
    for (let seed = 0; seed < 2000; seed++) {
      const { addressLine2, cedex } = drawAddressLines(createRandom(seed), town, true);
      expect(addressLine2).not.toBeNull();
      if (cedex === null) continue;
      boxes++;
      expect(addressLine2).toMatch(/^(BP|CS) \d{5}$/);
      expect(cedex).toMatch(/^041\d[1-9] MANOSQUE CEDEX$/);
      expect(isOrdinaryPostcode(cedex.slice(0, 5))).toBe(false);
    }
    expect(boxes).toBeGreaterThan(500);
    for (let seed = 0; seed < 200; seed++) {
      expect(drawAddressLines(createRandom(seed), { ...town, individual: true }, true).cedex).toBeNull();
      expect(drawAddressLines(createRandom(seed), { ...town, cedexTown: false }, true).cedex).toBeNull();
      expect(drawAddressLines(createRandom(seed), { ...town, property: true }, true).addressLine2).not.toMatch(/^(BP|CS) /);
      expect(drawAddressLines(createRandom(seed), { ...town, sizeClass: 0 }, true)).toEqual({ addressLine2: null, cedex: null });
    }
  });

  it('numbers a CEDEX only in a city of 100,000 or more, by arrondissement and in its own range in Paris, Lyon and Marseille', () => {
    const city = {
      city: 'Reims',
      postcode: '51100',
      inseeCode: '51454',
      sizeClass: 4,
      cedexTown: true,
      individual: false,
      property: false,
    };
    const cedexes = (context: Parameters<typeof drawAddressLines>[1]): string[] =>
      Array.from({ length: 400 }, (_, seed) => drawAddressLines(createRandom(seed), context, true).cedex).filter((c) => c !== null);
    expect(cedexes({ ...city, arrondissement: undefined }).some((c) => / CEDEX \d$/.test(c))).toBe(true);
    for (const [postcode, arrondissement, inseeCode, line] of [
      ['75116', '16', '75116', /^75[3-9]\d[1-9] PARIS CEDEX 16$/],
      ['13003', '03', '13203', /^13[23]\d[1-9] MARSEILLE CEDEX 03$/],
      ['69007', '07', '69387', /^69[2-4]\d[1-9] LYON CEDEX 07$/],
    ] as const) {
      const name = line.source.includes('PARIS') ? 'Paris' : line.source.includes('LYON') ? 'Lyon' : 'Marseille';
      const found = cedexes({ ...city, city: name, postcode, inseeCode, arrondissement });
      expect(found.length).toBeGreaterThan(50);
      for (const cedex of found) expect(cedex).toMatch(line);
    }
    for (let seed = 0; seed < 200; seed++) {
      const { addressLine2 } = drawAddressLines(
        createRandom(seed),
        { ...city, city: 'Paris', postcode: '75011', inseeCode: '75111', arrondissement: '11' },
        true,
      );
      expect(addressLine2).not.toMatch(/^ZA |Zone industrielle|Parc d'activités/);
    }
  });

  it('writes the label: name, building line, street, box, then the locality or CEDEX line, each of at most 38 characters', () => {
    const record = { company: 'Boulangerie Lefèvre SARL', street_address: '12 Rue des Lilas', city: 'Manosque', postcode: '04100' };
    expect(postalLines(record, '04112')).toEqual(['BOULANGERIE LEFEVRE SARL', '12 RUE DES LILAS', '04100 MANOSQUE']);
    expect(postalLines({ ...record, address_line_2: 'Bâtiment B', cedex: null }, '04112')).toEqual([
      'BOULANGERIE LEFEVRE SARL',
      'BATIMENT B',
      '12 RUE DES LILAS',
      '04100 MANOSQUE',
    ]);
    expect(postalLines({ ...record, address_line_2: 'CS 30012', cedex: '04103 MANOSQUE CEDEX' }, '04112')).toEqual([
      'BOULANGERIE LEFEVRE SARL',
      '12 RUE DES LILAS',
      'CS 30012',
      '04103 MANOSQUE CEDEX',
    ]);
    expect(postalLines({ ...record, company: '[ND]', street_address: '[ND]' }, '04112')).toEqual(['04100 MANOSQUE']);
  });
});
