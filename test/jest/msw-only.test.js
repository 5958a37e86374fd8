// The baseline: msw alone runs with this project's Jest config.
const { http, HttpResponse } = require('msw');
const { setupServer } = require('msw/node');

const server = setupServer(http.get('https://api.example.test/ping', () => HttpResponse.json({ ok: true })));

beforeAll(() => server.listen());
afterAll(() => server.close());

it('intercepts fetch with msw alone', async () => {
  expect(await (await fetch('https://api.example.test/ping')).json()).toEqual({ ok: true });
});
