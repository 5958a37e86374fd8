import { defineConfig } from 'vitest/config';

// Two projects: everything in Node, and the DOM-facing suites again under jsdom (the MSW contract suite runs in both).
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'node',
          environment: 'node',
          include: ['src/**/*.test.ts', 'mocks/**/*.test.ts', 'test/**/*.test.ts'],
          exclude: ['test/**/*.jsdom.test.ts', 'test/**/*.acceptance.test.ts', 'test/e2e/**', 'test/services/**', 'test/stress/**', 'node_modules/**'],
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
    ],
  },
});
