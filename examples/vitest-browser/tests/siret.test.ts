import { setupWorker } from 'msw/browser';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers, scenarios } from 'siret-mock/msw';

const siret = createHandlers();
const worker = setupWorker(...siret.handlers);

beforeAll(() => worker.start({ quiet: true, onUnhandledRequest: 'bypass' }));
afterEach(() => {
  worker.resetHandlers(); // drops scenarios added with worker.use()
  siret.reset();
});
afterAll(() => worker.stop());

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

it('answers the day limit when a scenario is put in front', async () => {
  worker.use(scenarios.rateLimited({ window: 'day' }));
  const limited = await fetch(url);
  expect(limited.status).toBe(429);
  expect((await limited.json()).message).toBe('Too many requests. Limit: 100 per day.');
  expect((await fetch(url)).status).toBe(200); // the scenario answered once, the handler set again after it
});
