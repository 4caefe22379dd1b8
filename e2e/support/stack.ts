/**
 * The end-to-end fixtures: each Playwright worker runs the whole stack (stand-in enquiry API,
 * proxy, demo site) for each example configuration, on free ports. Every test is also guarded:
 * a Content-Security-Policy violation, a script error, or a credential in anything the browser
 * receives fails it.
 */
import { randomBytes } from 'node:crypto';
import { test as base, expect } from '@playwright/test';
import { fetchInbox, type InboxEnquiry } from '../../demo/enquiry-api/inbox.ts';
import { EXAMPLE_CONFIGS, type ExampleName } from '../../demo/forms/index.ts';
import type { RunningDemo } from '../../demo/stack.ts';
import type { FormConfigFile } from '../../proxy/contract/schemas/form-config.ts';
import { lawFirmWithConsent } from '../../proxy/test/fixtures/consent-config.ts';
import { lawFirmInSteps } from '../../proxy/test/fixtures/steps-config.ts';
import { startDemoWithForm } from './demo-with-form.ts';

export type { InboxEnquiry };

/** The admin token of every e2e stack's proxy. */
export const E2E_ADMIN_TOKEN = randomBytes(32).toString('base64url');

export interface Stack {
  demo: RunningDemo;
  /** Base URL of the stand-in (inbox, files, fault control). */
  apiOrigin: string;
  /** Everything the stand-in platform has received, oldest first. */
  inbox(): Promise<InboxEnquiry[]>;
  /** Waits for the platform to hold `count` more enquiries than `before`, and returns the new ones. */
  arrivals(before: number, count?: number): Promise<InboxEnquiry[]>;
  secrets: string[];
}

/**
 * The stacks the specs use: the two examples, the law firm with consent and hidden fields, and
 * the same in steps.
 */
type StackName = ExampleName | 'consent' | 'steps';

const FORMS = { ...EXAMPLE_CONFIGS, consent: lawFirmWithConsent, steps: lawFirmInSteps };

/** What a spec's own stack adds to the ones above: its configuration, its proxy's environment. */
export interface StackSetup {
  config?: FormConfigFile;
  proxyEnv?: Record<string, string>;
  /** Work on the data directory before the proxy opens it (`demo-with-form.ts`). */
  prepare?: (dataDir: string) => Promise<void>;
}

/** The whole stack for one configuration; a spec with a stack of its own closes it. */
export async function openStack(
  example: StackName | `${string}-spec`,
  setup: StackSetup = {},
): Promise<Stack> {
  const form = setup.config ?? FORMS[example as StackName];
  const demo = await startDemoWithForm({
    form,
    dataDirPrefix: `e2e-${example}-`,
    prepare: setup.prepare,
    // Tests send more than ten a minute.
    proxyEnv: {
      RATE_LIMIT_PER_MINUTE: '10000',
      RATE_LIMIT_GLOBAL_PER_MINUTE: '10000',
      // Word letters become PDFs (CI installs LibreOffice); photos are converted regardless.
      CONVERT_DOCUMENTS: '1',
      // The funnel's counters, read by the specs (e2e/funnel.spec.ts), every cell shown.
      ADMIN_TOKEN: E2E_ADMIN_TOKEN,
      FUNNEL_MIN_COUNT: '1',
      ...setup.proxyEnv,
    },
  });
  const api = demo.api;
  if (!api || !demo.credentials) throw new Error('the e2e stack must use the stand-in');
  const inbox = () => fetchInbox(api.origin);
  const { username, password } = demo.credentials;
  return {
    demo,
    apiOrigin: api.origin,
    inbox,
    async arrivals(before, count = 1) {
      await expect
        .poll(async () => (await inbox()).length, { timeout: 15_000 })
        .toBeGreaterThanOrEqual(before + count);
      return (await inbox()).slice(before);
    },
    secrets: [username, password, Buffer.from(`${username}:${password}`).toString('base64')],
  };
}

interface WorkerFixtures {
  lawFirm: Stack;
  callback: Stack;
  consent: Stack;
  steps: Stack;
}

// Messages Chromium logs for answers a test provoked on purpose (a 400, an aborted request).
const EXPECTED_CONSOLE = /Failed to load resource|net::ERR_FAILED/;

// Playwright reads fixture parameters from the destructuring pattern, so `{}` is how a fixture
// says it needs nothing, and `void` is how a fixture says it provides nothing.
/* eslint-disable no-empty-pattern, @typescript-eslint/no-invalid-void-type */
/** A worker fixture running the whole stack for one example configuration. */
function stackFor(
  example: StackName,
): [(args: object, use: (stack: Stack) => Promise<void>) => Promise<void>, { scope: 'worker' }] {
  return [
    async ({}, use: (stack: Stack) => Promise<void>) => {
      const stack = await openStack(example);
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ];
}

export const test = base.extend<{ guard: void }, WorkerFixtures>({
  lawFirm: stackFor('law-firm'),
  callback: stackFor('callback'),
  consent: stackFor('consent'),
  steps: stackFor('steps'),
  guard: [
    async ({ page, lawFirm, callback }, use) => {
      const problems: string[] = [];
      const secrets = [...lawFirm.secrets, ...callback.secrets];
      page.on('console', (message) => {
        if (message.type() === 'error' && !EXPECTED_CONSOLE.test(message.text()))
          problems.push(`console: ${message.text()}`);
      });
      page.on('pageerror', (error) => problems.push(`page error: ${error.message}`));
      page.on('response', async (response) => {
        const text = await response.text().catch(() => '');
        const headers = JSON.stringify(await response.allHeaders().catch(() => ({})));
        for (const secret of secrets) {
          if (text.includes(secret) || headers.includes(secret))
            problems.push(`credential in ${response.url()}`);
        }
      });
      await use();
      expect(problems, 'CSP violations, script errors or leaked credentials').toEqual([]);
    },
    { auto: true },
  ],
});
/* eslint-enable no-empty-pattern, @typescript-eslint/no-invalid-void-type */

export { expect };
