// The README's first code block is what CI runs first: .ci/run's first step after the Debian packages is .ci/day-one.sh,
// which runs exactly those commands in the clean clone (and .ci/node-versions.sh on Node 22 and 24).
import { readFileSync } from 'node:fs';
import { expect, it } from 'vitest';

const read = (path: string): string => readFileSync(new URL(`../${path}`, import.meta.url), 'utf8');

it("runs the README's first code block, command for command, as .ci/run's first step", () => {
  const readme = /```sh\n([\s\S]*?)```/.exec(read('README.md'))?.[1] ?? '';
  const commands = readme
    .split('\n')
    .map((line) => line.replace(/#.*$/, '').trim())
    .filter((line) => line !== '');
  expect(commands).toEqual(['npm install && npm start', 'npm test']);

  const script = read('.ci/day-one.sh');
  const assigned = (name: string): string | undefined => new RegExp(`^${name}='([^']*)'$`, 'm').exec(script)?.[1];
  expect([assigned('start_command'), assigned('test_command')]).toEqual(commands);

  // The steps of .ci/run: the Debian packages, then day-one.sh, before any npm command.
  const run = read('.ci/run');
  const steps = run.split(/^step /m).slice(1);
  expect(steps[0]).toMatch(/^"Debian packages/);
  expect(steps[0]).not.toMatch(/^\s*npm /m);
  expect(steps[1]?.split('\n').slice(1).join('\n').trim()).toBe('bash .ci/day-one.sh');
  expect(run).toContain('bash .ci/node-versions.sh');
  expect(read('.ci/node-versions.sh')).toMatch(/bash "\$repo\/\.ci\/day-one\.sh" "\$clone"/);
});
