// The docs are code: every fenced block of README.md, CONTRIBUTING.md and docs/*.md is checked by the marker before it
// (CONTRIBUTING.md, "Docs are code", lists them). TypeScript blocks compile under `tsc --strict` against the built package,
// in one program; a block marked as an example is that file of the repository; an output sample is what the shell block
// before it prints, run here. Then the pages' links, the README's first commands (CI's first step), its data figures and
// every "N left" a page states beside a quota state.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, posix, relative } from 'node:path';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { createHandlers } from '../mocks/index.js';
import { generateCompanies, type CompanyRecord } from '../src/index.js';
import { runShellBlock } from './support/doc-commands.js';
import { DOC_FILES, docBlocks, ROOT, type DocBlock } from './support/doc-blocks.js';
import { loadGeography, recordGeography, totalVariation } from './support/geography.js';

const read = (path: string): string => readFileSync(join(ROOT, path), 'utf8');
const BLOCKS = DOC_FILES.flatMap(docBlocks);
const where = (block: DocBlock): string => `${block.file}:${block.line}`;

const TYPESCRIPT = ['ts', 'tsx'];
const SCRIPT = ['js', 'cjs', 'mjs'];
const SHELL = ['sh'];
const OUTPUT = ['json', 'http', 'text'];

/** The repository paths a block is a copy of (`<!-- example: path [path...] -->`). */
const examplePaths = (block: DocBlock): string[] => (/^example:\s+(.+)$/.exec(block.marker ?? '')?.[1] ?? '').split(/\s+/).filter(Boolean);
const isExample = (block: DocBlock): boolean => examplePaths(block).length > 0;
const MARKERS = [/^example:\s+\S/, /^fragment$/, /^illustrative$/, /^typed-client:(commands|code)$/];

describe('the marker before each block', () => {
  it('is one the docs check knows, on a block of a kind it checks', () => {
    const unknown = BLOCKS.filter((block) => block.marker !== undefined && !MARKERS.some((marker) => marker.test(block.marker as string)));
    expect(unknown.map((block) => `${where(block)}: <!-- ${block.marker} -->`)).toEqual([]);
    const kinds = [...TYPESCRIPT, ...SCRIPT, ...SHELL, ...OUTPUT];
    expect(BLOCKS.filter((block) => !kinds.includes(block.lang)).map((block) => `${where(block)}: \`\`\`${block.lang}`)).toEqual([]);
    // A script block is shown as a file CI runs; a shell block runs as written, so it names no fragment.
    expect(BLOCKS.filter((block) => SCRIPT.includes(block.lang) && !isExample(block)).map(where)).toEqual([]);
    expect(BLOCKS.filter((block) => block.marker === 'fragment' && !TYPESCRIPT.includes(block.lang)).map(where)).toEqual([]);
  });
});

// Each export of package.json by the source file it is built from: `src/index.js` is `siret-mock`.
const manifest = JSON.parse(read('package.json')) as { exports: Record<string, string | { import?: { default: string } }> };
const PUBLISHED = new Map(
  Object.entries(manifest.exports).flatMap(([subpath, target]) =>
    typeof target === 'object' && target.import
      ? [[target.import.default.replace(/^\.\/dist\//, ''), `siret-mock${subpath.slice(1)}`] as const]
      : [],
  ),
);

/** A repository file as a user copies it: its relative imports of the package's entry points written as the package's names. */
function asPublished(path: string): string {
  return read(path).replace(/from '(\.\.?\/[^']+)'/g, (statement, specifier: string) => {
    const name = PUBLISHED.get(posix.join(posix.dirname(path), specifier));
    return name === undefined ? statement : `from '${name}'`;
  });
}

describe('example blocks', () => {
  const examples = BLOCKS.filter(isExample);

  it.each(examples.flatMap((block) => examplePaths(block).map((path) => [`${where(block)} (${path})`, path, block] as const)))(
    '%s is the file, or a run of its lines, as it is',
    (_, path, block) => {
      const file = asPublished(path);
      if (block.code === file) return;
      expect(`\n${file}`).toContain(`\n${block.code}`);
    },
  );

  it('shows every test of the fixtures guide (test/fixtures-guide/)', () => {
    const shown = new Set(examples.flatMap(examplePaths));
    const guide = readdirSync(join(ROOT, 'test/fixtures-guide')).map((name) => `test/fixtures-guide/${name}`);
    expect(guide.filter((path) => !shown.has(path))).toEqual([]);
  });
});

/**
 * The blocks to compile: every TypeScript block but fragments and copies of examples/ files (each example compiles them
 * with its own `tsc`, where its framework is installed). A block marked `typed-client:code` imports `./siret-api.js`, the
 * types the `typed-client:commands` block generates: generated here the same way, from the built document.
 */
async function compile(blocks: readonly DocBlock[]): Promise<string[]> {
  const files = new Map<string, string>();
  const blockOf = new Map<string, DocBlock>();
  for (const block of blocks) {
    const [path] = examplePaths(block);
    const extension = path?.endsWith('.d.ts') ? 'd.ts' : block.lang;
    const name = join(ROOT, `${block.file}-${block.line}.${extension}`);
    files.set(name, block.code);
    blockOf.set(name, block);
    if (block.marker === 'typed-client:code') {
      const { default: openapiTS, astToString } = await import('openapi-typescript');
      const document = JSON.parse(read('dist/openapi.json')) as Parameters<typeof openapiTS>[0];
      files.set(join(ROOT, dirname(block.file), 'siret-api.d.ts'), astToString(await openapiTS(document)));
    }
  }
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.NodeNext,
    moduleResolution: ts.ModuleResolutionKind.NodeNext,
    moduleDetection: ts.ModuleDetectionKind.Force,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts', 'lib.dom.iterable.d.ts'],
    types: ['node'],
    skipLibCheck: true,
  };
  // The blocks live in memory beside their pages, inside the repository: `siret-mock` resolves to the repository itself
  // (a package may import itself by name), through its package.json exports, to dist/.
  const host = ts.createCompilerHost(options);
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => files.has(name) || fileExists.call(host, name);
  host.readFile = (name) => files.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, ...rest) => {
    const text = files.get(name);
    return text === undefined ? getSourceFile.call(host, name, language, ...rest) : ts.createSourceFile(name, text, language);
  };
  const program = ts.createProgram({ rootNames: [...blockOf.keys()], options, host });
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
    const block = diagnostic.file === undefined ? undefined : blockOf.get(diagnostic.file.fileName);
    if (block === undefined || diagnostic.file === undefined || diagnostic.start === undefined) return message;
    const { line } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
    return `${block.file}:${block.line + 1 + line}: ${message}`;
  });
}

describe('TypeScript blocks', () => {
  const compiled = BLOCKS.filter(
    (block) =>
      TYPESCRIPT.includes(block.lang) && block.marker !== 'fragment' && !examplePaths(block).some((path) => path.startsWith('examples/')),
  );

  // One tsc program parses the declarations of everything the blocks import (msw, vite, Vitest, Playwright, Storybook): the
  // slowest test of `npm test`, given more than the suite's timeout so that a loaded machine does not fail it.
  it('compile under tsc --strict against the built package, all in one program', { timeout: 60_000 }, async () => {
    expect(compiled.length).toBeGreaterThan(10);
    expect(await compile(compiled)).toEqual([]);
  });

  it('are whole modules: fragments stay rare', () => {
    expect(BLOCKS.filter((block) => block.marker === 'fragment').length).toBeLessThanOrEqual(2);
  });
});

/** An output sample as values: JSON (one document, or one per line) compared as data, other text line by line. */
function sampleOf(lang: string, text: string): unknown {
  if (lang !== 'json') return text.trimEnd().split('\n');
  try {
    return [JSON.parse(text)];
  } catch {
    return text
      .split('\n')
      .filter((line) => line.trim() !== '')
      .map((line) => JSON.parse(line) as unknown);
  }
}

describe('output samples', () => {
  const samples = BLOCKS.filter((block) => OUTPUT.includes(block.lang) && block.marker !== 'illustrative');

  it('follow the shell block that prints them (or are marked illustrative, which stays rare)', () => {
    expect(samples.filter((block) => !SHELL.includes(block.previous?.lang ?? '')).map(where)).toEqual([]);
    expect(BLOCKS.filter((block) => block.marker === 'illustrative').length).toBeLessThanOrEqual(1);
  });

  it.each(samples.map((block) => [where(block), block] as const))('%s is what its commands print, run now', async (_, block) => {
    const output = await runShellBlock(block.previous?.code ?? '');
    if (block.lang === 'http') {
      // A sample of headers shows the status line and the headers it is about, each as the answer has it.
      const lines = new Set(
        output
          .split('\n\n')[0]
          ?.split('\n')
          .map((line) => line.replace(/^[^:]+:/, (name) => name.toLowerCase())),
      );
      const shown = block.code.trimEnd().split('\n');
      expect(shown.filter((line) => !lines.has(line.replace(/^[^:]+:/, (name) => name.toLowerCase())))).toEqual([]);
    } else {
      expect(sampleOf(block.lang, block.code)).toEqual(sampleOf(block.lang, output));
    }
  });
});

/** Prose, list items, table rows and code lines: the units in which a quota state and what it leaves are said together. */
function statements(text: string): string[] {
  const units: string[] = [];
  let fenced = false;
  for (const line of text.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const starts = fenced || line.trim() === '' || /^\s*(\||[-*] |\d+\. )/.test(line) || units.length === 0;
    if (starts) units.push(line.trim());
    else units[units.length - 1] += ` ${line.trim()}`;
  }
  return units;
}

const NUMBER_WORDS = ['zero', 'one', 'two', 'three', 'four', 'five', 'six', 'seven', 'eight', 'nine', 'ten'];
const count = (word: string): number => (/^\d+$/.test(word) ? Number(word) : NUMBER_WORDS.indexOf(word));

describe('quota states in the docs', () => {
  // A claim ("3 left", "leaves three") is about the quota state written last before it in its statement (or the first after).
  const LEFT = /\b(\d+|one|two|three|four|five|six|seven|eight|nine) left\b|\bleaves (\d+|one|two|three|four|five|six|seven|eight|nine)\b/;
  const claims = DOC_FILES.flatMap((file) =>
    statements(read(file)).flatMap((unit) => {
      const left = LEFT.exec(unit);
      const usages = [...unit.matchAll(/\bminute(?::|=)\s*(\d+)\b/g)];
      if (left === null || usages.length === 0) return [];
      const usage = usages.findLast((match) => match.index < left.index) ?? usages[0];
      return [{ file, unit, usage: Number(usage?.[1]), left: count((left[1] ?? left[2]) as string) }];
    }),
  );

  it('say what the first answer reports: usage { minute: N } counts N, so that answer leaves 10 - N - 1', async () => {
    expect(claims.length).toBeGreaterThanOrEqual(5);
    const wrong: string[] = [];
    for (const claim of claims) {
      const siret = createHandlers({ usage: { minute: claim.usage } });
      const body = (await (await siret.fetch(new Request('http://localhost/api/v1/generate?quantity=1'))).json()) as {
        meta: { rate_limit_remaining_minute: number };
      };
      if (body.meta.rate_limit_remaining_minute !== claim.left) {
        wrong.push(
          `${claim.file}: minute ${claim.usage} leaves ${body.meta.rate_limit_remaining_minute}, not ${claim.left}: ${claim.unit}`,
        );
      }
    }
    expect(wrong).toEqual([]);
  });
});

// Links: every relative link of the pages and of the examples' READMEs resolves to a file of the repository, and every
// #anchor to a heading of its target. npmjs.com rewrites the README's relative links against package.json's `repository`
// (<repository>/blob/HEAD/<path>), so they resolve there too; root-relative links (`/docs/x.md`) would not, and are refused.
const LINKED = [
  ...DOC_FILES,
  'examples/README.md',
  ...readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'examples', entry.name, 'README.md')))
    .map((entry) => `examples/${entry.name}/README.md`),
];

/** The markdown of a file without its fenced code blocks and inline code, where brackets are not links. */
const prose = (text: string): string => text.replace(/^ *```[\s\S]*?^ *```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of read(file)
    .replace(/^ *```[\s\S]*?^ *```/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    result.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return result;
}

/** The relative link targets of a file: `[text](target)`, without absolute URLs and mail addresses. */
const relativeLinks = (file: string): string[] =>
  [...prose(read(file)).matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target]) => target as string)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));

describe.each(LINKED)('links of %s', (file) => {
  it('resolve to a file of the repository and, with a #anchor, to a heading of it', () => {
    const broken: string[] = [];
    for (const target of relativeLinks(file)) {
      const [path = '', anchor] = target.split('#');
      if (path.startsWith('/')) {
        broken.push(`${target} (root-relative)`);
        continue;
      }
      const resolved = path === '' ? file : relative(ROOT, join(ROOT, dirname(file), decodeURI(path)));
      if (!existsSync(join(ROOT, resolved))) broken.push(`${target} (no ${resolved})`);
      else if (anchor !== undefined && !(resolved.endsWith('.md') && anchors(resolved).has(anchor))) {
        broken.push(`${target} (no heading #${anchor} in ${resolved})`);
      }
    }
    expect(broken).toEqual([]);
  });
});

// podman builds the image too, in the Docker image format .ci/container.sh builds (an OCI image drops the HEALTHCHECK): each
// shell block that builds the image or starts compose.yaml with Docker shows podman's form beside it.
describe('container commands', () => {
  it("show podman's form beside Docker's: the Docker image format, and podman-compose for compose.yaml", () => {
    const wrong = BLOCKS.filter((block) => SHELL.includes(block.lang)).filter(
      ({ code }) =>
        (/^docker build /m.test(code) && !/^podman build --format docker /m.test(code)) ||
        (/^docker compose up --build/m.test(code) && !code.includes('BUILDAH_FORMAT=docker podman-compose up --build')) ||
        /podman build (?!--format docker)/.test(code),
    );
    expect(wrong.map(where)).toEqual([]);
    expect(read('.ci/container.sh')).toMatch(/podman build --format docker /);
  });
});

describe('the README', () => {
  const readme = read('README.md');

  it('links the set-ups from its first screen, each one link away', () => {
    const firstScreen = readme.split('\n').slice(0, 30).join('\n');
    for (const page of ['docs/msw.md#vitest', 'docs/msw.md#browser-dev-build', 'docs/recipes.md#storybook', 'docs/recipes.md#playwright']) {
      expect(firstScreen).toContain(`](${page})`);
    }
    expect(Buffer.byteLength(readme)).toBeLessThan(12_000);
  });

  it("opens with CI's first step: its first block is what .ci/day-one.sh runs, command for command", () => {
    const first = BLOCKS.find((block) => block.file === 'README.md');
    expect(first?.lang).toBe('sh');
    const commands = (first?.code ?? '')
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter((line) => line !== '');
    expect(commands).toEqual(['npm install && npm start', 'npm test']);

    const script = read('.ci/day-one.sh');
    const assigned = (name: string): string | undefined => new RegExp(`^${name}='([^']*)'$`, 'm').exec(script)?.[1];
    expect([assigned('start_command'), assigned('test_command')]).toEqual(commands);
    // The steps of .ci/run: the Debian packages, then day-one.sh, before any npm command.
    const run = read('.ci/run');
    const steps = run.split(/^step /m).slice(1);
    expect(steps[0]).toMatch(/^"Debian packages/);
    expect(steps[0]).not.toMatch(/^\s*npm /m);
    expect(steps[1]?.split('\n').slice(1).join('\n').trim()).toBe('bash .ci/day-one.sh');
    expect(run).toContain('bash .ci/node-versions.sh');
    expect(read('.ci/node-versions.sh')).toMatch(/bash "\$repo\/\.ci\/day-one\.sh" "\$clone"/);
  });

  it('names a GitHub repository in package.json, against which npmjs.com resolves its links', () => {
    const { repository, homepage, bugs } = JSON.parse(read('package.json')) as {
      repository: { type: string; url: string };
      homepage: string;
      bugs: { url: string };
    };
    const url = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(repository.url)?.[1];
    expect(repository.type).toBe('git');
    expect(url).toBeDefined();
    expect(homepage).toBe(`${url}#readme`);
    expect(bugs.url).toBe(`${url}/issues`);
    expect(relativeLinks('README.md').length).toBeGreaterThan(10);
  });
});

// The figures README.md's "What makes the data right" states, read from its text and measured on 100,000 records of seed 1
// (the sample docs/data.md measures on), so that neither the data nor the text can drift alone. A share "about N%" holds
// within 1 percentage point, "under N%" strictly; a count "about N" within half its last rounded place (86,000: 500; 7,900: 50).
describe("the README's figures, measured on 100,000 records of seed 1", () => {
  const readme = read('README.md');
  const start = readme.indexOf('## What makes the data right');
  const section = readme.slice(start, readme.indexOf('\n## ', start + 1)).replace(/\n\s*/g, ' ');

  /** The number `pattern`'s first group reads in the section (commas as thousands separators); fails when the text moved. */
  function stated(pattern: RegExp): number {
    const match = pattern.exec(section);
    if (!match) throw new Error(`README.md no longer states ${String(pattern)}: update this test with the text`);
    return Number((match[1] as string).replace(/,/g, ''));
  }

  const percent = (records: readonly CompanyRecord[], test: (r: CompanyRecord) => boolean): number =>
    (100 * records.filter(test).length) / records.length;
  const order = (r: CompanyRecord): number => Number(r.siret.replace(/ /g, '').slice(9, 13));
  const formOf = (r: CompanyRecord): string => (r.company.startsWith('SCI ') ? 'SCI' : (r.company.split(' ').at(-1) as string));

  let records: CompanyRecord[];
  beforeAll(() => {
    records = generateCompanies(100_000, { seed: 1 });
  });

  it('establishment numbers: the share of 0001 and of 0100 or more', () => {
    expect(Math.abs(percent(records, (r) => order(r) === 1) - stated(/`0001` [^%]* for about ([\d.]+)%/))).toBeLessThanOrEqual(1);
    expect(percent(records, (r) => order(r) >= 100)).toBeLessThan(stated(/0100 or more for under ([\d.]+)%/));
  });

  it('SIREN first digits: 3 to 9 only, 9 and 8 in the shares stated', () => {
    expect(records.filter((r) => !/^[3-9]/.test(r.siren))).toEqual([]);
    expect(section).toMatch(/SIRENs start with 3-9/);
    expect(section).toMatch(/3 to 7 for the rest/);
    for (const digit of ['9', '8']) {
      const share = stated(new RegExp(`\\b${digit} for about ([\\d.]+)%`));
      expect(Math.abs(percent(records, (r) => r.siren.startsWith(digit)) - share), digit).toBeLessThanOrEqual(1);
    }
  });

  it('legal forms: each share stated, and the small forms under theirs', () => {
    for (const form of ['SARL', 'SASU', 'SAS', 'EURL', 'SCI']) {
      const share = stated(new RegExp(`\\b${form} ([\\d.]+)%`));
      expect(Math.abs(percent(records, (r) => formOf(r) === form) - share), form).toBeLessThanOrEqual(1);
    }
    const ei = stated(/EI \(micro-entrepreneurs included\) about ([\d.]+)%/);
    expect(Math.abs(percent(records, (r) => formOf(r) === 'EI') - ei)).toBeLessThanOrEqual(1);
    const small = stated(/SA, SNC, SELARL and SELAS under ([\d.]+)% each/);
    for (const form of ['SA', 'SNC', 'SELARL', 'SELAS'])
      expect(
        percent(records, (r) => formOf(r) === form),
        form,
      ).toBeLessThan(small);
  });

  it('addresses: département shares within the total variation stated, villages about a fifth', () => {
    const { departementShare, smallCommuneShare } = recordGeography(records);
    const within = stated(/its share of the population \(within about ([\d.]+)%\)/);
    expect(100 * totalVariation(departementShare, loadGeography().populationShare)).toBeLessThanOrEqual(within + 0.5);
    expect(section).toMatch(/villages under 2,000 inhabitants about a fifth/);
    expect(Math.abs(smallCommuneShare - 0.2)).toBeLessThanOrEqual(0.03);
  });

  it('distinct names and streets in the 100,000 records', () => {
    const names = new Set(records.map((r) => r.company)).size;
    const streets = new Set(records.map((r) => r.street_address.replace(/^\d+( bis| ter)? /, ''))).size;
    expect(stated(/of ([\d,]+) records of one seed have distinct names/)).toBe(records.length);
    const [statedNames, statedStreets] = [stated(/about ([\d,]+) of [\d,]+ records/), stated(/on about ([\d,]+) distinct streets/)];
    expect(Math.abs(names - statedNames)).toBeLessThanOrEqual(500);
    expect(Math.abs(streets - statedStreets)).toBeLessThanOrEqual(50);
  });
});
