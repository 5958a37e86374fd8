import { fileURLToPath } from 'node:url';
import { defineConfig, type UserConfig } from 'vite';

const fromRoot = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// The demo page (demo/): `npm run demo` serves it, `npm run demo:build` (and `npm run build`) writes it to dist/demo/,
// which `npm start` serves at `/`. The demo imports only the public entry points; the aliases point them at the sources
// so the page works without a prior build (the package self-reference would otherwise resolve to dist/).
const config: UserConfig = defineConfig({
  root: fromRoot('./demo'),
  base: './',
  publicDir: fromRoot('./demo/public'),
  resolve: {
    alias: [
      { find: /^siret-mock\/msw$/, replacement: fromRoot('./mocks/index.ts') },
      { find: /^siret-mock$/, replacement: fromRoot('./src/index.ts') },
    ],
  },
  // Pre-bundled at start-up, so the first page load never triggers Vite's "new dependency found, reloading".
  optimizeDeps: { include: ['msw', 'msw/browser', '@msw/data'] },
  build: {
    outDir: fromRoot('./dist/demo'),
    emptyOutDir: true,
    target: 'es2022',
    // msw's worker client and the commune table make one ~630 KB chunk; it is a demo, loaded once, not an app to split.
    chunkSizeWarningLimit: 1024,
    reportCompressedSize: false,
  },
});

export default config;
