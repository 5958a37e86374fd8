// docs/msw.md shows test/readme-example.test.ts as a copy-paste example: this keeps the two identical.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(path, import.meta.url), 'utf8');

it('shows test/readme-example.test.ts verbatim in docs/msw.md, with the published import path', () => {
  const docs = read('../docs/msw.md');
  const block = /<!-- example:start -->\n```ts\n([\s\S]*?)```\n<!-- example:end -->/.exec(docs)?.[1];
  const source = read('./readme-example.test.ts').replace("from '../mocks/index.js'", "from 'siret-mock/msw'");
  expect(block).toBe(source);
});
