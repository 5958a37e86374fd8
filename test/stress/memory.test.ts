import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { scaled } from '../fuzz/fuzz-scale.js';

// Memory that does not grow forever: the quota store forgets callers once their windows end, and a CLI export streams
// with constant memory. Bounded versions of bench/quota-memory.bench.mjs and bench/cli-memory.bench.mjs (which report the
// 1,000,000 figures); STRESS=1 runs these at the bench's sizes.

const PROBE = fileURLToPath(new URL('./support/memory-store-probe.ts', import.meta.url));
const MAX_RSS = fileURLToPath(new URL('../../bench/support/max-rss.mjs', import.meta.url));
const BUILT_CLI = fileURLToPath(new URL('../../dist/src/node/cli.js', import.meta.url));

interface Probe {
  callers: number;
  baseline: number;
  full: number;
  after: number;
  sizeFull: number;
  sizeMinuteLater: number;
  sizeAfter: number;
}

describe('the memory quota store', () => {
  const callers = scaled(100_000, 1_000_000);

  it(
    `holds ${callers} distinct callers in under 250 bytes each and falls back to its baseline once their windows end`,
    () => {
      const run = spawnSync(process.execPath, ['--expose-gc', '--import', 'tsx', PROBE, String(callers)], {
        encoding: 'utf8',
        timeout: scaled(120_000, 1_200_000),
      });
      expect(run.status, run.stderr).toBe(0);
      const probe = JSON.parse(run.stdout) as Probe;
      // Everyone is held while their day lasts (plus the warm-up caller and the one who came a minute later)...
      expect(probe.sizeFull).toBe(callers + 1);
      expect(probe.sizeMinuteLater).toBe(callers + 2);
      // ...and swept out by the first request of the next day.
      expect(probe.sizeAfter).toBe(1);
      const perCaller = (probe.full - probe.baseline) / callers;
      expect(perCaller).toBeGreaterThan(0);
      expect(perCaller).toBeLessThanOrEqual(250);
      expect(probe.after / probe.baseline).toBeLessThanOrEqual(1.1);
    },
    scaled(120_000, 1_200_000),
  );
});

/** Peak RSS in kilobytes of the built `siret-mock generate --count <count>` (CSV, output read through a pipe). */
function peakRss(count: number): Promise<{ kb: number; bytes: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [MAX_RSS, 'generate', '--count', String(count), '--seed', '42', '--format', 'csv'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let bytes = 0;
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (bytes += chunk.length));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code) => {
      const match = /MAXRSS (\d+)/.exec(stderr);
      if (code !== 0 || !match) reject(new Error(`generate --count ${count} exited ${code}: ${stderr}`));
      else resolve({ kb: Number(match[1]), bytes });
    });
  });
}

const median = (values: number[]): number => [...values].sort((a, b) => a - b)[values.length >> 1] as number;

describe('the CLI export', () => {
  const large = scaled(200_000, 1_000_000);

  it(
    `peaks at most 1.5x the RSS for ${large} records as for 10,000 (median of 3)`,
    async () => {
      // The figure is about the shipped CLI, so it runs the build (.ci/stress.sh builds first when dist/ is missing).
      expect(existsSync(BUILT_CLI), `${BUILT_CLI} is missing: run npm run build first`).toBe(true);
      const small: number[] = [];
      const big: number[] = [];
      for (let round = 0; round < 3; round++) {
        const few = await peakRss(10_000);
        const many = await peakRss(large);
        // The big export really wrote its records (about 100 bytes each), so the ratio compares real work.
        expect(many.bytes).toBeGreaterThan(few.bytes * (large / 10_000) * 0.9);
        small.push(few.kb);
        big.push(many.kb);
      }
      expect(median(big) / median(small)).toBeLessThanOrEqual(1.5);
    },
    scaled(300_000, 1_200_000),
  );
});
