import { spawn, spawnSync, type ChildProcess, type SpawnSyncReturns } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** The CLI from the sources, through tsx, so tests never run a stale build. */
const CLI = fileURLToPath(new URL('../../src/node/cli.ts', import.meta.url));
const NODE_ARGS = ['--import', 'tsx', CLI];

/** `siret-mock serve` running in a child process. */
export interface ServerProcess {
  readonly url: URL;
  readonly child: ChildProcess;
  /** Everything printed so far. */
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
  /** Sends `signal` (SIGTERM by default) and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/** Environment without any SIRET_MOCK_* variable of the outer shell, plus `env`. */
function cleanEnv(env: Record<string, string>): NodeJS.ProcessEnv {
  const base = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('SIRET_MOCK_')));
  return { ...base, ...env };
}

/** Runs `siret-mock serve <args>` to completion (for flags that exit at once). */
export function runServeSync(args: string[], env: Record<string, string> = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...NODE_ARGS, 'serve', ...args], { encoding: 'utf8', env: cleanEnv(env), timeout: 20_000 });
}

/** Starts `siret-mock serve <args>` and resolves once it prints the URL it listens on. */
export function startServerProcess(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child = spawn(process.execPath, [...NODE_ARGS, 'serve', ...args], { stdio: ['ignore', 'pipe', 'pipe'], env: cleanEnv(env) });
  let out = '';
  let err = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not start within 20 s; stderr: ${err}`));
    }, 20_000);
    const onData = (): void => {
      const match = /listening on (http:\/\/\S+)/.exec(out);
      if (!match?.[1]) return;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      resolve({
        url: new URL(match[1]),
        child,
        stdout: () => out,
        stderr: () => err,
        exited,
        stop(signal = 'SIGTERM') {
          if (child.exitCode === null && child.signalCode === null) child.kill(signal);
          return exited;
        },
      });
    };
    child.stdout.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening; stderr: ${err}`));
    });
  });
}
