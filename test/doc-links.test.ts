// Every relative link of the README, docs/*.md and the examples' READMEs resolves to a file of the repository, and every
// #anchor to a heading of its target. On npmjs.com the README's relative links are rewritten against package.json's
// `repository` (a GitHub repository: <repository>/blob/HEAD/<path>), so they resolve there too; root-relative links
// (`/docs/x.md`) would not, and are refused. Each block of shell commands that builds the image or starts compose.yaml with
// Docker shows podman's form too, in the Docker image format .ci/container.sh builds (an OCI image drops the HEALTHCHECK).
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const DOCS = [
  'README.md',
  ...readdirSync(join(ROOT, 'docs'))
    .filter((name) => name.endsWith('.md'))
    .map((name) => `docs/${name}`),
  'examples/README.md',
  ...readdirSync(join(ROOT, 'examples'), { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(join(ROOT, 'examples', entry.name, 'README.md')))
    .map((entry) => `examples/${entry.name}/README.md`),
];

/** The markdown of a file without its fenced code blocks and inline code, where brackets are not links. */
const prose = (text: string): string => text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');

/** GitHub's anchors of a file's headings: lower case, punctuation dropped, spaces as hyphens, repeats numbered. */
function anchors(file: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const [, heading] of readFileSync(join(ROOT, file), 'utf8')
    .replace(/^```[\s\S]*?^```/gm, '')
    .matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    const slug = (heading as string)
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const count = seen.get(slug) ?? 0;
    seen.set(slug, count + 1);
    result.add(count === 0 ? slug : `${slug}-${count}`);
  }
  return result;
}

/** The relative link targets of a file: `[text](target)`, without absolute URLs and mail addresses. */
function relativeLinks(file: string): string[] {
  const text = prose(readFileSync(join(ROOT, file), 'utf8'));
  return [...text.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map(([, target]) => target as string)
    .filter((target) => !/^[a-z][a-z+.-]*:/i.test(target));
}

describe.each(DOCS)('links of %s', (file) => {
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

describe.each(DOCS)('container commands of %s', (file) => {
  it("show podman's form beside Docker's: the Docker image format, and podman-compose for compose.yaml", () => {
    for (const [block] of readFileSync(join(ROOT, file), 'utf8').matchAll(/^```sh\n[\s\S]*?^```/gm)) {
      if (/^docker build /m.test(block)) expect(block).toMatch(/^podman build --format docker /m);
      if (/^docker compose up --build/m.test(block)) expect(block).toContain('BUILDAH_FORMAT=docker podman-compose up --build');
      expect(block).not.toMatch(/podman build (?!--format docker)/);
    }
  });
});

it('builds the image in CI as the docs tell podman users to', () => {
  expect(readFileSync(join(ROOT, '.ci/container.sh'), 'utf8')).toMatch(/podman build --format docker /);
});

describe('package.json', () => {
  const manifest = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as {
    repository: { type: string; url: string };
    homepage: string;
    bugs: { url: string };
  };
  const repository = /^git\+(https:\/\/github\.com\/[\w.-]+\/[\w.-]+)\.git$/.exec(manifest.repository.url)?.[1];

  it('names a GitHub repository, against which npmjs.com resolves the README links, and derives homepage and bugs from it', () => {
    expect(manifest.repository.type).toBe('git');
    expect(repository).toBeDefined();
    expect(manifest.homepage).toBe(`${repository}#readme`);
    expect(manifest.bugs.url).toBe(`${repository}/issues`);
  });
});

it('finds the links it checks (the README links to docs/ and to anchors)', () => {
  const links = relativeLinks('README.md');
  expect(links).toContain('docs/msw.md#playwright');
  expect(links.length).toBeGreaterThan(10);
});
