import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'coverage/', 'test-artifacts/', 'demo/public/mockServiceWorker.js', 'src/core/data/communes.ts'] },
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
      'no-restricted-syntax': ['error', { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: 'take the time as a parameter' }],
      'no-restricted-imports': ['error', { patterns: ['node:*', 'msw', 'msw/*'] }],
    },
  },
);
