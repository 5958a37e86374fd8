import { availableParallelism } from 'node:os';
import { defineConfig, type ViteUserConfig } from 'vitest/config';

// The slow acceptance suites: the data checks over 100,000 records of several seeds (*.acceptance.test.ts), generated-input
// fuzzing, the 100,000-record CLI run and every suite that spawns the CLI, the independent SIRET checks (python-stdnum),
// slow clients and readers held to the server's timeouts, quota exactness under concurrency, and a client generated from
// the OpenAPI document and compiled by tsc. `npm run test:acceptance` runs them; `npm test` runs everything else (unit,
// property and the contract suite against every packaging, the docs checks).
const ACCEPTANCE = [
  'test/**/*.acceptance.test.ts',
  'test/fuzz/**/*.test.ts',
  // Suites that spawn the CLI as a process (each spawn loads the sources through tsx: seconds apiece).
  'test/cli-*.test.ts',
  'test/server-cli.test.ts',
  'test/server-secrets.test.ts',
  'test/fixture-extensions.test.ts',
  'test/generator.validators.test.ts',
  'test/slow-clients.test.ts',
  'test/slow-readers.test.ts',
  'test/exactness.test.ts',
  'test/openapi-client.test.ts',
];

// Three projects: `node` and `jsdom` (the DOM-facing suites again, the MSW contract suite among them) are `npm test`;
// `acceptance` is `npm run test:acceptance`. `npx vitest run <file>` runs any one file, whichever project holds it.
const config: ViteUserConfig = defineConfig({
  test: {
    // One worker per core: Vitest's default leaves one core to its main process, which idles here, and many suites wait on
    // sockets and timers rather than compute.
    maxWorkers: availableParallelism(),
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/**/*.jsdom.test.ts', 'test/e2e/**', 'test/services/**', 'test/stress/**', 'node_modules/**', ...ACCEPTANCE],
          // A few suites test the build (dist/): built by `npm install`, rebuilt here if missing or stale.
          globalSetup: ['test/support/build-once.ts'],
          // The files of a worker share one module graph instead of importing the sources and data tables again each:
          // no suite here mocks a module for good or leaves a global changed after its own hooks, and spies are undone after
          // each test.
          isolate: false,
          restoreMocks: true,
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'jsdom',
          environment: 'jsdom',
          include: ['test/**/*.jsdom.test.ts'],
          testTimeout: 20_000,
        },
      },
      {
        test: {
          name: 'acceptance',
          environment: 'node',
          include: ACCEPTANCE,
          // Vitest's default, one core left free: these suites hold servers to their timeouts and load them themselves.
          maxWorkers: Math.max(1, availableParallelism() - 1),
          // After the other two when all projects run (a group of files shares one worker count).
          sequence: { groupOrder: 1 },
          testTimeout: 120_000,
        },
      },
    ],
  },
});

export default config;
