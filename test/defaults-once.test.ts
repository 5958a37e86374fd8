// Each default is written once: in APP_DEFAULTS, SERVER_DEFAULTS or its module's constant. The command line, its help,
// the docs' flag table and the code that applies a default read it from there. This test reads every source file of
// the layers that serve (src/http, src/node, src/vite, src/next, mocks/) with TypeScript's parser and fails when one of
// those literals is typed again anywhere else.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { APP_DEFAULTS, MAX_DELAY_MS, RATE_LIMIT_HEADER_DIALECTS, RETRY_AFTER_FORMATS, TIER_NAMES } from '../src/http/app/index.js';
import { QUOTA_STORE_FAILURE_POLICIES } from '../src/node/redis/index.js';
import { SERVER_DEFAULTS } from '../src/node/server/index.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Where each default is written, and its value. */
const DEFINED: ReadonlyArray<[file: string, values: ReadonlyArray<string | number>]> = [
  ['src/http/app/app-options.ts', [...Object.values(APP_DEFAULTS), MAX_DELAY_MS]],

  ['src/node/server/server-options.ts', [SERVER_DEFAULTS.port, SERVER_DEFAULTS.hostname, ...Object.values(SERVER_DEFAULTS.node)]],
  ['src/node/redis/quota-store-failure.ts', [SERVER_DEFAULTS.quotaStoreFailure]],
];

/**
 * Defaults that name one member of a list (a tier, a dialect, a policy): the code compares with the names and the lists
 * hold them all, so these count only where they stand for a default.
 */
const NAMES = new Set<string | number>([
  ...TIER_NAMES,
  ...RATE_LIMIT_HEADER_DIALECTS,
  ...RETRY_AFTER_FORMATS,
  ...QUOTA_STORE_FAILURE_POLICIES,
]);

/** The same value where it is another fact, not the default: each is named with what it is. */
const ELSEWHERE: ReadonlyArray<[file: string, value: string | number, what: string]> = [
  ['src/http/app/response-headers.ts', 1024, 'the longest Access-Control-Request-Headers a preflight reflects'],
  ['src/node/server/create-server.ts', 1024, 'the request body bytes read and dropped to reach the next request'],
  ['src/http/app/crypto-random.ts', 256, 'the batch of random numbers drawn at once'],
  ['src/node/server/node-listener.ts', '127.0.0.1', 'a loopback name, and the local address of a socket that reports none'],
  ['src/node/redis/redis-quota-store.ts', 10_000, 'how long an estimate of the Redis clock offset is kept'],
  ['src/node/commands/generate-command.ts', 16_384, 'the bytes buffered before a write to the output'],
  ['src/node/commands/identifiers-command.ts', 16_384, 'the bytes buffered before a write to the output'],
  ['mocks/records.ts', 'siret-mock', "the vendor of the records' Standard Schema"],
  ['mocks/persisted-quota.ts', 'siret-mock', "the IndexedDB database's name"],
  ['src/vite/plugin.ts', 'siret-mock', "the Vite plugin's name"],
  ['src/http/contract/openapi-document.ts', 'siret-mock', "the document's title and contact"],
];

function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [path] : [];
  });
}

/** Where a literal stands for a default: after `??` or `||`, as a parameter's or a binding's initializer, as `default...:`. */
function inDefaultPosition(node: ts.Node): boolean {
  const parent = node.parent as ts.Node | undefined;
  if (parent === undefined) return false;
  if (ts.isBinaryExpression(parent)) {
    const operator = parent.operatorToken.kind;
    return parent.right === node && (operator === ts.SyntaxKind.QuestionQuestionToken || operator === ts.SyntaxKind.BarBarToken);
  }
  if (ts.isParameter(parent) || ts.isBindingElement(parent)) return parent.initializer === node;
  return ts.isPropertyAssignment(parent) && /^default/i.test(parent.name.getText());
}

/** Every whole string and number literal of a source file, with its line and whether it stands for a default. */
function literals(file: string): Array<{ value: string | number; line: number; asDefault: boolean }> {
  const source = ts.createSourceFile(file, readFileSync(join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
  const found: Array<{ value: string | number; line: number; asDefault: boolean }> = [];
  const visit = (node: ts.Node): void => {
    const at = { line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, asDefault: inDefaultPosition(node) };
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) found.push({ value: node.text, ...at });
    else if (ts.isNumericLiteral(node)) found.push({ value: Number(node.text), ...at });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

it('writes each default once, in its table: no literal of one is typed again by the code that serves', () => {
  const defaults = new Map<string | number, string>();
  for (const [file, values] of DEFINED) for (const value of values) if (value !== 0) defaults.set(value, file);
  const files = ['src/http', 'src/node', 'src/vite', 'src/next', 'mocks'].flatMap(sources).map((file) => relative(root, join(root, file)));
  const again: string[] = [];
  const definitions = new Map<string | number, number>();
  for (const file of files) {
    for (const { value, line, asDefault } of literals(file)) {
      const home = defaults.get(value);
      if (home === undefined || (NAMES.has(value) && !asDefault && file !== home)) continue;
      if (file === home) definitions.set(value, (definitions.get(value) ?? 0) + 1);
      else if (!ELSEWHERE.some(([where, same]) => where === file && same === value)) again.push(`${file}:${line} ${JSON.stringify(value)}`);
    }
  }
  expect(again).toEqual([]);
  // And each is written in its table as often as the table holds it (10 s is three defaults), not more.
  for (const [file, values] of DEFINED) {
    for (const value of new Set(values)) {
      if (value === 0 || NAMES.has(value)) continue;
      expect(definitions.get(value), `${JSON.stringify(value)} in ${file}`).toBe(values.filter((v) => v === value).length);
    }
  }
});

it("states each server default in its option's documentation as SERVER_DEFAULTS holds it", () => {
  const text = readFileSync(join(root, 'src/node/server/server-options.ts'), 'utf8');
  const stated = Object.fromEntries(
    [...text.matchAll(/@default ([^*\s]+)[^/]*?\*\/\s*(\w+)\?:/g)].map(([, value, name]) => [
      name,
      (value as string).replace(/^'|'$/g, ''),
    ]),
  );
  const { trustProxy, quotaStoreFailure, node } = SERVER_DEFAULTS;
  for (const [name, value] of Object.entries({ trustProxy, quotaStoreFailure, ...node })) expect(stated[name], name).toBe(String(value));
});
