import { spawn, spawnSync, type ChildProcessByStdio, type SpawnSyncReturns } from 'node:child_process';
import type { Readable } from 'node:stream';
import { fileURLToPath } from 'node:url';

/** The CLI from the sources, through tsx, so tests never run a stale build. */
const CLI = fileURLToPath(new URL('../../src/node/cli.ts', import.meta.url));
const TSX = ['--import', 'tsx'];

/** Runs `siret-mock <args>` and waits for it. */
export function runCli(args: string[], options: { input?: string } = {}): SpawnSyncReturns<string> {
  return spawnSync(process.execPath, [...TSX, CLI, ...args], { encoding: 'utf8', maxBuffer: 512 * 1024 * 1024, ...options });
}

/** Starts `siret-mock <args>` without waiting. */
export function spawnCli(args: string[]): ChildProcessByStdio<null, Readable, Readable> {
  return spawn(process.execPath, [...TSX, CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
}
