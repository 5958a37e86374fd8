import { Ajv2020 } from 'ajv/dist/2020.js';
import { JSON_SCHEMAS, type JsonSchemaName } from '../../src/http/contract/json-schemas.js';

// The JSON Schemas the OpenAPI document publishes, checked with an independent validator (Ajv, JSON Schema 2020-12): a body
// that passes here is one a client validating against the project's own document accepts.
const ID = 'https://siret-mock.invalid/openapi.json';
const ajv = new Ajv2020({ allErrors: true, strict: false, validateFormats: false });
ajv.addSchema({ $id: ID, components: { schemas: JSON_SCHEMAS } });

/** The validation errors of `value` against one published schema, as text; `[]` when it matches. */
export function wireSchemaErrors(name: JsonSchemaName, value: unknown): string[] {
  const validate = ajv.getSchema(`${ID}#/components/schemas/${name}`);
  if (validate === undefined) throw new Error(`no schema ${name}`);
  return validate(value) ? [] : (validate.errors ?? []).map((error) => `${error.instancePath} ${error.message ?? ''}`);
}
