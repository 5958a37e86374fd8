// @vitest-environment jsdom
import { setupServer } from 'msw/node';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createHandlers } from '../../mocks/index.js';
import type { FixtureRecord } from '../../src/index.js';

// The component under test: a company card (plain DOM here; the same checks apply to a React or Vue component).
function renderCompanyCard(record: FixtureRecord): HTMLElement {
  const name = record.company.normalize('NFC');
  const card = document.createElement('article');
  const title = card.appendChild(document.createElement('h2'));
  title.textContent = name.length > 60 ? `${name.slice(0, 59)}…` : name;
  title.title = name;
  const address = card.appendChild(document.createElement('address'));
  for (const line of [record.street_address, record.address_line_2, `${record.postcode} ${record.city}`]) {
    if (line) address.appendChild(document.createElement('div')).textContent = line.normalize('NFC');
  }
  return card;
}

// Its search box: accents, case and apostrophe style do not matter.
const fold = (text: string): string =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/\u2019/g, "'")
    .toLowerCase();
const matches = (record: FixtureRecord, query: string): boolean => fold(record.company).includes(fold(query));

// The mock API serves the edge-case profile: long, capitalised, NFD names, curly apostrophes, long communes...
const api = createHandlers({ profile: 'edge-cases' });
const server = setupServer(...api.handlers);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterAll(() => server.close());

async function loadCompanies(): Promise<FixtureRecord[]> {
  const response = await fetch('https://siret.example/api/v1/generate?quantity=50&seed=7');
  return ((await response.json()) as { data: FixtureRecord[] }).data;
}

it('keeps long names on one line, in full in the tooltip, and composed (NFC) on screen', async () => {
  const companies = await loadCompanies();
  expect(companies.some((c) => c.edge_cases?.includes('long-name'))).toBe(true);
  for (const company of companies) {
    const title = renderCompanyCard(company).querySelector('h2') as HTMLElement;
    expect(title.textContent?.length).toBeLessThanOrEqual(60);
    expect(title.title).toBe(company.company.normalize('NFC'));
    expect(title.title.normalize('NFC')).toBe(title.title);
  }
});

it('shows the second address line and long commune names', async () => {
  const companies = await loadCompanies();
  const withLine2 = companies.filter((c) => c.address_line_2 !== null);
  expect(withLine2.length).toBeGreaterThan(0);
  for (const company of withLine2) expect(renderCompanyCard(company).querySelectorAll('address div')).toHaveLength(3);
  for (const company of companies.filter((c) => c.edge_cases?.includes('long-commune'))) {
    expect(renderCompanyCard(company).querySelector('address')?.textContent).toContain(company.city.normalize('NFC'));
  }
});

it('finds NFD names with a typed (NFC) query, and curly apostrophes with a straight one', async () => {
  const companies = await loadCompanies();
  const nfd = companies.filter((c) => c.edge_cases?.includes('nfd'));
  const curly = companies.filter((c) => c.edge_cases?.includes('curly-apostrophe'));
  expect(nfd.length).toBeGreaterThan(0);
  expect(curly.length).toBeGreaterThan(0);
  for (const company of nfd) expect(matches(company, company.company.normalize('NFC').toLowerCase())).toBe(true);
  for (const company of curly) expect(matches(company, company.company.replace(/\u2019/g, "'"))).toBe(true);
});
