// Lookup cost: looking a SIRET up (`lookupSiret`: reading the input, finding the unit and its establishment) against
// generating one record (`generateCompanies`, per record of a batch), on the same SIRETs, rounds interleaved so machine
// noise hits both. Needs `npm run build` (imports the built package).
import { generateCompanies, lookupSiren, lookupSiret } from '../dist/src/index.js';

const BATCH = 20_000;

function time(fn) {
  const start = process.hrtime.bigint();
  const result = fn();
  return [Number(process.hrtime.bigint() - start) / 1e9, result];
}

function round(seed) {
  const [generating, records] = time(() => generateCompanies(BATCH, { seed }));
  const sirets = records.map((record) => record.siret.replace(/ /g, ''));
  const [looking, found] = time(() => sirets.map((siret) => lookupSiret(siret, { seed })));
  if (found.some((answer, i) => !answer.found || answer.record.siret !== records[i].siret)) throw new Error('a lookup missed');
  return { generating, looking };
}

// Warm up both so the JIT has compiled the hot paths.
round(1);
round(2);
const rounds = Array.from({ length: 15 }, (_, i) => round(1000 + i));
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const generating = median(rounds.map((r) => r.generating));
const looking = median(rounds.map((r) => r.looking));
const ratio = looking / generating;
// A unit of many establishments, listed whole: the head office and the 99 others from the latest down.
const network = generateCompanies(200_000, { seed: 1 }).find((r) => Number(r.siret.replace(/ /g, '').slice(9, 13)) >= 300);
const listing = network && median(Array.from({ length: 15 }, () => time(() => lookupSiren(network.siren, { seed: 1 }))[0]));
console.log(
  'BENCH ' +
    JSON.stringify({
      metric: 'SIRET lookup vs generating one record',
      ratio,
      target: '<= 2',
      met: ratio <= 2,
      detail:
        `${((1e6 * looking) / BATCH).toFixed(2)} vs ${((1e6 * generating) / BATCH).toFixed(2)} µs a record (${BATCH.toLocaleString('en')} ` +
        `generated SIRETs a round, median of 15 interleaved rounds)` +
        (listing === undefined
          ? ''
          : `; a SIREN lookup of a ${Number(network.siret.replace(/ /g, '').slice(9, 13))}-establishment unit: ${(1e3 * listing).toFixed(2)} ms`),
    }),
);
