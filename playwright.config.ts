/**
 * Playwright Test. One project per suite, each with its own folder; all share the browser launch
 * options from `e2e/support/browser.ts`.
 *
 * - `widget`: the `<enquiry-form>` bundle in a real Chromium, against mocked proxy routes
 *   (no server). `npm run test:widget`.
 * - `e2e`: the demo site, the proxy and the stand-in enquiry API running for real (per worker,
 *   on free ports, from `e2e/support/stack.ts`); assertions are made at the stand-in. `npm run test:e2e`.
 */
import { defineConfig, type Project } from '@playwright/test';
import { launchOptions } from './e2e/support/browser.ts';

const widget: Project = {
  name: 'widget',
  testDir: 'widget',
  testMatch: '*.spec.ts',
};

const e2e: Project = {
  name: 'e2e',
  testDir: 'e2e',
  testMatch: '*.spec.ts',
  // Each worker runs two whole stacks; a spec walks a visitor through a real form.
  timeout: 45_000,
};

export default defineConfig({
  projects: [widget, e2e],
  // Builds the widget bundle when it is missing or older than its sources; ends the run with the
  // groups skipped for want of a system tool, and how to install them.
  globalSetup: ['./e2e/support/build-widget.ts', './proxy/test/fixtures/tools-summary.ts'],
  workers: 2,
  retries: 0,
  fullyParallel: true,
  forbidOnly: Boolean(process.env.CI),
  timeout: 15_000,
  expect: { timeout: 3_000 },
  outputDir: 'test-results',
  reporter: [['list']],
  use: {
    launchOptions,
    // DOM snapshots are what a failed spec needs; the screencast would slow every test.
    trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
    screenshot: 'only-on-failure',
  },
});
