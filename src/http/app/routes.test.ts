import { describe, expect, it } from 'vitest';
import { generateCompanies } from '../../core/company/index.js';
import { createApp } from '../create-app.js';
import { API_PREFIX, listPaths, ROUTES } from './routes.js';

describe('the route table', () => {
  it('puts every path the mocks serve under the API prefix, so adapters sharing an origin hand them all to the service', () => {
    for (const route of ROUTES.filter((r) => r.mocked)) expect(route.path.startsWith(API_PREFIX)).toBe(true);
  });

  it('is what createApp routes: every path answers GET, an unknown one is a 404 naming them all', async () => {
    const app = createApp({ tier: 'lifetime' });
    // A lookup's path ends with a number of the world it looks in (the default one, as the app has no seed option).
    const [record] = generateCompanies(1, { seed: 0 });
    const number = (name: string): string => (name === 'siret' ? record?.siret : record?.siren)?.replace(/ /g, '') ?? '';
    for (const route of ROUTES) {
      const path = route.path.replace(/\{(\w+)\}/, (_template, name: string) => number(name));
      expect((await app.fetch(new Request(`http://service.test${path}`))).status, path).toBe(200);
    }
    const missing = await app.fetch(new Request('http://service.test/api/v1/nothing'));
    expect(missing.status).toBe(404);
    expect(((await missing.json()) as { message: string }).message).toContain(listPaths());
    expect(listPaths()).toBe('/api/v1/generate, /api/v1/siret/{siret}, /api/v1/siren/{siren}, /api/v1/openapi.json and /healthz');
  });
});
