// The OpenAPI document as a code generator reads it: openapi-typescript turns the served document into types, a strict
// TypeScript client written with openapi-fetch against those types must type-check (quantity: 5 and seed: 42 are integers,
// data and meta are typed, a 429 narrows on `error` to a body whose retry_after and upgrade are required), and then run
// against the real server. The package's own ErrorResponse narrows the same way, in the same tsc program.
import { execFile } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { afterAll, describe, expect, it } from 'vitest';
import { createSiretServer, type SiretServer } from '../src/node/server/index.js';

const DIR = fileURLToPath(new URL('../test-artifacts/typed-client/', import.meta.url));
const TSC = createRequire(import.meta.url).resolve('typescript/bin/tsc');

const CLIENT = `import createClient from 'openapi-fetch';
import type { ErrorResponse } from 'siret-mock';
import type { paths } from './schema.js';

// The package's error type is a union on \`error\`: each code's extras are typed where the code says they are present.
export function describe(body: ErrorResponse): string {
  if (body.error === 'rate_limit_exceeded') {
    const seconds: number = body.retry_after;
    const upgrade: string = body.upgrade;
    return \`retry in \${seconds} s or see \${upgrade}\`;
  }
  if (body.error === 'uri_too_long') return \`at most \${body.max_length satisfies number} bytes\`;
  return body.message;
}

export async function run(baseUrl: string): Promise<{ count: number; sirets: string[]; source: string; remaining: number; retryAfter: number; upgrade: string }> {
  const client = createClient<paths, 'application/json'>({ baseUrl });
  const first = await client.GET('/api/v1/generate', { params: { query: { quantity: 5, seed: 42 } } });
  if (first.data === undefined) throw new Error('expected records');
  const sirets: string[] = first.data.data.map((record) => record.siret);
  const remaining: number = first.data.meta.rate_limit_remaining_minute;
  const second = await client.GET('/api/v1/generate', { params: { query: { quantity: 5 } } });
  if (second.error === undefined) throw new Error('expected a 429');
  // Narrowed on the code alone, no cast: the generated error type is a union on \`error\`.
  if (second.error.error !== 'rate_limit_exceeded') throw new Error(\`expected a 429, got \${second.error.error}\`);
  const retryAfter: number = second.error.retry_after;
  const upgrade: string = second.error.upgrade;
  return { count: first.data.count, sirets, source: first.data.meta.source, remaining, retryAfter, upgrade };
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
    expect(result.upgrade).toBe(`${url.origin}/pricing`);
  }, 120_000);
});
