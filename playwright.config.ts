/**
 * Playwright Test. One project per suite, each with its own folder; all share the browser launch
 * options from `e2e/support/browser.ts`.
 *
 * - `widget`: the `<enquiry-form>` bundle in a real Chromium, against mocked proxy routes
 *   (no server). `npm run test:widget`.
 */
import { defineConfig, type Project } from '@playwright/test';
import { launchOptions } from './e2e/support/browser.ts';

const widget: Project = {
  name: 'widget',
  testDir: 'widget',
  testMatch: '*.spec.ts',
};

export default defineConfig({
  projects: [widget],
  // Builds the widget bundle when it is missing or older than its sources.
  globalSetup: './e2e/support/build-widget.ts',
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
