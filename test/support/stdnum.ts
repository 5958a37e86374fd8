import { spawnSync } from 'node:child_process';

// Debian's python3-stdnum is an independent implementation of the SIREN/SIRET checks. Debian's own interpreter is used
// because a pyenv or venv python on PATH does not see Debian's packages.
const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import sys
from stdnum.fr import siren, siret
bad = 0
for line in sys.stdin:
    kind, number = line.rstrip('\\n').split('\\t')
    ok = (siret if kind == 'siret' else siren).is_valid(number)
    if not ok:
        bad += 1
        print('invalid', kind, number)
print('checked-ok' if bad == 0 else 'failed', bad)
`;

/** Checks numbers with python-stdnum; returns the lines it printed (the last is `checked-ok 0` when all are valid). */
export function checkWithStdnum(numbers: ReadonlyArray<readonly ['siret' | 'siren', string]>): string[] {
  const input = numbers.map(([kind, n]) => `${kind}\t${n}`).join('\n') + '\n';
  const run = spawnSync(PYTHON, ['-c', SCRIPT], { input, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024 });
  if (run.status !== 0) throw new Error(`python3-stdnum check did not run (is Debian's python3-stdnum installed?): ${run.stderr}`);
  return run.stdout.trim().split('\n');
}
