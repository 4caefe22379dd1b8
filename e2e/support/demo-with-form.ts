/**
 * The whole demo stack (stand-in enquiry API, proxy, demo site) on free ports, serving one form
 * configuration written to a file in a new data directory, as a site owner would keep it. The
 * ground of the Playwright fixtures (`stack.ts`, `thank-you-stack.ts`) and of the Firefox
 * suites (`e2e/firefox/firefox-stack.ts`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startDemo, type RunningDemo } from '../../demo/stack.ts';
import type { FormConfigFile } from '../../proxy/contract/schemas/form-config.ts';
import { createLogger } from '../../proxy/logger.ts';

export interface DemoWithFormOptions {
  form: FormConfigFile;
  /** The start of the data directory's name, to tell a suite's leftovers apart. */
  dataDirPrefix: string;
  /** More of the proxy's environment. */
  proxyEnv?: Record<string, string>;
  /** Work on the data directory before the proxy opens it (a host's calendar connected). */
  prepare?: (dataDir: string) => Promise<void>;
}

/** Starts the stack; its `close` stops it. */
export async function startDemoWithForm(options: DemoWithFormOptions): Promise<RunningDemo> {
  const dataDir = mkdtempSync(join(tmpdir(), options.dataDirPrefix));
  const configPath = join(dataDir, 'form.json');
  writeFileSync(configPath, JSON.stringify(options.form, null, 2));
  await options.prepare?.(dataDir);
  return startDemo({
    log: createLogger({ level: 'error' }),
    env: { FORM_CONFIG: configPath },
    sitePort: 0,
    proxyPort: 0,
    apiPort: 0,
    dataDir,
    // Tests fill forms faster than people.
    proxyEnv: { MIN_FILL_SECONDS: '0', ...options.proxyEnv },
  });
}
