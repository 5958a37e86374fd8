import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers } from '../mocks/index.js';

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
