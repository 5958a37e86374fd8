// The fenced code blocks of the repository's documentation, read with mdast-util-from-markdown (the parser under remark),
// each with the HTML comment that stands on the line right before it: the marker that says what the block is. CONTRIBUTING.md
// ("Docs are code") lists the markers; test/docs.test.ts checks every block by them.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Code, Html, Nodes, Parents } from 'mdast';
import { fromMarkdown } from 'mdast-util-from-markdown';

export const ROOT: string = fileURLToPath(new URL('../..', import.meta.url));

/** The pages the docs check covers: the README, CONTRIBUTING.md and every page of docs/. */
export const DOC_FILES: readonly string[] = [
  'README.md',
  'CONTRIBUTING.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .sort()
    .map((name) => `docs/${name}`),
];

export interface DocBlock {
  /** The page, relative to the repository root. */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  /** The info string's first word (`ts`, `sh`, `json`...), or `''`. */
  lang: string;
  code: string;
  /** The text of an HTML comment on the line right before the fence (`example: test/x.test.ts`), if there is one. */
  marker: string | undefined;
  /** The fenced block before this one in the same section or list item, with only prose between them. */
  previous: DocBlock | undefined;
}

const COMMENT = /^<!--\s*([\s\S]*?)\s*-->$/;

/** The fenced code blocks of one page, in order. */
export function docBlocks(file: string): DocBlock[] {
  const tree = fromMarkdown(readFileSync(join(ROOT, file), 'utf8'));
  const blocks: DocBlock[] = [];
  const visit = (parent: Parents): void => {
    let previous: DocBlock | undefined;
    parent.children.forEach((node: Nodes, index) => {
      if (node.type === 'heading') previous = undefined;
      if (node.type === 'code') {
        const block = toBlock(file, node, parent.children[index - 1], previous);
        blocks.push(block);
        previous = block;
      } else if ('children' in node) visit(node);
    });
  };
  visit(tree);
  return blocks;
}

function toBlock(file: string, node: Code, before: Nodes | undefined, previous: DocBlock | undefined): DocBlock {
  const line = node.position?.start.line ?? 0;
  const comment = before?.type === 'html' && before.position?.end.line === line - 1 ? COMMENT.exec((before as Html).value) : null;
  return { file, line, lang: node.lang ?? '', code: node.value === '' ? '' : `${node.value}\n`, marker: comment?.[1], previous };
}
