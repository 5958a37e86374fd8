// docs/fixtures.md shows the test files of test/fixtures-guide/ as its examples: this keeps each block identical to its test.
import { readdirSync, readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');
const PUBLISHED: ReadonlyArray<readonly [string, string]> = [
  ["'../../src/index.js'", "'siret-mock'"],
  ["'../../src/faker/index.js'", "'siret-mock/faker'"],
  ["'../../mocks/index.js'", "'siret-mock/msw'"],
];

it.each(readdirSync(new URL('./fixtures-guide/', import.meta.url)).filter((file) => file.endsWith('.test.ts')))(
  'shows test/fixtures-guide/%s verbatim in docs/fixtures.md, with the published import paths',
  (file) => {
    const name = file.replace(/(\.jsdom)?\.test\.ts$/, '');
    const block = new RegExp(`<!-- example:${name} -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n<!-- /example -->`).exec(
      read('../docs/fixtures.md'),
    )?.[1];
    let source = read(`./fixtures-guide/${file}`);
    for (const [from, to] of PUBLISHED) source = source.replaceAll(from, to);
    expect(block).toBe(source);
  },
);
