// docs/recipes.md shows the code of the projects in examples/, which CI installs from the tarball and tests: each block
// marked `<!-- example: path -->` must be that file, or a run of its lines, as it is. No unmarked code block in the page.
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');
const page = read('docs/recipes.md');
const BLOCK = /^(?:<!-- example: (\S+) -->\n)?```(\w+)\n([\s\S]*?)^```$/gm;
const blocks = [...page.matchAll(BLOCK)].map(([, path, lang, code]) => ({ path, lang, code: code as string }));
const marked = blocks.filter((block) => block.path !== undefined) as { path: string; lang: string; code: string }[];

it('marks every code block but the shell commands with the example file it comes from', () => {
  expect(marked.length).toBeGreaterThanOrEqual(9);
  expect(blocks.filter((block) => block.path === undefined).map((block) => block.lang)).toEqual(
    blocks.filter((block) => block.lang === 'sh').map(() => 'sh'),
  );
});

it.each(marked.map((block) => [block.path, block]))('shows %s as it is in the example', (path, block) => {
  const file = read(path);
  if (block.code === file) return;
  // An excerpt: whole lines, contiguous, in the file's order.
  expect(block.code.endsWith('\n')).toBe(true);
  expect(`\n${file}`).toContain(`\n${block.code}`);
});
