import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT: string = fileURLToPath(new URL('../../..', import.meta.url));

/** A port nobody listens on right now (the OS picks it; there is a small race until the child binds it). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** A child process in its own process group, so that stopping it also stops what npm started under it. */
export interface RunningProcess {
  child: ChildProcess;
  output(): string;
  stop(): Promise<void>;
}

/** Spawns a command and waits until `ready` matches its output (or fails after `timeoutMs`, with that output). */
export async function startProcess(command: string, args: string[], ready: RegExp, timeoutMs = 60_000): Promise<RunningProcess> {
  const child = spawn(command, args, {
    cwd: REPO_ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1', BROWSER: 'none' },
  });
  let output = '';
  const running: RunningProcess = {
    child,
    output: () => output,
    stop: () => stopGroup(child),
  };
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`${command} ${args.join(' ')} not ready after ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      if (ready.test(output)) {
        clearTimeout(timer);
        resolve();
      }
    };
    const fail = (error: Error): void => {
      clearTimeout(timer);
      void stopGroup(child);
      reject(error);
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => fail(new Error(`${command} ${args.join(' ')} exited with ${code}:\n${output}`)));
  });
  return running;
}

function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((resolve) => {
    const force = setTimeout(() => signal(-pid, 'SIGKILL'), 5_000);
    child.once('exit', () => {
      clearTimeout(force);
      resolve();
    });
    signal(-pid, 'SIGTERM');
  });
}

function signal(target: number, name: NodeJS.Signals): void {
  try {
    process.kill(target, name);
  } catch {
    // Already gone.
  }
}

/** `npm run demo` on a free port, as the docs give the command (so the flags reaching Vite through npm are tested too). */
export async function startDemo(): Promise<{ vite: RunningProcess; url: string }> {
  const port = await freePort();
  const vite = await startProcess(
    'npm',
    ['run', 'demo', '--', '--port', String(port), '--strictPort', '--host', '127.0.0.1'],
    /Local:\s+http:\/\/127\.0\.0\.1:\d+/,
  );
  return { vite, url: `http://127.0.0.1:${port}/` };
}
