// Runs the built CLI with the given arguments and reports its peak resident set size on stderr as `MAXRSS <kilobytes>`.
import { writeSync } from 'node:fs';

process.argv = [process.argv[0], new URL('../../dist/src/node/cli.js', import.meta.url).pathname, ...process.argv.slice(2)];
process.on('exit', () => writeSync(2, `MAXRSS ${process.resourceUsage().maxRSS}\n`));
await import('../../dist/src/node/cli.js');
