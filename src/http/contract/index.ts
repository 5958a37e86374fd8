// The contract as documents: the OpenAPI route, whose document and JSON Schemas load on its first request.
export { createOpenApiRoute, PACKAGE_VERSION } from './openapi-route.js';
export type { JsonSchemaName } from './json-schemas.js';
