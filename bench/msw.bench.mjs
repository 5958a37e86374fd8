// MSW handler throughput: fetch/s through createHandlers() (lifetime tier, quantity 5, so no 429s) vs a trivial handler that
// answers a constant JSON body of the same size, under the same setupServer, same msw, same process. Rounds alternate
// between the sides so machine noise hits all; the ratio is the median over rounds of ours / trivial measured in the same
// round (paired, so slow drift of a shared machine cancels out). Target: >= 0.9.
// Our side runs as documented for test suites: `mock.reset()` after every test, modelled as one reset per 50 fetches and
// timed with them. Two of our sides: the defaults (nothing recorded, @msw/data never loaded; target >= 0.9) and with an
// @msw/data collection that keeps every record served (`createHandlers({ db: createRecordsDb() })`; reported).
// Needs `npm run build` (imports the built package).
import { http, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';

let createHandlers;
let createRecordsDb;
try {
  ({ createHandlers } = await import('../dist/mocks/index.js'));
  ({ createRecordsDb } = await import('../dist/mocks/data.js'));
} catch (error) {
  console.error(`bench/msw.bench.mjs needs the built package: run \`npm run build\` first (${error.message})`);
  process.exit(1);
}

const ROUNDS = Number(process.env.MSW_BENCH_ROUNDS ?? 15);
const PER_ROUND = Number(process.env.MSW_BENCH_REQUESTS ?? 1000);
const URL_OURS = 'http://siret.bench.test/api/v1/generate?quantity=5';
const URL_TRIVIAL = 'http://trivial.bench.test/api/v1/generate?quantity=5';

const mock = createHandlers({ tier: 'lifetime', baseUrl: 'http://siret.bench.test' });
// The same, keeping every served record in an @msw/data collection.
const recorded = createHandlers({ tier: 'lifetime', baseUrl: 'http://siret.bench.test', db: createRecordsDb() });
// A body as large as ours, computed once: the baseline does no work per request beyond msw itself.
const server = setupServer(...mock.handlers);
server.listen({ onUnhandledRequest: 'error', onUnhandledFrame: 'error' });
const constantBody = await (await fetch(URL_OURS)).json();
const trivial = [http.get('http://trivial.bench.test/api/v1/generate', () => HttpResponse.json(constantBody))];
const resetMock = () => mock.reset();

const PER_TEST = 50;

async function round(handlers, url, afterEach) {
  server.resetHandlers(...handlers);
  const started = performance.now();
  for (let i = 0; i < PER_ROUND; i++) {
    const response = await fetch(url);
    if (response.status !== 200) throw new Error(`unexpected ${response.status} from ${url}`);
    await response.json();
    if (afterEach && i % PER_TEST === PER_TEST - 1) afterEach();
  }
  return PER_ROUND / ((performance.now() - started) / 1000);
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

// Warm-up: JIT both paths.
await round(trivial, URL_TRIVIAL);
await round(mock.handlers, URL_OURS, resetMock);

await round(recorded.handlers, URL_OURS, () => recorded.reset());

const sides = {
  baseline: { run: () => round(trivial, URL_TRIVIAL), rates: [] },
  ours: { run: () => round(mock.handlers, URL_OURS, resetMock), rates: [] },
  recorded: { run: () => round(recorded.handlers, URL_OURS, () => recorded.reset()), rates: [] },
};
const order = Object.values(sides);
for (let r = 0; r < ROUNDS; r++) {
  // Rotate which goes first so a drift in machine speed does not favour one side.
  for (let i = 0; i < order.length; i++) {
    const side = order[(r + i) % order.length];
    side.rates.push(await side.run());
  }
}
server.close();

const base = median(sides.baseline.rates);
for (const [metric, side, what, target] of [
  ['MSW handler fetch/s vs trivial MSW handler (defaults)', sides.ours, 'createHandlers()', 0.9],
  [
    'MSW handler fetch/s vs trivial MSW handler, with an @msw/data db',
    sides.recorded,
    'createHandlers({ db: createRecordsDb() })',
    undefined,
  ],
]) {
  const rate = median(side.rates);
  const ratio = median(side.rates.map((value, r) => value / sides.baseline.rates[r]));
  const detail = `${what} ${rate.toFixed(0)} fetch/s vs trivial constant-JSON handler ${base.toFixed(0)} fetch/s (medians; ratio = median of per-round ratios over ${ROUNDS} rotated rounds x ${PER_ROUND} sequential fetches of 5 records, reset() every ${PER_TEST})`;
  console.error(detail);
  const met = target === undefined ? true : ratio >= target;
  console.log(
    `BENCH ${JSON.stringify({ metric, ratio: Number(ratio.toFixed(3)), target: target === undefined ? 'reported' : `>= ${target}`, met, detail })}`,
  );
}
