#!/usr/bin/env node
// Graceful shutdown of the built `siret-mock serve` (SIGTERM), and what delayed requests cost:
//   - `--delay 30000`, 10 requests waiting in the delay: seconds from SIGTERM to the process's exit (the drain timeout, 10 s,
//     is the bound: the connections still open are cut then, and nothing may keep the process past it);
//   - `createSiretServer({ delay: 30_000 })` in this process: 4,000 requests whose clients go away during the delay, then
//     the heap after a full GC against before them (an aborted request must leave nothing behind);
//   - 200 keep-alive clients (node:http Agent, one connection each), each sending a request 0-50 ms after its last answer,
//     SIGTERM 1 s after each has had an answer: requests sent that got a reset or no answer (a refused connection is not a
//     loss: nothing was sent);
//   - `--delay 500`, 20 connections that each sent 2 pipelined requests, SIGTERM while the first is delayed: connections
//     whose second request, already sent, got no answer.
// Usage: npm run build && node --expose-gc bench/shutdown.bench.mjs
import { spawnSync } from 'node:child_process';
import { Agent, request } from 'node:http';
import { connect } from 'node:net';
import { fileURLToPath } from 'node:url';
import { bench, PASS, startServe } from './support/attacked-server.mjs';

if (typeof globalThis.gc !== 'function') {
  const run = spawnSync(process.execPath, ['--expose-gc', fileURLToPath(import.meta.url)], { stdio: 'inherit' });
  process.exit(run.status ?? 1);
}

const DRAIN_S = 10;
const GENERATE = `GET /api/v1/generate?quantity=5 HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${PASS}\r\n\r\n`;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const exited = (child) => new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve()));

/** Raw connections that each write `bytes` once and collect what comes back; `closed` resolves with every reply. */
function rawClients(port, count, bytes) {
  const replies = Array.from(
    { length: count },
    () =>
      new Promise((resolve) => {
        let text = '';
        const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
        socket.setEncoding('latin1').on('data', (chunk) => (text += chunk));
        socket.on('error', () => undefined);
        socket.on('close', () => resolve(text));
      }),
  );
  return Promise.all(replies);
}

async function exitUnderDelay() {
  const server = await startServe(['--delay', '30000']);
  const replies = rawClients(server.port, 10, GENERATE);
  await sleep(300);
  const signalled = performance.now();
  server.child.kill('SIGTERM');
  await exited(server.child);
  const seconds = (performance.now() - signalled) / 1000;
  const answered = (await replies).filter((reply) => reply.startsWith('HTTP/1.1 200')).length;
  bench(
    'shutdown: SIGTERM with --delay 30000 and 10 requests in the delay, time to exit',
    seconds,
    `<= ${DRAIN_S + 1} s`,
    seconds <= DRAIN_S + 1,
    `the drain timeout is ${DRAIN_S} s; ${answered} of 10 delayed requests answered, the rest cut`,
    's',
  );
}

async function heapOfAbortedDelays() {
  const { createSiretServer } = await import(new URL('../dist/src/node/index.js', import.meta.url).href);
  const server = createSiretServer({ delay: 30_000, tier: 'lifetime', demoDir: false, log: () => undefined });
  const port = Number((await server.listen(0, '127.0.0.1')).port);
  const heap = () => {
    globalThis.gc();
    globalThis.gc();
    return process.memoryUsage().heapUsed / 2 ** 20;
  };
  // One round first, so that what the first requests load and compile is in the baseline.
  const round = async () => {
    const sockets = Array.from({ length: 200 }, () => {
      const socket = connect(port, '127.0.0.1', () => socket.write(GENERATE));
      socket.on('error', () => undefined);
      return socket;
    });
    await sleep(50);
    for (const socket of sockets) socket.destroy();
    await sleep(20);
  };
  await round();
  await sleep(100);
  const before = heap();
  for (let i = 0; i < 20; i++) await round();
  await sleep(100);
  const after = heap();
  await server.close(true);
  bench(
    'shutdown: heap kept by 4,000 requests aborted during a 30 s delay',
    after - before,
    '<= 5 MB',
    after - before <= 5,
    `heap after a full GC ${before.toFixed(1)} -> ${after.toFixed(1)} MB; 20 rounds of 200 connections closed 50 ms after their request`,
    'MB',
  );
}

async function keepAliveClients() {
  const server = await startServe();
  const counts = { answered: 0, answeredClose: 0, lost: 0, refused: 0, other: 0 };
  let signalled = Infinity;
  let afterSignal = 0;
  const once = (agent) =>
    new Promise((resolve) => {
      const req = request(
        { host: '127.0.0.1', port: server.port, path: '/api/v1/generate?quantity=5', headers: { authorization: `Bearer ${PASS}` }, agent },
        (res) => {
          res.resume();
          res.on('end', () => {
            counts.answered++;
            if (performance.now() >= signalled) afterSignal++;
            if (res.headers.connection === 'close') counts.answeredClose++;
            resolve(true);
          });
          res.on('error', () => (counts.lost++, resolve(false)));
        },
      );
      req.on('error', (error) => {
        if (error.code === 'ECONNREFUSED') counts.refused++;
        else if (error.code === 'ECONNRESET' || error.message === 'socket hang up') counts.lost++;
        else counts.other++;
        resolve(false);
      });
      req.end();
    });
  // SIGTERM once every client has had an answer (a connect refused by a full listen queue would otherwise wait for the
  // kernel's retry, and be reset with the listening socket: a loss, but not the drain's) and 1 s more.
  let connected = 0;
  let allConnected;
  const everyClientAnswered = new Promise((resolve) => (allConnected = resolve));
  const clients = Array.from({ length: 200 }, async () => {
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    let first = true;
    while (await once(agent)) {
      if (first && ++connected === 200) allConnected();
      first = false;
      await sleep(Math.random() * 50);
    }
    if (first && ++connected === 200) allConnected();
    agent.destroy();
  });
  await everyClientAnswered;
  await sleep(1_000);
  signalled = performance.now();
  server.child.kill('SIGTERM');
  await exited(server.child);
  const seconds = (performance.now() - signalled) / 1000;
  await Promise.all(clients);
  bench(
    'shutdown: SIGTERM under 200 keep-alive clients (0-50 ms think time), requests reset or unanswered',
    counts.lost + counts.other,
    '0',
    counts.lost + counts.other === 0,
    `${counts.lost} reset or hung up, ${counts.other} other errors; ${afterSignal} answered after SIGTERM, ` +
      `${counts.answeredClose} with Connection: close; ${counts.refused} clients refused afterwards; exit ${seconds.toFixed(2)} s after SIGTERM`,
    'requests',
  );
}

async function pipelinedAtShutdown() {
  const server = await startServe(['--delay', '500']);
  const replies = rawClients(server.port, 20, GENERATE.repeat(2));
  await sleep(200);
  server.child.kill('SIGTERM');
  await exited(server.child);
  const answers = (await replies).map((reply) => reply.split('HTTP/1.1 200 ').length - 1);
  const lost = answers.filter((count) => count < 2).length;
  bench(
    'shutdown: SIGTERM while 20 connections each have 2 pipelined requests, second requests unanswered',
    lost,
    '0',
    lost === 0,
    `answers per connection: ${answers.join(' ')}`,
    'connections',
  );
}

await exitUnderDelay();
await heapOfAbortedDelays();
await keepAliveClients();
await pipelinedAtShutdown();
