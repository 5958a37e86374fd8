// Install footprint for MSW users: what `npm install <tarball> msw` adds to node_modules beyond `npm install msw` alone, in
// two empty projects (same msw version as the repo's, from the npm registry or npm's cache). Apparent size (`du -sb`).
// Target: at most 3 MB. Needs `npm run build` (packs dist/ without rebuilding) and the registry or a warm npm cache.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { repo } from './support/consumer-project.mjs';

if (!existsSync(join(repo, 'dist/mocks/index.cjs'))) {
  console.error('bench/install-footprint.bench.mjs needs the built package: run `npm run build` first');
  process.exit(1);
}
const TARGET_MB = 3;
const mswVersion = JSON.parse(readFileSync(join(repo, 'node_modules/msw/package.json'), 'utf8')).version;
const work = mkdtempSync(join(tmpdir(), 'siret-mock-footprint-'));
const npm = (args, cwd) =>
  execFileSync('npm', [...args, '--no-audit', '--no-fund', '--loglevel=error', '--prefer-offline'], {
    cwd,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
  });
const bytes = (dir) => Number(execFileSync('du', ['-sb', dir], { encoding: 'utf8' }).split('\t')[0]);
const files = (dir) => Number(execFileSync('sh', ['-c', `find "${dir}" -type f | wc -l`], { encoding: 'utf8' }).trim());

try {
  const tarball = join(work, npm(['pack', '--silent', '--ignore-scripts', '--pack-destination', work], repo).trim().split('\n').pop());
  const sizes = {};
  for (const [name, packages] of [
    ['msw', [`msw@${mswVersion}`]],
    ['both', [tarball, `msw@${mswVersion}`]],
  ]) {
    const dir = join(work, name);
    mkdirSync(dir);
    writeFileSync(join(dir, 'package.json'), JSON.stringify({ name: `footprint-${name}`, private: true }));
    npm(['install', ...packages], dir);
    sizes[name] = { bytes: bytes(join(dir, 'node_modules')), files: files(join(dir, 'node_modules')) };
  }
  const added = (sizes.both.bytes - sizes.msw.bytes) / 1e6;
  const ours = bytes(join(work, 'both/node_modules/siret-mock')) / 1e6;
  const detail = `npm install <tarball> msw@${mswVersion}: ${(sizes.both.bytes / 1e6).toFixed(2)} MB, ${sizes.both.files} files; msw alone: ${(sizes.msw.bytes / 1e6).toFixed(2)} MB, ${sizes.msw.files} files; siret-mock itself ${ours.toFixed(2)} MB`;
  console.error(`install footprint beyond msw: ${added.toFixed(2)} MB (${detail})`);
  console.log(
    `BENCH ${JSON.stringify({ metric: 'install footprint beyond `npm install msw` (apparent size)', ratio: Number(added.toFixed(2)), unit: 'MB', target: `<= ${TARGET_MB} MB`, met: added <= TARGET_MB, detail })}`,
  );
} finally {
  rmSync(work, { recursive: true, force: true });
}
