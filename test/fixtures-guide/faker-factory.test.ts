import { faker } from '@faker-js/faker';
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { isSIREN, isSIRET } from 'siret';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createSiretMockFaker } from '../../src/faker/index.js';

interface Company {
  siren: string;
  siret: string;
  vatNumber: string;
  name: string;
  street: string;
  postcode: string;
  city: string;
}

// An orval- or msw-auto-mock-style factory: faker for the schema, siret-mock/faker for the French company fields.
const company = createSiretMockFaker(faker);

const getCompanyMock = (overrides: Partial<Company> = {}): Company => {
  const siren = company.siren({ spaces: false });
  const address = company.address();
  return {
    siren,
    siret: company.siret({ siren, spaces: false }),
    vatNumber: company.vatNumber(siren),
    name: company.companyName(),
    street: address.street_address,
    postcode: address.postcode,
    city: address.city,
    ...overrides,
  };
};

const getCompanyMockHandler = () => http.get('*/api/companies/:siret', () => HttpResponse.json(getCompanyMock()));

const server = setupServer(getCompanyMockHandler());
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

it('serves companies that the validator accepts, with a VAT number on the same SIREN', async () => {
  for (let i = 0; i < 20; i++) {
    const body = (await (await fetch('https://app.example/api/companies/any')).json()) as Company;
    expect(isSIRET(body.siret) && isSIREN(body.siren)).toBe(true);
    expect(body.siret.startsWith(body.siren)).toBe(true);
    expect(body.vatNumber).toMatch(new RegExp(`^FR\\d{2}${body.siren}$`));
  }
});

it('replays the same companies after faker.seed(), as the rest of the factory does', () => {
  faker.seed(2024);
  const first = [getCompanyMock(), getCompanyMock(), faker.person.firstName()];
  faker.seed(2024);
  expect([getCompanyMock(), getCompanyMock(), faker.person.firstName()]).toEqual(first);
});
