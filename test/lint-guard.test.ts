import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

// The guard rail in eslint.config.js, exercised: what may be imported where. Linted as text under a would-be file name, so
// no file is written.
const eslint = new ESLint();
const NODE_IMPORTS = [
  "import { readFileSync } from 'node:fs';",
  "import { createHash } from 'crypto';",
  "import Redis from 'ioredis';",
  "import { createSiretServer } from '../node/create-server.js';",
];

async function restrictedIn(filePath: string, code: string): Promise<number> {
  const [result] = await eslint.lintText(`${code}\nexport const used = [readFileSync, createHash, Redis, createSiretServer];\n`, {
    filePath,
  });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'no-restricted-imports').length;
}

describe('eslint: browser-reachable code never imports Node', () => {
  it.each(['src/core/probe.ts', 'src/core/quota/probe.ts', 'src/http/probe.ts', 'mocks/probe.ts', 'demo/probe.ts'])(
    'refuses node:*, bare built-ins, ioredis and src/node in %s',
    async (file) => {
      expect(await restrictedIn(file, NODE_IMPORTS.join('\n'))).toBe(NODE_IMPORTS.length);
    },
  );

  it('lets the Node adapter and the tests beside browser code import Node', async () => {
    expect(await restrictedIn('src/node/probe.ts', NODE_IMPORTS.join('\n'))).toBe(0);
    expect(await restrictedIn('src/http/probe.test.ts', NODE_IMPORTS.join('\n'))).toBe(0);
  });
});
