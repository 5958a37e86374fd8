// The conventional entry points (siret-mock/msw/node, backed by mocks/handlers.ts) as a test suite imports them.
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { handlers } from '../mocks/handlers.js';
import { mock, server } from '../mocks/node.js';

beforeAll(() => server.listen());
afterEach(() => mock.reset());
afterAll(() => server.close());

it('serves the default handler set through the ready-made server', async () => {
  expect(handlers).toBe(mock.handlers);
  const response = await fetch('http://localhost:5173/api/v1/generate?quantity=2');
  expect(response.status).toBe(200);
  expect(((await response.json()) as { count: number }).count).toBe(2);
  expect(mock.db).toBeUndefined(); // the default set records nothing (no @msw/data)
});

it('starts each test with a full quota after mock.reset()', async () => {
  const body = (await (await fetch('http://localhost:5173/api/v1/generate')).json()) as { meta: { rate_limit_remaining_minute: number } };
  expect(body.meta.rate_limit_remaining_minute).toBe(9);
});
