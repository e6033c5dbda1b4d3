/**
 * Headless Chromium for the browser tests, as provisioned by the global setup (provision.ts), with
 * the flags these machines need: a fresh profile each run, and no background connections (the
 * network is closed, and Chromium would otherwise try to reach Google's hosts at every start).
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { inject } from 'vitest';

/** The provisioned executable, or '' when the browser tests must skip (the reason was printed). */
export const chromiumPath = (): string => inject('chromium');

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(): Promise<Browser> {
  const profile = mkdtempSync(join(tmpdir(), 'queuecast-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: chromiumPath(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
  return {
    context,
    close: async () => {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}
