// The path of one request through the package's serving layers (src/http, src/node, src/vite, src/next, mocks/): a
// free-tier `GET /api/v1/generate?quantity=1` through the MSW handlers (msw's `getResponse`) and through the server
// (`createSiretServer`, a raw HTTP/1.1 request on a kept-alive connection). Two counts, both after a warm-up request:
// - layers: the functions of ours on the call stack from the adapter's entry down to the generate route, read from a
//   stack trace the route's first read of the clock takes (everything up to there runs synchronously);
// - functions run: every function of ours that ran for the request, from V8's precise coverage (call counts).
// The core (src/core: the records and the quota arithmetic) is the work itself, not the path, and is left out.
// Usage: node --import tsx scripts/request-path.mjs   (from the repository root; reads the TypeScript sources)
import { Session } from 'node:inspector/promises';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const LAYERS = /\/(src\/(?:http|node|vite|next)|mocks)\/[^/].*\.ts$/;

const session = new Session();
session.connect();
const sources = new Map();
session.on('Debugger.scriptParsed', ({ params }) => {
  if (LAYERS.test(params.url)) sources.set(params.scriptId, params.url);
});
await session.post('Debugger.enable');
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: false });

/** The functions of the serving layers that ran since the last call, as `file  name (calls)`. */
async function ran() {
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const rows = [];
  for (const script of result) {
    if (!LAYERS.test(script.url)) continue;
    const { scriptSource } = await session.post('Debugger.getScriptSource', { scriptId: script.scriptId });
    for (const fn of script.functions) {
      const [whole] = fn.ranges;
      // The first range of a function is its whole body; the script's own top level is not a hop.
      // tsx's own helper (`__name`) is not ours either.
      if (whole.count === 0 || (whole.startOffset === 0 && fn.functionName === '') || fn.functionName === '__name') continue;
      const text = scriptSource.slice(whole.startOffset, whole.startOffset + 60).replace(/\s+/g, ' ');
      rows.push({ file: script.url.slice(`file://${root}`.length), name: fn.functionName || `(${text})`, calls: whole.count });
    }
  }
  return rows;
}

function report(title, rows) {
  const layers = routeStack().filter((line) => LAYERS.test(line.replace(/:\d+:\d+\)?$/, '')));
  console.log(`${title}: ${layers.length} layers in ${new Set(layers.map(fileOf)).size} files`);
  for (const line of layers.reverse()) console.log(`  ${line.trim()}`);
  const files = new Set(rows.map((row) => row.file));
  console.log(`${title}: ${rows.length} functions run in ${files.size} files`);
  for (const row of rows) console.log(`  ${row.file.padEnd(34)} ${row.name}${row.calls > 1 ? ` x${row.calls}` : ''}`);
}
const fileOf = (line) => /([^/(]+\.ts):\d+/.exec(line)?.[1];

// The clock records the stacks it is read from; the route's first read shows the layers above it.
let stacks = [];
const clock = {
  now() {
    Error.stackTraceLimit = 100;
    stacks.push(new Error().stack ?? '');
    return Date.now();
  },
};
const routeStack = () => {
  const lines = stacks.find((stack) => stack.includes('generate-route.ts'))?.split('\n') ?? [];
  stacks = [];
  return lines.slice(lines.findIndex((line) => line.includes('generate-route.ts')));
};

const { getResponse } = await import('msw');
const { createHandlers } = await import('../mocks/index.ts');
const { createSiretServer } = await import('../src/node/index.ts');
const path = '/api/v1/generate?quantity=1';

const mock = createHandlers({ seed: 1, clock });
const viaMsw = () => getResponse(mock.handlers, new Request(`http://localhost${path}`)).then((response) => response.text());
await viaMsw();
await ran();
stacks = [];
await viaMsw();
report('MSW', await ran());

const server = createSiretServer({ seed: 1, clock, demoDir: false, log: () => undefined });
const url = await server.listen(0, '127.0.0.1');
const socket = connect(Number(url.port), '127.0.0.1');
await new Promise((resolve) => socket.once('connect', resolve));
const viaServer = () =>
  new Promise((resolve) => {
    let got = '';
    const onData = (chunk) => {
      got += chunk;
      // One JSON body per answer: done once its closing brace has arrived.
      if (/\r\n\r\n\{.*\}$/s.test(got)) {
        socket.off('data', onData);
        setImmediate(resolve);
      }
    };
    socket.on('data', onData);
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
  });
await viaServer();
await ran();
stacks = [];
await viaServer();
report('server', await ran());
socket.destroy();
await server.close();
