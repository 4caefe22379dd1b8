/**
 * How every Playwright project launches Chromium. Playwright cannot download its own browsers on
 * every machine (CI images, sandboxes), so the executable is resolved in this order:
 * `CHROMIUM_PATH`, then Playwright's own Chromium when it is installed, then the distribution's
 * `/usr/bin/chromium` (what `.ci/run` installs with apt).
 */
import { existsSync } from 'node:fs';
import { chromium, type LaunchOptions } from '@playwright/test';

const SYSTEM_CHROMIUM = '/usr/bin/chromium';

function chromiumExecutable(): string | undefined {
  const fromEnv = process.env.CHROMIUM_PATH;
  if (fromEnv) return fromEnv;
  const own = chromium.executablePath();
  if (own && existsSync(own)) return undefined; // Playwright finds its own browser by itself.
  return SYSTEM_CHROMIUM;
}

/** Launch options shared by every project in `playwright.config.ts`. */
export const launchOptions: LaunchOptions = Object.freeze({
  executablePath: chromiumExecutable(),
  args: [
    // Containers and CI runners rarely allow Chromium's user-namespace sandbox.
    '--no-sandbox',
    '--disable-gpu',
    // Nothing in a test should talk to Google's update, sync or QUIC endpoints.
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
  ],
});
