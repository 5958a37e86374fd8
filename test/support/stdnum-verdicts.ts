import { spawnSync } from 'node:child_process';

// Debian's python3-stdnum, an independent implementation of the French checks, asked for a verdict per value (unlike
// stdnum.ts, which only reports failures). Debian's own interpreter sees Debian's packages; a venv python would not.
const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import sys
from stdnum.fr import siren, siret, tva
checks = {'siren': siren, 'siret': siret, 'tva': tva}
out = []
for line in sys.stdin:
    kind, number = line.rstrip('\\n').split('\\t')
    out.append('1' if checks[kind].is_valid(number) else '0')
print(''.join(out))
`;

/** python-stdnum's `is_valid` for each `[module, value]` (module `siren`, `siret` or `tva`), in order. */
export function stdnumVerdicts(values: ReadonlyArray<readonly ['siret' | 'siren' | 'tva', string]>): boolean[] {
  const input = values.map(([kind, n]) => `${kind}\t${n}`).join('\n') + '\n';
  const run = spawnSync(PYTHON, ['-c', SCRIPT], { input, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python3-stdnum did not run (is Debian's python3-stdnum installed?): ${run.stderr}`);
  const verdicts = run.stdout.trim();
  if (verdicts.length !== values.length) throw new Error(`python3-stdnum answered ${verdicts.length} verdicts for ${values.length} values`);
  return [...verdicts].map((v) => v === '1');
}
