// Generator throughput: siret-mock's seeded generator vs a naive fakerFR loop (random digits + Luhn, company.name,
// location.streetAddress/city/zipCode), measured in the same process, rounds interleaved so machine noise hits both.
// Needs `npm run build` (imports the built package).
import { fakerFR } from '@faker-js/faker';
import { generateCompanies } from '../dist/src/index.js';

const luhnCheckDigit = (digits) => {
  let sum = 0;
  let double = true;
  for (let i = digits.length - 1; i >= 0; i--) {
    let d = digits.charCodeAt(i) - 48;
    if (double) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
    double = !double;
  }
  return (10 - (sum % 10)) % 10;
};

function naiveFaker(n) {
  const out = [];
  for (let i = 0; i < n; i++) {
    const body = fakerFR.string.numeric({ length: 8, allowLeadingZeros: false });
    const siren = body + luhnCheckDigit(body);
    const nic4 = fakerFR.string.numeric(4);
    const siret = siren + nic4 + luhnCheckDigit(siren + nic4);
    out.push({
      siret: `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}`,
      siren: `${siren.slice(0, 3)} ${siren.slice(3, 6)} ${siren.slice(6)}`,
      company: fakerFR.company.name(),
      street_address: fakerFR.location.streetAddress(),
      city: fakerFR.location.city(),
      postcode: fakerFR.location.zipCode(),
    });
  }
  return out;
}

const ours = (n, round) => generateCompanies(n, { seed: 1000 + round });

function rate(fn, n, round) {
  const start = process.hrtime.bigint();
  const records = fn(n, round);
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  if (records.length !== n) throw new Error('wrong count');
  return n / seconds;
}

fakerFR.seed(1);
// Warm up both so the JIT has compiled the hot paths.
rate(naiveFaker, 5_000, 0);
rate(ours, 50_000, 0);
const baseline = [];
const measured = [];
for (let round = 1; round <= 15; round++) {
  baseline.push(rate(naiveFaker, 20_000, round));
  measured.push(rate(ours, 20_000, round));
}
const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const ratio = median(measured) / median(baseline);
console.log(
  'BENCH ' +
    JSON.stringify({
      metric: 'generator throughput vs naive fakerFR loop',
      ratio,
      target: '>= 10',
      met: ratio >= 10,
      detail: `${Math.round(median(measured)).toLocaleString('en')} vs ${Math.round(median(baseline)).toLocaleString('en')} records/s (20,000 records a batch, median of 15 interleaved rounds)`,
    }),
);
