// The OpenAPI document as a code generator reads it: openapi-typescript turns the served document into types, a strict
// TypeScript client written with openapi-fetch against those types must type-check (quantity: 5 and seed: 42 are integers,
// data and meta are typed, the 429's retry_after is a required number), and then run against the real server.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../src/node/create-server.js';

const DIR = fileURLToPath(new URL('../test-artifacts/typed-client/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const CLIENT = `import createClient from 'openapi-fetch';
import type { paths } from './schema.js';

type Limited = paths['/api/v1/generate']['get']['responses'][429]['content']['application/json'];
// Compiles only if the 429's retry_after is required and a number.
const retryAfterIsRequired: Limited['retry_after'] extends number ? true : false = true;

export async function run(baseUrl: string): Promise<{ count: number; sirets: string[]; source: string; remaining: number; retryAfter: number }> {
  const client = createClient<paths, 'application/json'>({ baseUrl });
  const first = await client.GET('/api/v1/generate', { params: { query: { quantity: 5, seed: 42 } } });
  if (first.data === undefined) throw new Error('expected records');
  const sirets: string[] = first.data.data.map((record) => record.siret);
  const remaining: number = first.data.meta.rate_limit_remaining_minute;
  const second = await client.GET('/api/v1/generate', { params: { query: { quantity: 5 } } });
  if (second.response.status !== 429 || second.error === undefined) throw new Error('expected a 429');
  const limited = second.error as Limited;
  return { count: first.data.count, sirets, source: first.data.meta.source, remaining, retryAfter: limited.retry_after + (retryAfterIsRequired ? 0 : 1) };
}
`;

function tsc(args: string[]): Promise<string> {
  return new Promise((resolve) =>
    execFile(process.execPath, [TSC, ...args], { cwd: DIR }, (_error, stdout, stderr) => resolve(`${stdout}${stderr}`)),
  );
}

let server: SiretServer | undefined;
afterAll(() => server?.close());

describe('a client generated from the OpenAPI document', () => {
  it('type-checks in strict mode with openapi-fetch and reads records, meta and the 429 from the real server', async () => {
    server = createSiretServer({ demoDir: false, log: () => undefined, limits: { perMinute: 1 } });
    const url = await server.listen(0);
    const document = (await (await fetch(new URL('/api/v1/openapi.json', url))).json()) as Record<string, unknown>;
    mkdirSync(DIR, { recursive: true });
    writeFileSync(`${DIR}schema.ts`, astToString(await openapiTS(document as never)));
    writeFileSync(`${DIR}client.ts`, CLIENT);
    const strict = ['--strict', '--noEmit', '--exactOptionalPropertyTypes', '--noUncheckedIndexedAccess', '--target', 'es2022'];
    const output = await tsc([
      ...strict,
      '--module',
      'nodenext',
      '--moduleResolution',
      'nodenext',
      '--lib',
      'es2023,dom',
      '--types',
      'node',
      'client.ts',
    ]);
    expect(output).toBe('');

    const { run } = (await import(`${DIR}client.ts`)) as { run(baseUrl: string): Promise<Record<string, unknown>> };
    const result = await run(url.origin);
    expect(result).toMatchObject({ count: 5, source: 'siret-mock', remaining: 0 });
    expect(result.sirets).toHaveLength(5);
    expect(result.retryAfter).toBeGreaterThanOrEqual(1);
  }, 120_000);
});
