import { describe, expect, it } from 'vitest';
import { JSON_SCHEMAS } from './json-schemas.js';
import { createOpenApiDocument } from './openapi-document.js';
import { PACKAGE_VERSION } from './package-version.js';
import { ROUTES } from './routes.js';

type Operation = {
  security?: unknown[];
  responses: Record<string, { content?: Record<string, { schema: { $ref?: string } }> }>;
  parameters?: Array<{ name: string; schema: Record<string, unknown> }>;
};
const document = createOpenApiDocument({ quota: { perMinute: 4, perDay: 40 }, maxQuantity: { free: 20, lifetime: 70 } }) as {
  info: { version: string };
  servers: unknown[];
  paths: Record<string, Record<string, Operation>>;
  components: { schemas: typeof JSON_SCHEMAS };
};

describe('the OpenAPI document', () => {
  it('documents every path of the route table with every method it answers, each with security and a 4xx', () => {
    expect(Object.keys(document.paths)).toEqual(ROUTES.map((route) => route.path));
    for (const route of ROUTES) {
      const item = document.paths[route.path] ?? {};
      expect(Object.keys(item).sort()).toEqual(['get', 'head', 'options']);
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
      '#/components/schemas/RateLimitError',
    );
    expect(JSON_SCHEMAS.RateLimitError.required).toEqual(expect.arrayContaining(['retry_after', 'upgrade']));
    expect(JSON.stringify(JSON_SCHEMAS.GenerateMeta)).toContain('"format":"date-time"');
    expect(JSON.stringify(JSON_SCHEMAS.Error)).toContain('"format":"uri"');
  });

  it('states the configured limits and the package version', () => {
    const text = JSON.stringify(document);
    expect(text).toContain('at most 20 records, 4 requests per fixed 60 s window');
    expect(text).toContain('40 per UTC day');
    expect(text).not.toMatch(/\b(50|100) (records|requests|per)/);
    expect(document.info.version).toBe(PACKAGE_VERSION);
  });
});
