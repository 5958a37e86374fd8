// The extension options of the handler and the server: extra fields and the edge-case profile, never on by default.
import SwaggerParser from '@apidevtools/swagger-parser';
import { Ajv2020 } from 'ajv/dist/2020.js';
import { setupServer } from 'msw/node';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createRecordsDb } from '../mocks/data.js';
import { createHandlers } from '../mocks/index.js';
import { COMPANY_FIELDS, EXTRA_FIELDS, generateCompanyFixtures, NEGATIVE_CASES } from '../src/index.js';
import { toFixtureCsv } from '../src/core/fixtures/index.js';
import { createApp } from '../src/http/create-app.js';
import { runServeSync, startServerProcess, type ServerProcess } from './services/server-process.js';

const url = (query: string): string => `http://localhost/api/v1/generate${query}`;
type Body = { data: Array<Record<string, unknown>> };

describe('createApp fields and profile options', () => {
  it('serves exactly the six spec fields by default', async () => {
    const body = (await (await createApp().fetch(new Request(url('?seed=5&quantity=20')))).json()) as Body;
    for (const record of body.data) expect(Object.keys(record)).toEqual([...COMPANY_FIELDS]);
  });

  it('adds the extra fields and the profile to JSON records: the records of generateCompanyFixtures with those options', async () => {
    const app = createApp({ fields: ['naf_code', 'vat_number'], profile: 'edge-cases' });
    const body = (await (await app.fetch(new Request(url('?seed=5&quantity=50')))).json()) as Body;
    expect(body.data).toEqual(generateCompanyFixtures(50, { seed: 5, fields: ['vat_number', 'naf_code'], profile: 'edge-cases' }));
    expect(Object.keys(body.data.find((r) => r.vat_number !== undefined) ?? {})).toEqual([
      ...COMPANY_FIELDS,
      'address_line_2',
      'cedex',
      'edge_cases',
      'vat_number',
      'naf_code',
    ]);
  });

  it('adds them as CSV columns for a lifetime caller', async () => {
    const app = createApp({ tier: 'lifetime', fields: ['legal_form'] });
    const text = await (await app.fetch(new Request(url('?seed=9&quantity=10&format=csv')))).text();
    expect(text).toBe(toFixtureCsv(generateCompanyFixtures(10, { seed: 9, fields: ['legal_form'] }), ['legal_form']));
  });

  it('refuses an unknown field or profile at creation, naming the allowed values', () => {
    expect(() => createApp({ fields: ['vat' as never] })).toThrow(/unknown field "vat"/);
    expect(() => createApp({ profile: 'odd' as never })).toThrow(/profile must be one of default, edge-cases/);
  });

  it('describes the extension fields in the OpenAPI document as optional record properties', async () => {
    const document = (await (await createApp().fetch(new Request('http://localhost/api/v1/openapi.json'))).json()) as {
      components: { schemas: { CompanyRecord: { properties: Record<string, { description: string }>; required: string[] } } };
    };
    await SwaggerParser.validate(structuredClone(document) as never);
    const record = document.components.schemas.CompanyRecord;
    expect(record.required).toEqual([...COMPANY_FIELDS]);
    for (const field of [...EXTRA_FIELDS, 'ceased_on', 'edge_cases', 'negative_case', 'valid', 'reason'])
      expect(record.properties[field]?.description).toMatch(/^Extension, absent by default/);
  });

  it('serves extension records that the published CompanyRecord schema accepts (Ajv, JSON Schema 2020-12)', async () => {
    const document = (await (await createApp().fetch(new Request('http://localhost/api/v1/openapi.json'))).json()) as {
      components: object;
    };
    const ajv = new Ajv2020({ allErrors: true, strict: false });
    ajv.addSchema({ $id: 'https://doc.invalid/openapi.json', components: document.components });
    const validate = ajv.getSchema('https://doc.invalid/openapi.json#/components/schemas/CompanyRecord');
    for (const profile of ['default', 'edge-cases', 'negative'] as const) {
      const app = createApp({ tier: 'lifetime', fields: [...EXTRA_FIELDS], profile });
      const body = (await (await app.fetch(new Request(url('?seed=11&quantity=100')))).json()) as Body;
      for (const record of body.data) expect(validate?.(record), `${profile} ${JSON.stringify(validate?.errors)}`).toBe(true);
      // An unknown field is still refused: the schema lists the extension fields, it does not open the record.
      expect(validate?.({ ...body.data[0], other: 'x' })).toBe(false);
    }
  });
});

describe('createApp negative profile', () => {
  it('serves every case of the profile, each with valid and a reason, a record of generateCompanyFixtures', async () => {
    const app = createApp({ tier: 'lifetime', profile: 'negative' });
    const body = (await (await app.fetch(new Request(url('?seed=21&quantity=100')))).json()) as Body;
    expect(body.data).toEqual(generateCompanyFixtures(100, { seed: 21, profile: 'negative' }));
    expect(new Set(body.data.map((r) => r.negative_case))).toEqual(new Set(NEGATIVE_CASES));
    for (const r of body.data) {
      expect(typeof r.valid).toBe('boolean');
      expect(r.reason).toMatch(/\w{3}/);
    }
  });
});

describe('createHandlers fields and profile options (MSW)', () => {
  const mock = createHandlers({ fields: ['created_on', 'status', 'postal_lines'], profile: 'edge-cases', db: createRecordsDb() });
  const server = setupServer(...mock.handlers);
  beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
  afterEach(() => server.resetHandlers());
  afterAll(() => server.close());

  it('serves the records of the options through fetch', async () => {
    const body = (await (await fetch(url('?seed=77&quantity=30'))).json()) as Body;
    expect(body.data).toEqual(
      generateCompanyFixtures(30, { seed: 77, fields: ['created_on', 'status', 'postal_lines'], profile: 'edge-cases' }),
    );
    // The served-records db keeps the six spec fields of each (its schema is the API's record).
    const six = (r: object) => Object.fromEntries(COMPANY_FIELDS.map((f) => [f, (r as Record<string, unknown>)[f]]));
    expect(mock.db.all().slice(-30).map(six)).toEqual(body.data.map(six));
  });

  it('serves the negative profile, each record with valid and a reason', async () => {
    server.use(...createHandlers({ profile: 'negative', fields: ['insee_code'] }).handlers);
    const body = (await (await fetch(url('?seed=5&quantity=16'))).json()) as Body;
    expect(body.data).toEqual(generateCompanyFixtures(16, { seed: 5, profile: 'negative', fields: ['insee_code'] }));
    expect(body.data.filter((r) => r.valid === false).map((r) => r.negative_case)).toContain('vat-wrong-key');
  });
});

describe('siret-mock serve --fields --profile', () => {
  let server: ServerProcess | undefined;
  afterAll(async () => server?.stop('SIGKILL'));

  it('serves the extra fields and the profile the flags name', async () => {
    server = await startServerProcess([
      '--port',
      '0',
      '--quiet',
      '--fields',
      'vat_number,created_on,insee_code,cedex',
      '--profile',
      'negative',
    ]);
    const body = (await (await fetch(new URL('/api/v1/generate?seed=3&quantity=20', server.url))).json()) as Body;
    expect(body.data).toEqual(
      generateCompanyFixtures(20, { seed: 3, fields: ['vat_number', 'created_on', 'insee_code', 'cedex'], profile: 'negative' }),
    );
  });

  it('refuses an unknown field or profile with exit code 2, and lists both flags under --help', () => {
    const field = runServeSync(['--fields', 'vat_number,nope']);
    expect(field.status).toBe(2);
    expect(field.stderr).toMatch(/--fields must be a comma-separated list of vat_number, .*, got "vat_number,nope"/);
    expect(runServeSync([], { SIRET_MOCK_PROFILE: 'odd' }).status).toBe(2);
    const help = runServeSync(['--help']).stdout;
    expect(help).toMatch(/--fields .*SIRET_MOCK_FIELDS/);
    expect(help).toMatch(/--profile .*SIRET_MOCK_PROFILE/);
  });
});
