import { spawn, type ChildProcess } from 'node:child_process';
import { createServer, connect } from 'node:net';

/** A throwaway `redis-server` (Debian package) on a free loopback port, without persistence. */
export interface RedisProcess {
  readonly port: number;
  readonly url: string;
  /** Stops the server (SIGKILL-free: SIGTERM, then waits for the exit). */
  stop(): Promise<void>;
  /** Starts it again on the same port, empty (no-op while it runs). */
  start(): Promise<void>;
  /** Sends a signal to the running server: SIGSTOP freezes it (connections stay open, nothing is answered), SIGCONT resumes it. */
  signal(signal: NodeJS.Signals): void;
}

/** Finds a loopback port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (address === null || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** Starts `redis-server` on a free port (with `extraArgs`, e.g. `['--maxmemory-policy', 'allkeys-lru']`) and waits until it answers PING. */
export async function startRedis(extraArgs: string[] = []): Promise<RedisProcess> {
  const port = await freePort();
  let child: ChildProcess | undefined;
  const start = async (): Promise<void> => {
    if (child && child.exitCode === null && child.signalCode === null) return;
    child = spawn(
      'redis-server',
      ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--loglevel', 'warning', ...extraArgs],
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    const deadline = Date.now() + 10_000;
    while (!(await pings(port))) {
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on port ${port}`);
      if (child.exitCode !== null)
        throw new Error(`redis-server exited with ${child.exitCode} (is the Debian package redis-server installed?)`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };
  const stop = async (): Promise<void> => {
    const running = child;
    child = undefined;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once('exit', resolve));
    // A frozen server would never handle SIGTERM.
    running.kill('SIGCONT');
    running.kill('SIGTERM');
    await exited;
  };
  await start();
  const signal = (name: NodeJS.Signals): void => {
    if (!child || child.exitCode !== null) throw new Error('redis-server is not running');
    child.kill(name);
  };
  return { port, url: `redis://127.0.0.1:${port}`, start, stop, signal };
}

function pings(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.setTimeout(500);
    socket.once('connect', () => socket.write('PING\r\n'));
    socket.once('data', (data) => {
      socket.destroy();
      resolve(data.toString().startsWith('+PONG'));
    });
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
  });
}
