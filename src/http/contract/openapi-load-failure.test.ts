import { afterEach, expect, it, vi } from 'vitest';

// The OpenAPI module is loaded on first request. Where that load fails (a runtime without import(), as Jest's CommonJS
// runtime once was, or a file missing from an install), the 500 must say so, without a path, and a later request retries.
afterEach(() => {
  vi.doUnmock('./openapi-document.js');
  vi.resetModules();
});

it('answers a 500 that names why the OpenAPI module did not load, without its path, and retries on the next request', async () => {
  vi.resetModules();
  let failures = 1;
  vi.doMock('./openapi-document.js', async (importOriginal) => {
    if (failures-- > 0) {
      const error = new TypeError("Cannot load module '/home/ci/secret-project/node_modules/siret-mock/dist/chunks/openapi-document.js'");
      Object.assign(error, { code: 'ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING' });
      throw error;
    }
    return importOriginal();
  });
  const { createApp } = await import('../create-app.js');
  const app = createApp();
  const url = 'http://service.test/api/v1/openapi.json';

  const failed = await app.fetch(new Request(url));
  expect(failed.status).toBe(500);
  const body = (await failed.json()) as { error: string; message: string };
  expect(body.error).toBe('internal_error');
  expect(body.message).toContain('OpenAPI document could not be built');
  expect(body.message).toContain('ERR_VM_DYNAMIC_IMPORT_CALLBACK_MISSING');
  expect(body.message).toContain('Cannot load module');
  expect(body.message).toContain('siret-mock/openapi.json');
  expect(body.message).not.toContain('/home/ci');
  expect(body.message).not.toContain('secret-project');

  const retried = await app.fetch(new Request(url));
  expect(retried.status).toBe(200);
  expect(((await retried.json()) as { openapi: string }).openapi).toMatch(/^3\.1/);
});
