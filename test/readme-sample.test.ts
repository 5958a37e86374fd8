import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generateCompanies } from '../src/index.js';

describe('README', () => {
  it('shows the record that `siret-mock generate --count 1 --seed 42` really prints', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const sample = /`siret-mock generate --count 1 --seed 42`\):\n\n```json\n(.*)\n```/.exec(readme)?.[1];
    expect(sample).toBeDefined();
    expect(JSON.parse(sample as string)).toEqual(generateCompanies(1, { seed: 42 })[0]);
  });
});

describe('README example', () => {
  it('is test/readme-example.test.ts verbatim, with the published import path', () => {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    const block = /<!-- example:start -->\n```ts\n([\s\S]*?)```\n<!-- example:end -->/.exec(readme)?.[1];
    const source = readFileSync(new URL('./readme-example.test.ts', import.meta.url), 'utf8').replace(
      "from '../mocks/index.js'",
      "from 'siret-mock/msw'",
    );
    expect(block).toBe(source);
  });
});
