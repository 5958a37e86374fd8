// CLI export memory: peak RSS of `siret-mock generate` for 1,000,000 records vs 10,000 records (same format, output read
// through a pipe and discarded), same run. Constant-memory streaming keeps the ratio near 1.
import { spawn } from 'node:child_process';

function peakRss(count) {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [new URL('./support/max-rss.mjs', import.meta.url).pathname, 'generate', '--count', String(count), '--seed', '42', '--format', 'csv'],
      {
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk) => (bytes += chunk.length));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const match = /MAXRSS (\d+)/.exec(stderr);
      if (code !== 0 || !match) reject(new Error(`generate --count ${count} failed (${code}): ${stderr}`));
      else resolve({ kb: Number(match[1]), bytes });
    });
  });
}

const median = (xs) => [...xs].sort((a, b) => a - b)[xs.length >> 1];
const small = [];
const large = [];
for (let round = 0; round < 3; round++) {
  small.push((await peakRss(10_000)).kb);
  const run = await peakRss(1_000_000);
  if (run.bytes < 50_000_000) throw new Error(`1M records produced only ${run.bytes} bytes`);
  large.push(run.kb);
}
const ratio = median(large) / median(small);
console.log(
  'BENCH ' +
    JSON.stringify({
      metric: 'CLI peak RSS, 1M records vs 10k (CSV through a pipe)',
      ratio,
      target: '<= 1.5',
      met: ratio <= 1.5,
      detail: `${(median(large) / 1024).toFixed(0)} MB vs ${(median(small) / 1024).toFixed(0)} MB (median of 3)`,
    }),
);
