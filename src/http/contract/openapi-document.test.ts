import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { JSON_SCHEMAS } from './json-schemas.js';
import { createOpenApiDocument } from './openapi-document.js';
import { PACKAGE_VERSION } from './openapi-route.js';
import { ROUTES, ERRORS, type ErrorCode } from '../app/index.js';

type Schema = { $ref?: string; oneOf?: Schema[]; discriminator?: unknown; properties?: { error?: { const?: string } } };
type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: Schema }> }>;
  parameters?: Array<{ name: string; schema: Record<string, unknown> }>;
};
const SETTINGS = {
  quota: { perMinute: 4, perDay: 40 },
  maxQuantity: { free: 20, lifetime: 70 },
  rateLimitHeaders: 'draft',
  retryAfter: 'seconds',
} as const;
const document = createOpenApiDocument(SETTINGS) as {
  info: { version: string };
  servers: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: typeof JSON_SCHEMAS };
};

describe('the OpenAPI document', () => {
  it('documents every path of the route table with every method it answers, each with security and a 4xx', () => {
    expect(Object.keys(document.paths)).toEqual(ROUTES.map((route) => route.path));
    for (const route of ROUTES) {
      const { parameters, ...item } = (document.paths[route.path] ?? {}) as Record<string, Operation> & { parameters?: unknown };
      expect(Object.keys(item).sort()).toEqual(['get', 'head', 'options']);
      // A lookup's number is a parameter of the path, shared by its operations.
      expect(parameters).toEqual(route.path.endsWith('}') ? [expect.objectContaining({ in: 'path', required: true })] : undefined);
      for (const operation of Object.values(item)) {
        expect(operation.security).toBeDefined();
        expect(Object.keys(operation.responses).some((status) => status.startsWith('4'))).toBe(true);
      }
    }
    expect(document.servers).toHaveLength(1);
  });

  it('types quantity and seed as integers within their ranges', () => {
    const parameters = document.paths['/api/v1/generate']?.get?.parameters ?? [];
    const schema = (name: string) => parameters.find((parameter) => parameter.name === name)?.schema;
    expect(schema('quantity')).toMatchObject({ type: 'integer', minimum: 1, maximum: 70, default: 5 });
    expect(schema('seed')).toMatchObject({ type: 'integer', minimum: 0, maximum: 4294967295 });
  });

  it('gives the 429 a schema where retry_after and upgrade are required, and formats to dates and URLs', () => {
    expect(document.paths['/api/v1/generate']?.get?.responses['429']?.content?.['application/json']?.schema.$ref).toBe(
      '#/components/schemas/RateLimitExceeded',
    );
    expect(JSON_SCHEMAS.RateLimitExceeded).toMatchObject({
      required: ['error', 'message', 'retry_after', 'upgrade'],
      properties: { error: { const: 'rate_limit_exceeded' }, upgrade: { format: 'uri' } },
    });
    expect(JSON.stringify(JSON_SCHEMAS.GenerateMeta)).toContain('"format":"date-time"');
  });

  it('answers each refusal with the schemas of codes of its status, a union discriminated on error where there are several', () => {
    const control = createOpenApiDocument({ ...SETTINGS, control: true }) as typeof document;
    const codeOf = (ref: string | undefined) =>
      (control.components.schemas as Record<string, Schema>)[ref?.split('/').pop() ?? '']?.properties?.error?.const;
    const operations = Object.values(control.paths).flatMap(({ get, head, options, post }) => [get, head, options, post]);
    for (const operation of operations.filter((candidate) => candidate !== undefined)) {
      for (const [status, response] of Object.entries(operation.responses).filter(([status]) => Number(status) >= 400)) {
        const schema = response.content?.['application/json']?.schema ?? {};
        const refs = schema.oneOf?.map((member) => member.$ref) ?? [schema.$ref];
        const codes = refs.map(codeOf);
        for (const code of codes) expect(ERRORS[code as ErrorCode]?.status, `${status} ${code}`).toBe(Number(status));
        if (schema.oneOf)
          expect(schema.discriminator).toEqual({
            propertyName: 'error',
            mapping: Object.fromEntries(codes.map((code, i) => [code, refs[i]])),
          });
      }
    }
    const generate400 = document.paths['/api/v1/generate']?.get?.responses['400']?.content?.['application/json']?.schema;
    expect(generate400?.oneOf).toHaveLength(5);
  });

  it('lists the schemas its paths use and no other', () => {
    const names = Object.keys(document.components.schemas);
    expect(names).toEqual(
      expect.arrayContaining(['GenerateResponse', 'CompanyRecord', 'GenerateMeta', 'Health', 'RateLimitExceeded', 'InvalidQuantity']),
    );
    expect(names).not.toContain('Error');
    expect(names).not.toContain('ControlForbidden');
    const control = createOpenApiDocument({ ...SETTINGS, control: true }) as typeof document;
    expect(Object.keys(control.components.schemas)).toContain('ControlForbidden');
  });

  it('states the configured limits and the package version', () => {
    const text = JSON.stringify(document);
    expect(text).toContain('at most 20 records, 4 requests per fixed 60 s window');
    expect(text).toContain('40 per UTC day');
    expect(text).not.toMatch(/\b(50|100) (records|requests|per)/);
    expect(document.info.version).toBe(PACKAGE_VERSION);
  });
});

describe('PACKAGE_VERSION', () => {
  it('is the version in package.json, so the OpenAPI document states the version it ships in', () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { version: string };
    expect(PACKAGE_VERSION).toBe(pkg.version);
  });
});
