import { describe, expect, it } from 'vitest';
import { createHandlers } from './create-handlers.js';
import { createRouteHandler, type RouteLike } from './route-handler.js';

/** A stand-in for Playwright's Route: records what `fulfill` was given. */
function fakeRoute(url: string, method = 'GET', headers: Record<string, string> = {}) {
  const fulfilled: Array<Parameters<RouteLike['fulfill']>[0]> = [];
  const route: RouteLike = {
    request: () => ({ url: () => url, method: () => method, allHeaders: async () => headers }),
    fulfill: async (response) => void fulfilled.push(response),
  };
  return { route, fulfilled };
}

describe('createRouteHandler', () => {
  it("answers each routed request from the handler set: its quota, its clock, and a 429's headers", async () => {
    const siret = createHandlers();
    const handle = createRouteHandler(siret);
    const statuses: number[] = [];
    for (let call = 1; call <= 11; call++) {
      const { route, fulfilled } = fakeRoute('http://localhost:5173/api/v1/generate?quantity=2', 'GET', {
        ':authority': 'x',
        accept: '*/*',
      });
      await handle(route);
      statuses.push(fulfilled[0]!.status);
      if (call === 1) expect(JSON.parse(fulfilled[0]!.body)).toMatchObject({ count: 2, meta: { rate_limit_remaining_minute: 9 } });
      if (call === 11) {
        expect(fulfilled[0]!.headers['retry-after']).toBe(String(JSON.parse(fulfilled[0]!.body).retry_after));
        expect(fulfilled[0]!.headers['content-type']).toMatch(/^application\/json/);
      }
    }
    expect(statuses).toEqual([...Array(10).fill(200), 429]);
    siret.clock.advance(61_000);
    const { route, fulfilled } = fakeRoute('http://localhost:5173/api/v1/generate');
    await handle(route);
    expect(fulfilled[0]!.status).toBe(200);
  });

  it("passes the request's method and headers on: a HEAD has no body, an unknown pass is a 401", async () => {
    const handle = createRouteHandler(createHandlers());
    const head = fakeRoute('http://localhost/api/v1/generate', 'HEAD');
    await handle(head.route);
    expect(head.fulfilled[0]).toMatchObject({ status: 200, body: '' });
    const bearer = fakeRoute('http://localhost/api/v1/generate', 'GET', { authorization: 'Bearer nope' });
    await handle(bearer.route);
    expect(bearer.fulfilled[0]!.status).toBe(401);
  });
});
