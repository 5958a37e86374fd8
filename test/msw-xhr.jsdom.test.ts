// Frontend code on XMLHttpRequest (axios and friends) under jsdom: MSW intercepts XHR too, so the same handlers serve it.
// (MSW's XHR interceptor bypasses jsdom's CORS filtering, so this does not test CORS; the contract suite checks those headers.)
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, expect, it } from 'vitest';
import { createHandlers } from '../mocks/index.js';

const siret = createHandlers();
const server = setupServer(...siret.handlers);
beforeAll(() => server.listen());
afterEach(() => siret.reset());
afterAll(() => server.close());

function get(url: string): Promise<XMLHttpRequest> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('GET', url);
    xhr.onload = () => resolve(xhr);
    xhr.onerror = () => reject(new Error(`XHR to ${url} failed`));
    xhr.send();
  });
}

it('serves XHR clients: 10 calls, then the 429 with Retry-After equal to retry_after', async () => {
  const url = 'https://api.siret.example/api/v1/generate';
  for (let call = 1; call <= 10; call++) {
    const xhr = await get(url);
    expect(xhr.status).toBe(200);
    expect(JSON.parse(xhr.responseText).meta.rate_limit_remaining_minute).toBe(10 - call);
    expect(xhr.getResponseHeader('RateLimit')).toMatch(/^"minute";r=\d+;t=\d+, "day";r=\d+;t=\d+$/);
  }
  const limited = await get(url);
  expect(limited.status).toBe(429);
  const body = JSON.parse(limited.responseText);
  expect(body.error).toBe('rate_limit_exceeded');
  expect(limited.getResponseHeader('Retry-After')).toBe(String(body.retry_after));
});
