/**
 * The environment of a proxy wired to a running stand-in enquiry API, for tests and benchmarks
 * that start the proxy for real (in process or as a child process). Only the stand-in's service
 * root URL is read, so a stand-in running in another process will do.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RunningEnquiryApi } from '../../demo/enquiry-api/server.ts';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { ORIGIN } from './proxy-harness.ts';

/**
 * A free port, a fresh data directory, the law firm example, no minimum fill time and rate
 * limits out of the way; `overrides` win.
 */
export function proxyEnvFor(
  api: Pick<RunningEnquiryApi, 'url'>,
  credentials: { username: string; password: string },
  overrides: Record<string, string> = {},
): Record<string, string> {
  return {
    ENQUIRY_API_URL: api.url,
    ENQUIRY_API_USERNAME: credentials.username,
    ENQUIRY_API_PASSWORD: credentials.password,
    ALLOWED_ORIGINS: ORIGIN,
    FORM_CONFIG: exampleConfigPath('law-firm'),
    PORT: '0',
    // Made only when not overridden, so a caller's own directory leaves no empty one behind.
    DATA_DIR: overrides.DATA_DIR ?? mkdtempSync(join(tmpdir(), 'proxy-')),
    MIN_FILL_SECONDS: '0',
    RATE_LIMIT_PER_MINUTE: '1000000',
    RATE_LIMIT_GLOBAL_PER_MINUTE: '1000000',
    ...overrides,
  };
}
