// The contract of docs/api.md (and the OpenAPI document) as ONE suite, written once and run against every packaging (MSW in Node, MSW in
// jsdom, the Node HTTP server). It talks to a target through `fetch` and `baseUrl` only, and reads rate limits the way real
// clients do: from `Retry-After` and `RateLimit` headers.
//
// A target must:
// - build its service from the `AppOptions` it is given (tier, passes, limits, source, upgradeUrl, seed, store...), passing
//   them through unchanged;
// - own the clock: frozen at CONTRACT_START_TIME when created, moved only by `advanceClock(ms)` (the suite never passes
//   `options.clock`), so that window and day boundaries are deterministic;
// - count every request of the suite as one caller (one target = one caller);
// - release everything in `close()` (called once per target, after each test).
import SwaggerParser from '@apidevtools/swagger-parser';
import { afterEach, describe, expect, it } from 'vitest';
import { loadCommunes } from '../../src/core/address/index.js';
import { generateCompanies, toCsv } from '../../src/core/company/index.js';
import { QuotaStoreUnavailableError, type QuotaStore } from '../../src/core/quota/index.js';
import { isValidSiren, isValidSiret, luhnCheckDigit } from '../../src/core/identifiers/index.js';
import type { AppOptions } from '../../src/http/index.js';
import { wireSchemaErrors } from '../support/wire-schema.js';
import { parseRateLimit, parseRateLimitPolicy, retryAfterMs } from './rate-limit-headers.js';

/** A running packaging of the service. */
export interface ContractTarget {
  /** Origin (and optional path prefix) the service answers on, without a trailing slash, e.g. `http://127.0.0.1:43123`. */
  baseUrl: string;
  /** The fetch that reaches it (the global fetch under MSW; any fetch for a real server). */
  fetch: typeof fetch;
  /** Moves the target's clock forward by `ms`. */
  advanceClock(ms: number): void;
  close(): Promise<void>;
}

/** What a packaging serves beyond `/api/v1/generate` and `/api/v1/openapi.json`. */
export interface ContractCapabilities {
  /** The target answers unknown paths itself with 404 (a server; MSW lets them pass through). @default false */
  unknownPathIs404?: boolean;
  /** The target serves `/healthz` (a server; not the MSW handlers). @default the value of unknownPathIs404 */
  healthz?: boolean;
  /**
   * The path of the default `upgrade` link on the target's origin: `/api/v1/pricing` where the service is mounted in an
   * app's origin (the Vite plugin). A target that answers unknown paths also serves it. @default '/pricing'
   */
  pricingPath?: string;
}

/** Where every target's clock starts: 2026-11-22T05:35:35Z, 66,265 s before the next UTC midnight. */
export const CONTRACT_START_TIME: number = Date.UTC(2026, 10, 22, 5, 35, 35);
const SECONDS_TO_MIDNIGHT = 66_265;

const EXPOSED = 'RateLimit, RateLimit-Policy, Retry-After, Content-Disposition, WWW-Authenticate';
const GENERATE = '/api/v1/generate';
const SIRET = '/api/v1/siret/';
const SIREN = '/api/v1/siren/';
const PASS = 'pass-0123456789';
const LIFETIME_AUTH = { authorization: `Bearer ${PASS}` };

interface Body {
  error?: string;
  message?: string;
  reason?: string;
  siren?: string;
  establishment_count?: number;
  retry_after?: number;
  upgrade?: string;
  max_quantity?: number;
  count?: number;
  data?: Array<Record<string, string>> | Record<string, string>;
  meta?: { generated_at: string; source: string; rate_limit_remaining_minute: number; rate_limit_remaining_day: number };
}

/** A target plus the calls every test makes. */
interface Client {
  target: ContractTarget;
  request(path: string, init?: RequestInit): Promise<Response>;
  generate(query?: string, init?: RequestInit): Promise<Response>;
  json(query?: string, init?: RequestInit): Promise<{ response: Response; body: Body }>;
}

const communePostcodes = (() => {
  let map: Map<string, Set<string>> | undefined;
  return () => {
    if (!map) {
      map = new Map();
      for (const commune of loadCommunes().values) {
        const set = map.get(commune.name) ?? new Set<string>();
        for (const postcode of commune.postcodes) set.add(postcode);
        map.set(commune.name, set);
      }
    }
    return map;
  };
})();

function expectCommonHeaders(response: Response): void {
  expect(response.headers.get('access-control-allow-origin')).toBe('*');
  expect(response.headers.get('access-control-expose-headers')).toBe(EXPOSED);
  expect(response.headers.get('cache-control')).toBe('no-store');
  expect(response.headers.get('x-content-type-options')).toBe('nosniff');
}

function expectError(response: Response, body: Body, status: number, error: string): void {
  expect({ status: response.status, error: body.error }).toEqual({ status, error });
  expect(typeof body.message).toBe('string');
  expect(body.message?.length).toBeGreaterThan(0);
  expect(response.headers.get('content-type')).toBe('application/json');
  expectCommonHeaders(response);
  // The body matches the schema the OpenAPI document publishes for its code (the 429's makes retry_after and upgrade required).
  expect(wireSchemaErrors('Error', body)).toEqual([]);
}

function expectValidRecords(records: Array<Record<string, string>>): void {
  const communes = communePostcodes();
  for (const record of records) {
    expect(Object.keys(record)).toEqual(['siret', 'siren', 'company', 'street_address', 'city', 'postcode']);
    for (const value of Object.values(record)) expect(value.length).toBeGreaterThan(0);
    const { siret = '', siren = '', city = '', postcode = '' } = record;
    expect(siret).toMatch(/^\d{3} \d{3} \d{3} \d{5}$/);
    expect(siren).toMatch(/^\d{3} \d{3} \d{3}$/);
    expect(siret.slice(0, 11)).toBe(siren);
    expect(isValidSiret(siret)).toBe(true);
    expect(isValidSiren(siren)).toBe(true);
    expect(siren[0]).toMatch(/[3-9]/);
    expect(siren.replace(/ /g, '')).not.toBe('356000000');
    expect(postcode).toMatch(/^\d{5}$/);
    expect(communes.get(city)?.has(postcode), `${city} ${postcode} is a real pair`).toBe(true);
  }
  expect(new Set(records.map((r) => r.siret)).size).toBe(records.length);
}

/** Headers that HEAD must repeat from GET (transport headers such as Date or Content-Length excluded). */
const CONTRACT_HEADERS = [
  'access-control-allow-origin',
  'access-control-expose-headers',
  'cache-control',
  'x-content-type-options',
  'content-type',
  'content-disposition',
  'ratelimit',
  'ratelimit-policy',
  'retry-after',
  'www-authenticate',
  'allow',
];
const contractHeaders = (response: Response): Record<string, string | null> =>
  Object.fromEntries(CONTRACT_HEADERS.map((name) => [name, response.headers.get(name)]));

/**
 * Defines the contract suite against targets made by `createTarget` (one fresh target per test, closed after it).
 * @example defineContractSuite('MSW in Node', createMswTarget)
 */
export function defineContractSuite(
  name: string,
  createTarget: (options: AppOptions) => Promise<ContractTarget>,
  capabilities: ContractCapabilities = {},
): void {
  const unknownPathIs404 = capabilities.unknownPathIs404 ?? false;
  const servesHealthz = capabilities.healthz ?? unknownPathIs404;
  const pricingPath = capabilities.pricingPath ?? '/pricing';

  describe(`contract: ${name}`, () => {
    const open: ContractTarget[] = [];
    afterEach(async () => {
      for (const target of open.splice(0)) await target.close();
    });

    async function start(options: AppOptions = {}): Promise<Client> {
      const target = await createTarget(options);
      open.push(target);
      const request = (path: string, init?: RequestInit): Promise<Response> => target.fetch(`${target.baseUrl}${path}`, init);
      const generate = (query = '', init?: RequestInit): Promise<Response> => request(`${GENERATE}${query ? `?${query}` : ''}`, init);
      return {
        target,
        request,
        generate,
        async json(query, init) {
          const response = await generate(query, init);
          return { response, body: (await response.json()) as Body };
        },
      };
    }

    /** Uses up the free minute allowance (10 by default) with successful calls. */
    async function exhaust(client: Client, times: number): Promise<void> {
      for (let i = 0; i < times; i++) expect((await client.generate('quantity=1')).status).toBe(200);
    }

    describe('routing', () => {
      // Capability-gated rows are not registered at all where they do not apply (no skipped tests).
      if (unknownPathIs404)
        it('answers 404 not_found as JSON with CORS for an unknown path, whatever the method', async () => {
          const client = await start();
          for (const method of ['GET', 'POST', 'DELETE']) {
            const response = await client.request('/api/v1/nope', { method });
            expectError(response, (await response.json()) as Body, 404, 'not_found');
          }
          const { body } = await client.json();
          expect(body.meta?.rate_limit_remaining_minute).toBe(9);
        });

      if (unknownPathIs404)
        it('serves the page the default upgrade link points at, uncounted', async () => {
          const client = await start();
          const response = await client.request(pricingPath);
          expect(response.status).toBe(200);
          expect(((await response.json()) as { tiers: { free: { max_quantity: number } } }).tiers.free.max_quantity).toBe(50);
          const { body } = await client.json();
          expect(body.meta?.rate_limit_remaining_minute).toBe(9);
        });

      it('answers 405 method_not_allowed with Allow for other methods, and does not count them', async () => {
        const client = await start();
        for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
          const response = await client.generate('', { method, body: method === 'DELETE' ? null : '{}' });
          expectError(response, (await response.json()) as Body, 405, 'method_not_allowed');
          expect(response.headers.get('allow')).toBe('GET, HEAD, OPTIONS');
        }
        const { body } = await client.json();
        expect(body.meta?.rate_limit_remaining_minute).toBe(9);
      });

      it('answers HEAD with the status and headers GET would, Content-Length included, no body, and counts it', async () => {
        for (const query of ['seed=5', 'quantity=0', 'format=csv']) {
          const viaGet = await (await start()).generate(query);
          const headClient = await start();
          const viaHead = await headClient.generate(query, { method: 'HEAD' });
          expect(viaHead.status).toBe(viaGet.status);
          expect(contractHeaders(viaHead)).toEqual(contractHeaders(viaGet));
          expect(viaHead.headers.get('content-length')).toBe(String(new TextEncoder().encode(await viaGet.text()).byteLength));
          expect(await viaHead.text()).toBe('');
          const { body } = await headClient.json();
          expect(body.meta?.rate_limit_remaining_minute).toBe(8);
        }
      });

      it('answers an OPTIONS preflight with 204 and the CORS grants, and never counts it', async () => {
        const client = await start();
        const asked = ['authorization', 'content-type,x-requested-with,cache-control', 'authorization,sentry-trace,baggage,traceparent'];
        for (let i = 0; i < 12; i++) {
          const requestHeaders = asked[i % asked.length] as string;
          const response = await client.generate('', {
            method: 'OPTIONS',
            headers: {
              origin: 'https://app.example',
              'access-control-request-method': 'GET',
              'access-control-request-headers': requestHeaders,
            },
          });
          expect(response.status).toBe(204);
          expectCommonHeaders(response);
          expect(response.headers.get('access-control-allow-methods')).toBe('GET, HEAD, OPTIONS');
          // The headers asked for are granted as asked.
          expect(response.headers.get('access-control-allow-headers')).toBe(requestHeaders);
          expect(response.headers.get('access-control-max-age')).toBe('86400');
          expect(await response.text()).toBe('');
        }
        const { body } = await client.json();
        expect(body.meta?.rate_limit_remaining_minute).toBe(9);
      });

      it('grants the headers browsers and common clients send when a preflight names none or names them badly', async () => {
        const client = await start();
        for (const requestHeaders of [undefined, '', 'bad header, (x)', 'x,'.repeat(600)]) {
          const headers: Record<string, string> = { origin: 'https://app.example', 'access-control-request-method': 'GET' };
          if (requestHeaders !== undefined) headers['access-control-request-headers'] = requestHeaders;
          const response = await client.generate('', { method: 'OPTIONS', headers });
          expect(response.status).toBe(204);
          const granted = (response.headers.get('access-control-allow-headers') ?? '').toLowerCase().split(/\s*,\s*/);
          expect(granted).toEqual(expect.arrayContaining(['authorization', 'content-type', 'x-requested-with', 'cache-control']));
        }
      });
    });

    describe('quantity', () => {
      it('returns 5 records by default, and count equals data.length', async () => {
        const { response, body } = await (await start()).json();
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('application/json');
        expectCommonHeaders(response);
        expect(body.count).toBe(5);
        expect(body.data).toHaveLength(5);
        expect(Object.keys(body)).toEqual(['count', 'data', 'meta']);
      });

      it('returns exactly the quantity asked, from 1 to the tier maximum (free 50, lifetime 100), leading zeros allowed', async () => {
        const free = await start();
        for (const [query, n] of [
          ['quantity=1', 1],
          ['quantity=50', 50],
          ['quantity=007', 7],
        ] as const) {
          const { body } = await free.json(query);
          expect([body.count, body.data?.length]).toEqual([n, n]);
        }
        const { body } = await (await start({ tier: 'lifetime' })).json('quantity=100');
        expect([body.count, body.data?.length]).toEqual([100, 100]);
      });

      it.each([['abc'], ['-1'], ['+5'], ['5.0'], ['1e1'], ['%205'], ['5%20'], ['0x10'], ['0'], ['00'], ['']])(
        'rejects quantity=%s with 400 invalid_quantity and max_quantity',
        async (value) => {
          const { response, body } = await (await start()).json(`quantity=${value}`);
          expectError(response, body, 400, 'invalid_quantity');
          expect(body.max_quantity).toBe(50);
        },
      );

      it('rejects a repeated quantity with 400 invalid_quantity, even when both values agree', async () => {
        const { response, body } = await (await start()).json('quantity=5&quantity=5');
        expectError(response, body, 400, 'invalid_quantity');
      });

      it('rejects a quantity above the free maximum with quantity_exceeds_limit, max_quantity and upgrade; never clamps', async () => {
        const client = await start();
        for (const value of ['51', '100', '99999999999999999999999']) {
          const { response, body } = await client.json(`quantity=${value}`);
          expectError(response, body, 400, 'quantity_exceeds_limit');
          expect(body.max_quantity).toBe(50);
          expect(body.upgrade).toBe(`${new URL(client.target.baseUrl).origin}${pricingPath}`);
        }
      });

      it('rejects a quantity above the lifetime maximum with quantity_exceeds_limit and no upgrade', async () => {
        const { response, body } = await (await start({ tier: 'lifetime' })).json('quantity=101');
        expectError(response, body, 400, 'quantity_exceeds_limit');
        expect(body.max_quantity).toBe(100);
        expect(body.upgrade).toBeUndefined();
      });

      it('applies configured maximum quantities', async () => {
        const client = await start({ limits: { maxQuantity: { free: 20, lifetime: 30 } }, passes: [PASS] });
        expect((await client.json('quantity=20')).body.count).toBe(20);
        expect((await client.json('quantity=21')).body).toMatchObject({ error: 'quantity_exceeds_limit', max_quantity: 20 });
        expect((await client.json('quantity=0')).body).toMatchObject({ error: 'invalid_quantity', max_quantity: 20 });
        expect((await client.json('quantity=31', { headers: LIFETIME_AUTH })).body).toMatchObject({ max_quantity: 30 });
      });
    });

    describe('format, excel and seed', () => {
      it.each([['JSON'], ['xml'], ['csv%20'], [''], ['json&format=json']])('rejects format=%s with 400 invalid_format', async (value) => {
        const { response, body } = await (await start({ tier: 'lifetime' })).json(`format=${value}`);
        expectError(response, body, 400, 'invalid_format');
      });

      it.each([['2'], ['true'], [''], ['1&excel=1']])('rejects excel=%s with 400 invalid_format, for JSON too', async (value) => {
        const client = await start({ tier: 'lifetime' });
        for (const format of ['csv', 'json']) {
          const { response, body } = await client.json(`format=${format}&excel=${value}`);
          expectError(response, body, 400, 'invalid_format');
        }
      });

      it.each([['-1'], ['4294967296'], ['1.5'], ['abc'], [''], ['1&seed=1']])('rejects seed=%s with 400 invalid_seed', async (value) => {
        const { response, body } = await (await start()).json(`seed=${value}`);
        expectError(response, body, 400, 'invalid_seed');
      });

      it('accepts the seed bounds 0 and 4294967295', async () => {
        const client = await start();
        for (const seed of [0, 4294967295]) {
          const { body } = await client.json(`seed=${seed}&quantity=2`);
          expect(body.data).toEqual(generateCompanies(2, { seed }));
        }
      });

      it('checks in order: quantity syntax, format, seed, the tier maximum, then CSV on the free tier', async () => {
        const client = await start();
        const codes = [];
        for (const query of [
          'quantity=x&format=xml&seed=x',
          'quantity=51&format=xml&seed=x',
          'quantity=51&excel=9&seed=x',
          'quantity=51&seed=x',
          'quantity=51&format=csv',
          'quantity=50&format=csv',
        ]) {
          codes.push((await client.json(query)).body.error);
        }
        expect(codes).toEqual([
          'invalid_quantity',
          'invalid_format',
          'invalid_format',
          'invalid_seed',
          'quantity_exceeds_limit',
          'lifetime_pass_required',
        ]);
      });

      it('ignores unknown parameters', async () => {
        const { response, body } = await (await start()).json('quantity=2&foo=bar&Quantity=abc');
        expect(response.status).toBe(200);
        expect(body.count).toBe(2);
      });

      it('reads ??quantity=3 as a parameter named "?quantity", as the URL parser does, so the default 5 records are served', async () => {
        const { response, body } = await (await start()).json('?quantity=3');
        expect(response.status).toBe(200);
        expect(body.count).toBe(5);
      });
    });

    describe('records', () => {
      it('serves valid SIREN/SIRET numbers, distinct SIRETs and real commune/postcode pairs', async () => {
        const client = await start();
        for (const query of ['quantity=50', 'quantity=50&seed=42', 'quantity=50&seed=1337']) {
          const { body } = await client.json(query);
          expectValidRecords((body.data ?? []) as Array<Record<string, string>>);
          expect(wireSchemaErrors('GenerateResponse', body)).toEqual([]);
        }
      });

      it('serves the same data for the same seed, the first k records for quantity k, equal to the core generator', async () => {
        const client = await start();
        const first = await (await client.generate('quantity=10&seed=20261122')).json();
        const again = await (await client.generate('quantity=10&seed=20261122')).json();
        const prefix = await (await client.generate('quantity=3&seed=20261122')).json();
        expect(again.data).toEqual(first.data);
        expect(prefix.data).toEqual(first.data.slice(0, 3));
        expect(first.data).toEqual(generateCompanies(10, { seed: 20261122 }));
      });

      it('draws a fresh seed for each unseeded request; the seed option makes the sequence repeatable', async () => {
        const client = await start();
        const a = (await client.json('quantity=3')).body.data;
        const b = (await client.json('quantity=3')).body.data;
        expect(a).not.toEqual(b);
        const one = await start({ seed: 7 });
        const two = await start({ seed: 7 });
        for (let i = 0; i < 2; i++) expect((await one.json()).body.data).toEqual((await two.json()).body.data);
      });
    });

    describe('meta', () => {
      it('stamps generated_at from the clock as RFC 3339 with +00:00, and names the source', async () => {
        const client = await start();
        expect((await client.json()).body.meta).toMatchObject({ generated_at: '2026-11-22T05:35:35+00:00', source: 'siret-mock' });
        client.target.advanceClock(1_500);
        expect((await client.json()).body.meta?.generated_at).toBe('2026-11-22T05:35:36+00:00');
        expect((await (await start({ source: 'acme-siret' })).json()).body.meta?.source).toBe('acme-siret');
      });

      it('reports -1 remaining on the lifetime tier, and no rate-limit headers', async () => {
        const client = await start({ tier: 'lifetime' });
        for (let i = 0; i < 15; i++) {
          const { response, body } = await client.json('quantity=1');
          expect(response.status).toBe(200);
          expect(body.meta).toMatchObject({ rate_limit_remaining_minute: -1, rate_limit_remaining_day: -1 });
          expect(response.headers.get('ratelimit')).toBeNull();
          expect(response.headers.get('ratelimit-policy')).toBeNull();
        }
      });
    });

    describe('CSV (lifetime pass)', () => {
      it('serves RFC 4180 CSV with a header row, CRLF, Content-Disposition, and no rate-limit headers', async () => {
        const client = await start({ tier: 'lifetime' });
        const response = await client.generate('format=csv&quantity=7&seed=42');
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present');
        expect(response.headers.get('content-disposition')).toBe('attachment; filename="siret-export.csv"');
        expect(response.headers.get('ratelimit')).toBeNull();
        expectCommonHeaders(response);
        const text = await response.text();
        expect(text).toBe(toCsv(generateCompanies(7, { seed: 42 })));
        expect(text.startsWith('siret,siren,company,street_address,city,postcode\r\n')).toBe(true);
        expect(text.split('\r\n')).toHaveLength(9);
      });

      it('serves the French Excel dialect with excel=1 (BOM and ;) and RFC 4180 with excel=0', async () => {
        const client = await start({ tier: 'lifetime' });
        const excel = new Uint8Array(await (await client.generate('format=csv&excel=1&quantity=3&seed=9')).arrayBuffer());
        expect([...excel.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
        expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(excel)).toBe(toCsv(generateCompanies(3, { seed: 9 }), { excel: true }));
        expect(await (await client.generate('format=csv&excel=0&quantity=3&seed=9')).text()).toBe(toCsv(generateCompanies(3, { seed: 9 })));
      });

      it.each([
        ['text/csv', 'csv'],
        ['text/csv, application/json;q=0.9', 'csv'],
        ['application/json;q=0.5, text/*', 'csv'],
        ['text/csv, */*;q=0.8', 'csv'],
        ['text/csv;q=0.5, application/json', 'json'],
        ['*/*', 'json'],
        ['text/csv, */*', 'json'],
        ['application/json', 'json'],
        ['text/html', 'json'],
      ])('chooses CSV from Accept: %s only when it prefers text/csv (-> %s)', async (accept, expected) => {
        const response = await (await start({ tier: 'lifetime' })).generate('quantity=1', { headers: { accept } });
        expect(response.status).toBe(200);
        expect(response.headers.get('content-type')?.startsWith(expected === 'csv' ? 'text/csv' : 'application/json')).toBe(true);
      });

      it('lets format=json win over Accept: text/csv', async () => {
        const response = await (await start({ tier: 'lifetime' })).generate('format=json', { headers: { accept: 'text/csv' } });
        expect(response.headers.get('content-type')).toBe('application/json');
      });

      it('answers CSV on the free tier with 403 lifetime_pass_required and upgrade, counted, with rate-limit headers', async () => {
        const client = await start({ upgradeUrl: 'https://shop.example/pass' });
        for (const [query, init] of [
          ['format=csv', undefined],
          ['', { headers: { accept: 'text/csv' } }],
        ] as const) {
          const { response, body } = await client.json(query, init);
          expectError(response, body, 403, 'lifetime_pass_required');
          expect(body.upgrade).toBe('https://shop.example/pass');
          expect(response.headers.get('ratelimit')).not.toBeNull();
        }
        expect((await client.json()).body.meta?.rate_limit_remaining_minute).toBe(7);
      });
    });

    describe('lifetime pass', () => {
      it('serves a known Bearer pass as lifetime on a free service, without touching the free quota', async () => {
        const client = await start({ passes: [PASS] });
        for (let i = 0; i < 12; i++) {
          const { response, body } = await client.json('quantity=100', { headers: LIFETIME_AUTH });
          expect(response.status).toBe(200);
          expect(body.count).toBe(100);
          expect(body.meta?.rate_limit_remaining_minute).toBe(-1);
          expect(response.headers.get('ratelimit')).toBeNull();
        }
        expect((await client.generate('format=csv', { headers: { Authorization: `bearer ${PASS}` } })).status).toBe(200);
        expect((await client.json()).body.meta?.rate_limit_remaining_minute).toBe(9);
      });

      it('answers an unknown Bearer token with 401 invalid_pass and WWW-Authenticate on every tier, uncounted, before the 429', async () => {
        for (const tier of ['free', 'lifetime'] as const) {
          const client = await start({ tier, passes: [PASS] });
          for (const authorization of ['Bearer nope', 'Bearer', `Bearer ${PASS}x`]) {
            const { response, body } = await client.json('', { headers: { authorization } });
            expectError(response, body, 401, 'invalid_pass');
            expect(response.headers.get('www-authenticate')).toBe('Bearer error="invalid_token"');
            expect(response.headers.get('ratelimit')).toBeNull();
          }
        }
        const client = await start();
        await exhaust(client, 10);
        expect((await client.generate('', { headers: { authorization: 'Bearer nope' } })).status).toBe(401);
        expect((await client.generate()).status).toBe(429);
      });

      it('ignores Authorization schemes other than Bearer', async () => {
        const { response, body } = await (await start({ passes: [PASS] })).json('', { headers: { authorization: `Basic ${PASS}` } });
        expect(response.status).toBe(200);
        expect(body.meta?.rate_limit_remaining_minute).toBe(9);
      });
    });

    describe('rate limits (free tier)', () => {
      it('counts down 9..0 over ten calls, then answers the 11th with the spec 429 and Retry-After = retry_after', async () => {
        const client = await start();
        for (let i = 0; i < 10; i++) {
          const { response, body } = await client.json();
          expect(response.status).toBe(200);
          expect(body.meta).toMatchObject({ rate_limit_remaining_minute: 9 - i, rate_limit_remaining_day: 99 - i });
          expect(parseRateLimit(response.headers.get('ratelimit'))).toEqual({
            minute: { r: 9 - i, t: 60 },
            day: { r: 99 - i, t: SECONDS_TO_MIDNIGHT },
          });
        }
        const { response, body } = await client.json();
        expectError(response, body, 429, 'rate_limit_exceeded');
        expect(Object.keys(body)).toEqual(['error', 'message', 'retry_after', 'upgrade']);
        expect(body.message).toBe('Too many requests. Limit: 10 per minute.');
        expect(body.retry_after).toBe(60);
        expect(response.headers.get('retry-after')).toBe(String(body.retry_after));
        expect(body.upgrade).toBe(`${new URL(client.target.baseUrl).origin}${pricingPath}`);
        expect(parseRateLimit(response.headers.get('ratelimit')).minute).toEqual({ r: 0, t: 60 });
        expect(parseRateLimitPolicy(response.headers.get('ratelimit-policy'))).toEqual({
          minute: { q: 10, w: 60 },
          day: { q: 100, w: 86400 },
        });
      });

      it('recovers after waiting Retry-After, and never counts the 429s', async () => {
        const client = await start();
        await exhaust(client, 10);
        let refused: Response | undefined;
        for (let i = 0; i < 5; i++) refused = await client.generate();
        expect(refused?.status).toBe(429);
        const wait = retryAfterMs(refused as Response);
        expect(wait).toBe(60_000);
        client.target.advanceClock(wait as number);
        const { response, body } = await client.json();
        expect(response.status).toBe(200);
        expect(body.meta).toMatchObject({ rate_limit_remaining_minute: 9, rate_limit_remaining_day: 89 });
      });

      it('uses a fixed 60 s window opened by the first counted request', async () => {
        const client = await start();
        await exhaust(client, 1);
        client.target.advanceClock(18_000);
        const second = await client.generate();
        expect(parseRateLimit(second.headers.get('ratelimit')).minute).toEqual({ r: 8, t: 42 });
        await exhaust(client, 8);
        client.target.advanceClock(41_000);
        const late = await client.json();
        expectError(late.response, late.body, 429, 'rate_limit_exceeded');
        expect(late.body.retry_after).toBe(1);
        expect(late.response.headers.get('retry-after')).toBe('1');
        client.target.advanceClock(1_000);
        const { body } = await client.json();
        expect(body.meta?.rate_limit_remaining_minute).toBe(9);
      });

      it('counts requests answered 400 and 403', async () => {
        const client = await start();
        for (let i = 0; i < 5; i++) expect((await client.generate('quantity=0')).status).toBe(400);
        for (let i = 0; i < 5; i++) expect((await client.generate('format=csv')).status).toBe(403);
        const { response, body } = await client.json('quantity=0');
        expectError(response, body, 429, 'rate_limit_exceeded');
      });

      it('sends RateLimit-Policy and RateLimit on 400, 403 and 429 responses too', async () => {
        const client = await start({ limits: { perMinute: 3, perDay: 50 } });
        const responses = [
          await client.generate('quantity=x'),
          await client.generate('format=csv'),
          await client.generate(),
          await client.generate(),
        ];
        expect(responses.map((r) => r.status)).toEqual([400, 403, 200, 429]);
        responses.forEach((response, i) => {
          expect(response.headers.get('ratelimit-policy')).toBe('"minute";q=3;w=60, "day";q=50;w=86400');
          expect(parseRateLimit(response.headers.get('ratelimit')).minute?.r).toBe(Math.max(0, 2 - i));
        });
      });

      it('enforces the UTC day limit with the day message, retry until midnight, and resets at 00:00 UTC', async () => {
        const client = await start({ limits: { perMinute: 2, perDay: 3 } });
        await exhaust(client, 2);
        client.target.advanceClock(60_000);
        const third = await client.json();
        expect(third.body.meta).toMatchObject({ rate_limit_remaining_minute: 1, rate_limit_remaining_day: 0 });
        const { response, body } = await client.json();
        expectError(response, body, 429, 'rate_limit_exceeded');
        expect(body.message).toBe('Too many requests. Limit: 3 per day.');
        expect(body.retry_after).toBe(SECONDS_TO_MIDNIGHT - 60);
        expect(parseRateLimit(response.headers.get('ratelimit')).day).toEqual({ r: 0, t: SECONDS_TO_MIDNIGHT - 60 });
        client.target.advanceClock((retryAfterMs(response) as number) - 1_000);
        expect((await client.generate()).status).toBe(429);
        client.target.advanceClock(1_000);
        const nextDay = await client.json();
        expect(nextDay.response.status).toBe(200);
        expect(nextDay.body.meta).toMatchObject({ generated_at: '2026-11-23T00:00:00+00:00', rate_limit_remaining_day: 2 });
      });

      it('answers with the day message and the later reset when both windows are exhausted', async () => {
        const client = await start({ limits: { perMinute: 2, perDay: 2 } });
        await exhaust(client, 2);
        const { response, body } = await client.json();
        expect(body).toMatchObject({
          error: 'rate_limit_exceeded',
          message: 'Too many requests. Limit: 2 per day.',
          retry_after: SECONDS_TO_MIDNIGHT,
        });
        expect(response.headers.get('retry-after')).toBe(String(SECONDS_TO_MIDNIGHT));
      });

      it('names the configured limits in messages and RateLimit-Policy, and the configured upgrade URL', async () => {
        const client = await start({ limits: { perMinute: 4, perDay: 40 }, upgradeUrl: 'https://shop.example/pass' });
        await exhaust(client, 4);
        const { response, body } = await client.json();
        expect(body).toMatchObject({ message: 'Too many requests. Limit: 4 per minute.', upgrade: 'https://shop.example/pass' });
        expect(parseRateLimitPolicy(response.headers.get('ratelimit-policy'))).toEqual({
          minute: { q: 4, w: 60 },
          day: { q: 40, w: 86400 },
        });
      });
    });

    describe('lookups (extension)', () => {
      /** The body of a lookup of `path` (`siret/…` or `siren/…`, the number already in the path). */
      async function lookup(client: Client, path: string, init?: RequestInit): Promise<{ response: Response; body: Body }> {
        const response = await client.request(`/api/v1/${path}`, init);
        return { response, body: (await response.json()) as Body };
      }
      const compact = (number: string): string => number.replace(/ /g, '');
      // A SIRET of `siren` whose NIC is valid but names no establishment: order 9999 is more than any unit has.
      const unknownEstablishment = (siren: string): string => `${compact(siren)}9999${luhnCheckDigit(`${compact(siren)}9999`)}`;

      it('answers a SIRET that generate served with that record, and its SIREN with the unit listing it', async () => {
        const client = await start();
        const generated = (await client.json('quantity=4&seed=42')).body.data as Array<Record<string, string>>;
        for (const record of generated) {
          const { response, body } = await lookup(client, `siret/${compact(record.siret ?? '')}?seed=42`);
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/json');
          expectCommonHeaders(response);
          expect(Object.keys(body)).toEqual(['data', 'meta']);
          expect(body.data).toEqual(record);
          expect(wireSchemaErrors('SiretLookupResponse', body)).toEqual([]);
          const unit = await lookup(client, `siren/${compact(record.siren ?? '')}?seed=42`);
          expect(unit.response.status).toBe(200);
          expect(Object.keys(unit.body)).toEqual(['count', 'establishment_count', 'data', 'meta']);
          const establishments = unit.body.data as Array<Record<string, string>>;
          expect(unit.body.count).toBe(establishments.length);
          expect(unit.body.establishment_count).toBeGreaterThanOrEqual(establishments.length);
          expect(establishments).toContainEqual(record);
          for (const establishment of establishments) expect(establishment.siren).toBe(record.siren);
          expect(wireSchemaErrors('SirenLookupResponse', unit.body)).toEqual([]);
        }
      });

      it("looks in the world of the service's seed option without ?seed, and answers records with its fields and profile", async () => {
        const client = await start({ seed: 7, fields: ['legal_form', 'status'] });
        const [record] = (await client.json('quantity=1&seed=7')).body.data as Array<Record<string, string>>;
        const { body } = await lookup(client, `siret/${compact(record?.siret ?? '')}`);
        expect(body.data).toEqual(record);
        expect(Object.keys(body.data ?? {})).toContain('legal_form');
      });

      it('lists the head office first', async () => {
        const client = await start({ fields: ['head_office'] });
        const generated = (await client.json('quantity=8&seed=11')).body.data as Array<Record<string, unknown>>;
        for (const record of generated) {
          const establishments = (await lookup(client, `siren/${compact(String(record.siren))}?seed=11`)).body.data as Array<
            Record<string, unknown>
          >;
          expect(establishments.map((establishment) => establishment.head_office)).toEqual(
            establishments.map((_establishment, index) => index === 0),
          );
        }
      });

      it('reads the number as a form does: spaces, U+00A0, U+202F, dots and dashes ignored, percent-encoded in the path', async () => {
        const client = await start();
        const [record] = (await client.json('quantity=1&seed=3')).body.data as Array<Record<string, string>>;
        const siret = record?.siret ?? '';
        const digits = compact(siret);
        for (const typed of [
          siret,
          digits.replace(/^(\d{3})(\d{3})(\d{3})/, '$1\u00a0$2\u202f$3.'),
          `${digits.slice(0, 9)}-${digits.slice(9)}`,
        ]) {
          const { response, body } = await lookup(client, `siret/${encodeURIComponent(typed)}?seed=3`);
          expect(response.status, typed).toBe(200);
          expect(body.data).toEqual(record);
        }
        const unit = await lookup(client, `siren/${encodeURIComponent((record?.siren ?? '').replace(/ /g, '.'))}?seed=3`);
        expect(unit.response.status).toBe(200);
      });

      it.each([
        ['siret/7328293200007', 'invalid_siret', 'length'],
        ['siret/', 'invalid_siret', 'length'],
        ['siret/7328293200007x', 'invalid_siret', 'digits'],
        ['siret/732829320%2F0074', 'invalid_siret', 'digits'],
        ['siret/73282932000075', 'invalid_siret', 'check_digit'],
        ['siret/35600000000049', 'invalid_siret', 'la_poste_rule'],
        ['siren/73282932', 'invalid_siren', 'length'],
        ['siren/732 829 32O', 'invalid_siren', 'digits'],
        ['siren/732829321', 'invalid_siren', 'check_digit'],
      ])('answers %s with 400 %s, reason %s, counted', async (path, error, reason) => {
        const client = await start();
        const { response, body } = await lookup(client, path);
        expectError(response, body, 400, error);
        expect(body.reason).toBe(reason);
        expect(parseRateLimit(response.headers.get('ratelimit')).minute?.r).toBe(9);
      });

      it('answers valid numbers outside the world with 404 not_found and a reason, counted', async () => {
        const client = await start();
        const [record] = (await client.json('quantity=1&seed=5')).body.data as Array<Record<string, string>>;
        const cases = [
          ['siren/000000000', 'unused_number'],
          ['siren/100000009', 'public_body'],
          ['siret/21750001600019', 'public_body'],
          ['siren/356000000', 'la_poste'],
          ['siret/35600000000048', 'la_poste'],
          [`siret/${unknownEstablishment(record?.siren ?? '')}?seed=5`, 'unknown_establishment'],
        ] as const;
        for (const [path, reason] of cases) {
          const { response, body } = await lookup(client, path);
          expectError(response, body, 404, 'not_found');
          expect(body.reason, path).toBe(reason);
          expect(body.siren).toBe(reason === 'unknown_establishment' ? record?.siren : undefined);
        }
        expect((await client.json()).body.meta?.rate_limit_remaining_minute).toBe(9 - 1 - cases.length);
      });

      it('rejects a bad seed with 400 invalid_seed before reading the number', async () => {
        const { response, body } = await lookup(await start(), 'siret/nope?seed=-1');
        expectError(response, body, 400, 'invalid_seed');
      });

      it('counts lookups on the same windows as generate: the 11th request of a minute is the spec 429, on either path', async () => {
        const client = await start();
        const [record] = (await client.json('quantity=1&seed=9')).body.data as Array<Record<string, string>>;
        for (let i = 1; i < 10; i++) {
          const path = i % 2 === 0 ? `siren/${compact(record?.siren ?? '')}` : `siret/${compact(record?.siret ?? '')}`;
          const { response, body } = await lookup(client, `${path}?seed=9`);
          expect(response.status).toBe(200);
          expect(body.meta).toMatchObject({ rate_limit_remaining_minute: 9 - i, rate_limit_remaining_day: 99 - i });
        }
        const { response, body } = await lookup(client, `siret/${compact(record?.siret ?? '')}`);
        expectError(response, body, 429, 'rate_limit_exceeded');
        expect(body.message).toBe('Too many requests. Limit: 10 per minute.');
        expect(response.headers.get('retry-after')).toBe(String(body.retry_after));
        expect((await client.generate()).status).toBe(429);
        client.target.advanceClock(retryAfterMs(response) as number);
        expect((await lookup(client, 'siren/000000000')).body.error).toBe('not_found');
      });

      it('reports -1 remaining on the lifetime tier', async () => {
        const { body } = await lookup(await start({ tier: 'lifetime' }), 'siren/732829320');
        expect(body.meta).toMatchObject({ rate_limit_remaining_minute: -1, rate_limit_remaining_day: -1 });
      });

      it('answers HEAD as GET without a body, OPTIONS as an uncounted preflight, and other methods with 405', async () => {
        const client = await start();
        const get = await client.request(`${SIRET}73282932000074`);
        const head = await client.request(`${SIRET}73282932000074`, { method: 'HEAD' });
        expect([head.status, await head.text()]).toEqual([get.status, '']);
        expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(await get.text()).byteLength));
        const preflight = await client.request(`${SIREN}732829320`, {
          method: 'OPTIONS',
          headers: { origin: 'https://app.example', 'access-control-request-method': 'GET' },
        });
        expect(preflight.status).toBe(204);
        const post = await client.request(`${SIREN}732829320`, { method: 'POST', body: '{}' });
        expectError(post, (await post.json()) as Body, 405, 'method_not_allowed');
        expect((await client.json()).body.meta?.rate_limit_remaining_minute).toBe(7);
      });
    });

    describe('OpenAPI document', () => {
      it('serves a valid OpenAPI 3.1 document, uncounted, whatever the Authorization', async () => {
        const client = await start();
        for (const headers of [{}, { authorization: 'Bearer unknown' }] as Array<Record<string, string>>) {
          const response = await client.request('/api/v1/openapi.json', { headers });
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/json');
          expectCommonHeaders(response);
          const document = (await response.json()) as { openapi: string; paths: Record<string, unknown> };
          expect(document.openapi).toMatch(/^3\.1\./);
          expect(Object.keys(document.paths)).toEqual(expect.arrayContaining([GENERATE, `${SIRET}{siret}`, `${SIREN}{siren}`]));
          await expect(SwaggerParser.validate(structuredClone(document) as never)).resolves.toBeTruthy();
        }
        const get = await client.request('/api/v1/openapi.json');
        const head = await client.request('/api/v1/openapi.json', { method: 'HEAD' });
        expect([head.status, await head.text()]).toEqual([200, '']);
        expect(head.headers.get('content-length')).toBe(String(new TextEncoder().encode(await get.text()).length));
        expect((await client.json()).body.meta?.rate_limit_remaining_minute).toBe(9);
      });
    });

    if (servesHealthz)
      describe('/healthz', () => {
        it('answers GET and HEAD with 200 JSON, uncounted', async () => {
          const client = await start();
          const response = await client.request('/healthz', { headers: { authorization: 'Bearer unknown' } });
          expect(response.status).toBe(200);
          expect(response.headers.get('content-type')).toBe('application/json');
          expectCommonHeaders(response);
          const bytes = new TextEncoder().encode(await response.text()).length;
          const head = await client.request('/healthz', { method: 'HEAD' });
          expect([head.status, await head.text()]).toEqual([200, '']);
          expect(head.headers.get('content-length')).toBe(String(bytes));
          expect((await client.json()).body.meta?.rate_limit_remaining_minute).toBe(9);
        });
      });

    describe('failures', () => {
      it('answers 503 quota_store_unavailable with retry_after 1 and Retry-After: 1 when the quota store is unreachable', async () => {
        const store: QuotaStore = {
          consume() {
            throw new QuotaStoreUnavailableError('connect ECONNREFUSED 127.0.0.1:6379');
          },
          reset() {},
        };
        const { response, body } = await (await start({ store })).json();
        expectError(response, body, 503, 'quota_store_unavailable');
        expect(body.retry_after).toBe(1);
        expect(response.headers.get('retry-after')).toBe('1');
      });

      it('answers anything unexpected with a JSON 500 internal_error that leaks nothing', async () => {
        const store: QuotaStore = {
          consume: () => Promise.reject(new Error('secret detail at /srv/app/quota.js:12')),
          reset() {},
        };
        const { response, body } = await (await start({ store })).json();
        expectError(response, body, 500, 'internal_error');
        expect(JSON.stringify(body)).not.toMatch(/secret|\/srv|\.js:/);
      });
    });
  });
}
