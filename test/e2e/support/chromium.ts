import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type BrowserContextOptions } from 'playwright-core';

/** Debian's Chromium flags for these tests: headless, no sandbox (root), no GPU, no background traffic. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** A Chromium context with a fresh profile of its own; `close()` also deletes the profile. */
export interface ChromiumSession {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * Launches Debian's Chromium (playwright's own browser downloads are not reachable here) with a throw-away profile.
 * A persistent context is the way playwright accepts an explicit user-data-dir.
 */
export async function launchChromium(options: BrowserContextOptions = {}): Promise<ChromiumSession> {
  const profile = mkdtempSync(join(tmpdir(), 'siret-mock-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: '/usr/bin/chromium',
    args: [...CHROMIUM_ARGS],
    acceptDownloads: true,
    ...options,
  });
  return {
    context,
    async close() {
      await context.close().catch(() => undefined);
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
