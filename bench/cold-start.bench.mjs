// Cold start of siret-mock/msw as a test suite pays it, against the same thing with a trivial MSW handler, in the same run:
// 1. a fresh Node process: import msw/node and the handlers, createHandlers(), setupServer, listen, first fetch, close;
// 2. a 20-file Vitest suite (node environment, setupServer(...createHandlers().handlers) in setupFiles, reset() after each
//    test, one fetch per file), whole `vitest run` wall time.
// Both use the built package (dist/) through its exports map, from a consumer project (bench/support/consumer-project.mjs).
// Runs alternate between the sides; the ratio is the median of ours over the median of the trivial side. Targets <= 1.10.
// Needs `npm run build`. COLD_BENCH_PROCESS_RUNS (default 15), COLD_BENCH_SUITE_RUNS (default 5).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { consumerProject, median, repo } from './support/consumer-project.mjs';

if (!existsSync(join(repo, 'dist/mocks/index.js'))) {
  console.error('bench/cold-start.bench.mjs needs the built package: run `npm run build` first');
  process.exit(1);
}
const PROCESS_RUNS = Number(process.env.COLD_BENCH_PROCESS_RUNS ?? 15);
const SUITE_RUNS = Number(process.env.COLD_BENCH_SUITE_RUNS ?? 5);
const FILES = 20;
const URL = 'https://api.example.test/api/v1/generate?quantity=5';

// The trivial side answers a constant body of the same shape: the baseline is msw itself.
const TRIVIAL_HANDLER = `http.get('*/api/v1/generate', () => HttpResponse.json({ count: 1, data: [{ siret: '732 829 320 00074' }], meta: {} }))`;
const setups = {
  ours: `import { setupServer } from 'msw/node';
import { createHandlers } from 'siret-mock/msw';
const siret = createHandlers();
export const server = setupServer(...siret.handlers);
export const reset = () => siret.reset();
`,
  trivial: `import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
export const server = setupServer(${TRIVIAL_HANDLER});
export const reset = () => {};
`,
};
// The process script times its phases: from the process's time origin to after the setup module's code (Node's start, the
// static imports, createHandlers() and setupServer()), then listen() and each fetch. What is left of the cold start, phase
// by phase, is printed beside the ratio.
const processScript = (side) => `${setups[side]}
const phases = { startAndImports: performance.now() };
let mark = performance.now();
server.listen({ onUnhandledRequest: 'error' });
phases.listen = performance.now() - mark;
mark = performance.now();
const response = await fetch('${URL}');
if (response.status !== 200) throw new Error('status ' + response.status);
await response.json();
phases.firstFetch = performance.now() - mark;
mark = performance.now();
await (await fetch('${URL}')).json();
phases.secondFetch = performance.now() - mark;
server.close();
console.log(JSON.stringify(phases));
`;
const vitestSetup = (side) => `${setups[side]}
import { afterAll, afterEach, beforeAll } from 'vitest';
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => reset());
afterAll(() => server.close());
`;
const testFile = (n) => `import { expect, it } from 'vitest';
it('fetches once (file ${n})', async () => {
  const response = await fetch('${URL}');
  expect(response.status).toBe(200);
  expect((await response.json()).count).toBeGreaterThan(0);
});
`;
const files = { 'process-ours.mjs': processScript('ours'), 'process-trivial.mjs': processScript('trivial') };
for (const side of ['ours', 'trivial']) {
  files[`${side}/setup.mjs`] = vitestSetup(side);
  files[`${side}/vitest.config.mjs`] =
    `export default { test: { root: import.meta.dirname, environment: 'node', setupFiles: ['./setup.mjs'], include: ['tests/*.test.mjs'] } };\n`;
  for (let n = 1; n <= FILES; n++) files[`${side}/tests/file-${String(n).padStart(2, '0')}.test.mjs`] = testFile(n);
}
const project = consumerProject(files);

const phaseTimes = { ours: [], trivial: [] };
/** Wall milliseconds of one child process; throws if it fails. Keeps the phases a process script prints. */
function timed(args, cwd, side) {
  const started = performance.now();
  const run = spawnSync(process.execPath, args, { cwd, encoding: 'utf8', env: { ...process.env, CI: 'true', NO_COLOR: '1' } });
  const ms = performance.now() - started;
  if (run.status !== 0) throw new Error(`${args.join(' ')} failed (${run.status}):\n${run.stdout}\n${run.stderr}`);
  const last = run.stdout.trim().split('\n').at(-1) ?? '';
  if (side !== undefined && last.startsWith('{')) phaseTimes[side].push(JSON.parse(last));
  return ms;
}

/** "imports 180 / setup 3 / first fetch 27 / second fetch 3 ms": the median of each phase over a side's runs. */
function phaseSummary(side) {
  const runs = phaseTimes[side];
  if (runs.length === 0) return '';
  return Object.keys(runs[0])
    .map((phase) => `${phase.replace(/[A-Z]/g, (c) => ` ${c.toLowerCase()}`)} ${median(runs.map((run) => run[phase])).toFixed(1)}`)
    .join(' / ');
}

function compare(runs, runSide) {
  const times = { ours: [], trivial: [] };
  runSide('ours');
  runSide('trivial'); // warm the file system cache for both
  for (let r = 0; r < runs; r++) {
    const order = r % 2 === 0 ? ['trivial', 'ours'] : ['ours', 'trivial'];
    for (const side of order) times[side].push(runSide(side));
  }
  return { ours: median(times.ours), trivial: median(times.trivial) };
}

try {
  const proc = compare(PROCESS_RUNS, (side) => timed([`process-${side}.mjs`], project.dir, side));
  const suite = compare(SUITE_RUNS, (side) =>
    timed([join(repo, 'node_modules/vitest/vitest.mjs'), 'run', '--config', `${side}/vitest.config.mjs`], project.dir),
  );
  // Phases inside the process (the warm-up runs included): where the difference between the two sides is.
  console.error(`phases, ms (median): ours ${phaseSummary('ours')}; trivial ${phaseSummary('trivial')}`);
  for (const [metric, figures, what] of [
    [
      'cold start: fresh Node process (import + createHandlers + setupServer + first fetch) vs trivial handler',
      proc,
      `median of ${PROCESS_RUNS} alternating runs`,
    ],
    [
      `cold start: ${FILES}-file Vitest suite (setupServer in setupFiles) vs trivial handler`,
      suite,
      `median of ${SUITE_RUNS} alternating \`vitest run\``,
    ],
  ]) {
    const ratio = figures.ours / figures.trivial;
    const detail = `${figures.ours.toFixed(0)} ms vs ${figures.trivial.toFixed(0)} ms wall (${what})`;
    console.error(`${metric}: ${ratio.toFixed(3)}x, ${detail}`);
    console.log(`BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(3)), target: '<= 1.10', met: ratio <= 1.1, detail })}`);
  }
} finally {
  project.remove();
}
