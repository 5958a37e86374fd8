// The README example (test/readme-example.test.ts), ported to Jest and CommonJS, against the installed tarball.
const { setupServer } = require('msw/node');
const { createHandlers } = require('siret-mock/msw');

const siret = createHandlers();
const server = setupServer(...siret.handlers);

beforeAll(() => server.listen());
afterEach(() => siret.reset());
afterAll(() => server.close());

const url = 'https://api.example.test/api/v1/generate';

it('serves 5 records per call, then the free-tier 429 on the 11th call', async () => {
  for (let call = 1; call <= 10; call++) {
    const body = await (await fetch(url)).json();
    expect(body.data).toHaveLength(5);
    expect(body.meta.rate_limit_remaining_minute).toBe(10 - call);
  }

  const limited = await fetch(url);
  const error = await limited.json();
  expect(limited.status).toBe(429);
  expect(error).toMatchObject({ error: 'rate_limit_exceeded', message: 'Too many requests. Limit: 10 per minute.' });
  expect(limited.headers.get('Retry-After')).toBe(String(error.retry_after));

  siret.clock.advance(61_000); // past the minute window, without waiting
  expect((await fetch(url)).status).toBe(200);
});

it("serves the OpenAPI document (its module loads under Jest's CommonJS runtime)", async () => {
  const response = await fetch('https://api.example.test/api/v1/openapi.json');
  expect(response.status).toBe(200);
  expect((await response.json()).openapi).toMatch(/^3\./);
});

it('answers under jsdom with the CommonJS build of siret-mock', () => {
  expect(typeof window).toBe('object');
  expect(require.resolve('siret-mock/msw')).toMatch(/siret-mock[\\/]dist[\\/]mocks[\\/]index\.cjs$/);
});
