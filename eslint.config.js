import { builtinModules } from 'node:module';
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Code a browser may load (the core, the fetch handler, the MSW packaging, the demo) never imports Node: not `node:*`, not
// a built-in by its bare name (`fs`, `crypto`...), not a package that only runs on Node. Their tests run in Node and may.
// src/core has the same rule plus no msw (below).
const BROWSER_REACHABLE = ['src/http/**/*.ts', 'mocks/**/*.ts', 'demo/**/*.ts'];
const NODE_ONLY = {
  paths: [
    ...builtinModules
      .filter((name) => !name.startsWith('_'))
      .map((name) => ({ name, message: 'browser-reachable code: no Node built-ins' })),
    { name: 'ioredis', message: 'browser-reachable code: ioredis runs only on Node (src/node/redis/redis-quota-store.ts)' },
  ],
  patterns: [
    { group: ['node:*'], message: 'browser-reachable code: no Node built-ins' },
    {
      group: ['ioredis/*', '**/node/*', '**/node/**'],
      message: 'browser-reachable code: nothing Node-only (src/node is the Node adapter)',
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      'dist/',
      'node_modules/',
      'coverage/',
      'test-artifacts/',
      '**/mockServiceWorker.js',
      'src/core/data/communes.ts',
      'examples/*/dist/',
      'examples/*/storybook-static/',
      'examples/*/.next/',
      'examples/*/next-env.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // The Jest consumer project (.ci/jest.sh): CommonJS files with Jest's globals, as a Jest user writes them.
    files: ['test/jest/**/*.js'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node, ...globals.jest } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // The core is pure: randomness and time come in as parameters.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'take a RandomSource parameter' },
        { object: 'Date', property: 'now', message: 'take the time as a parameter' },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'take the time as a parameter' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: NODE_ONLY.paths,
          patterns: [...NODE_ONLY.patterns, { group: ['msw', 'msw/*'], message: 'the core knows nothing of how it is served' }],
        },
      ],
    },
  },
  {
    files: BROWSER_REACHABLE,
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', NODE_ONLY] },
  },
);
