// Removes stale compiled files before a build, keeping the built demo (dist/demo) that `vite build` writes.
import { rmSync } from 'node:fs';
for (const dir of ['dist/src', 'dist/mocks', 'dist/chunks', 'dist/_virtual']) rmSync(dir, { recursive: true, force: true });
