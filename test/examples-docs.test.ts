// examples/playwright and examples/vite-react run the README's dev-worker snippet, and examples/playwright docs/msw.md's
// Vite config, as they are written: these keep the copies identical, so the examples test what users copy.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const block = (markdown: string, name: string): string | undefined =>
  new RegExp(`<!-- ${name}:start -->\\n\`\`\`ts\\n([\\s\\S]*?)\`\`\`\\n<!-- ${name}:end -->`).exec(markdown)?.[1];

it("runs the README's enableMocking() as written in examples/playwright and examples/vite-react, and docs/msw.md shows the same", () => {
  const snippet = block(read('README.md'), 'dev-worker');
  expect(snippet).toContain("import.meta.env.VITE_SIRET_MOCK === 'off'");
  expect(read('examples/playwright/src/main.ts')).toBe(`import { renderApp } from './app.ts';\n\n${snippet}`);
  expect(read('examples/vite-react/src/main.tsx')).toBe(`import { renderApp } from './app.tsx';\n\n${snippet}`);
  expect(block(read('docs/msw.md'), 'dev-worker')).toBe(snippet);
});

it("builds examples/playwright with docs/msw.md's Vite config, the one that leaves the worker out", () => {
  const config = block(read('docs/msw.md'), 'vite-config');
  expect(config).toContain('mockServiceWorker.js');
  expect(read('examples/playwright/vite.config.ts')).toBe(config);
});
