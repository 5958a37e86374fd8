// HTTP client of .ci/container.sh: host Node, node:http only, loopback URLs. Prints one JSON line of counts; exits 1 when
// a response is wrong.
//   burst URL N           N requests at once, each on its own connection: counts by status; every 200 holds 5 valid
//                         records and every 429 is the spec's rate_limit_exceeded body.
//   load URL READY_FILE   requests from 16 loops (half on keep-alive connections, half on a new connection each) until the
//                         server has refused connections for 1 s, or 60 s; writes READY_FILE after 200 answers. A response
//                         whose headers arrived must end with its whole body (Content-Length) and parse: anything else
//                         counts as truncated. Beside them, one connection sends half a request and stalls, so that the
//                         server's drain waits for it until its deadline.
import http from 'node:http';
import net from 'node:net';
import { writeFileSync } from 'node:fs';

const [command, url, arg] = process.argv.slice(2);

/** One GET; resolves { status, headers, body } or { error } (no response at all), or { truncated } (a cut body). */
function get(target, agent, headers = {}) {
  return new Promise((resolve) => {
    const request = http.get(target, { agent, headers }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('aborted', () => resolve({ truncated: 'aborted' }));
      response.on('error', (error) => resolve({ truncated: error.code ?? error.message }));
      response.on('end', () => {
        const body = Buffer.concat(chunks);
        const expected = Number(response.headers['content-length']);
        if (!response.complete || (Number.isFinite(expected) && body.length !== expected)) {
          resolve({ truncated: `${body.length} of ${expected} bytes` });
          return;
        }
        try {
          resolve({ status: response.statusCode, headers: response.headers, body: JSON.parse(body.toString('utf8')) });
        } catch {
          resolve({ truncated: 'body is not JSON' });
        }
      });
    });
    request.setTimeout(10_000, () => request.destroy(new Error('client timeout')));
    // A keep-alive connection the server closed just as this request left on it is a known race, not a lost answer.
    request.on('error', (error) =>
      resolve({ error: `${error.code ?? error.message}${request.reusedSocket ? ' (reused connection)' : ''}` }),
    );
  });
}

function checkBody(answer, records) {
  if (answer.status === 200) {
    return Array.isArray(answer.body.data) && answer.body.data.length === records && answer.body.count === records;
  }
  if (answer.status === 429) return answer.body.error === 'rate_limit_exceeded' && answer.headers['retry-after'] !== undefined;
  return true;
}

async function burst(target, n) {
  const answers = await Promise.all(Array.from({ length: n }, () => get(target, false)));
  const counts = { statuses: {}, errors: {}, wrongBodies: 0, truncated: 0 };
  for (const answer of answers) {
    if (answer.error) counts.errors[answer.error] = (counts.errors[answer.error] ?? 0) + 1;
    else if (answer.truncated) counts.truncated += 1;
    else {
      counts.statuses[answer.status] = (counts.statuses[answer.status] ?? 0) + 1;
      if (!checkBody(answer, 5)) counts.wrongBodies += 1;
    }
  }
  console.log(JSON.stringify(counts));
  return counts.wrongBodies === 0 && counts.truncated === 0;
}

async function load(target, readyFile) {
  const counts = { complete: 0, connectionClose: 0, truncated: 0, wrongBodies: 0, errors: {} };
  const truncations = [];
  const started = Date.now();
  let refusedSince = 0;
  let ready = false;
  const keepAlive = new http.Agent({ keepAlive: true, maxSockets: 8 });
  const { hostname, port } = new URL(target);
  const stalled = new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname, () => socket.write(`GET ${new URL(target).pathname} HTTP/1.1\r\nHost: x\r\n`));
    let bytes = 0;
    socket.on('data', (chunk) => (bytes += chunk.length));
    socket.on('error', () => {});
    socket.on('close', () =>
      resolve({ stalledClientClosedAfterS: Number(((Date.now() - started) / 1000).toFixed(1)), stalledClientBytes: bytes }),
    );
  });
  const loop = async (agent) => {
    while (Date.now() - started < 60_000) {
      const answer = await get(target, agent);
      if (answer.error) {
        counts.errors[answer.error] = (counts.errors[answer.error] ?? 0) + 1;
        if (answer.error === 'ECONNREFUSED') {
          refusedSince ||= Date.now();
          if (Date.now() - refusedSince >= 1000) return;
        }
        await new Promise((resolve) => setTimeout(resolve, 20));
        continue;
      }
      refusedSince = 0;
      if (answer.truncated) {
        counts.truncated += 1;
        truncations.push(answer.truncated);
        continue;
      }
      counts.complete += 1;
      if (answer.headers.connection === 'close') counts.connectionClose += 1;
      if (answer.status !== 200 || !checkBody(answer, Number(new URL(target).searchParams.get('quantity') ?? 5))) {
        counts.wrongBodies += 1;
      }
      if (!ready && counts.complete >= 200) {
        ready = true;
        writeFileSync(readyFile, 'ready\n');
      }
    }
  };
  await Promise.all(Array.from({ length: 16 }, (_, i) => loop(i % 2 === 0 ? keepAlive : false)));
  keepAlive.destroy();
  Object.assign(counts, await stalled);
  counts.seconds = Number(((Date.now() - started) / 1000).toFixed(1));
  if (truncations.length > 0) counts.truncations = truncations.slice(0, 5);
  console.log(JSON.stringify(counts));
  return counts.truncated === 0 && counts.wrongBodies === 0 && ready;
}

const ok = command === 'burst' ? await burst(url, Number(arg)) : command === 'load' ? await load(url, arg) : false;
process.exitCode = ok ? 0 : 1;
