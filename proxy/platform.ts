/**
 * The platform as the proxy sees it from the environment: the client with its credentials, and
 * the check that proves the address, the route and the login (`client/check.ts`), run at every
 * start and alone by `npm run proxy -- --check`.
 */
import { checkPlatform, reportLines, type CheckRecord, type CheckReport } from './client/check.ts';
import {
  createEnquiryApiClient,
  type EnquiryApiClientOptions,
} from './client/enquiry-api-client.ts';
import type { ProxyEnv } from './env.ts';
import type { Logger } from './logger.ts';

type PlatformEnv = Pick<
  ProxyEnv,
  'ENQUIRY_API_URL' | 'ENQUIRY_API_USERNAME' | 'ENQUIRY_API_PASSWORD' | 'UPSTREAM_TIMEOUT_MS'
>;

/** The client and its check, from the environment. */
export interface Platform {
  client: ReturnType<typeof createEnquiryApiClient>;
  check: (signal?: AbortSignal) => Promise<CheckReport>;
}

/**
 * @param log where PHP notices in the platform's answers are reported, once per kind
 * @param onAnswer told of each answer's status (metrics)
 * @example const { client, check } = platform(env, log);
 */
export function platform(
  env: PlatformEnv,
  log?: Logger,
  onAnswer?: EnquiryApiClientOptions['onAnswer'],
): Platform {
  const client = createEnquiryApiClient({
    baseUrl: env.ENQUIRY_API_URL,
    username: env.ENQUIRY_API_USERNAME,
    password: env.ENQUIRY_API_PASSWORD,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    ...(onAnswer ? { onAnswer } : {}),
    onNotice: ({ kind, endpoint, sample }) => {
      log?.warn(
        { kind, endpoint, sample },
        `the platform printed a PHP ${kind} before its JSON (display_errors is on): the proxy reads the JSON behind it; turn display_errors off`,
      );
    },
  });
  const setup = {
    baseUrl: env.ENQUIRY_API_URL,
    username: env.ENQUIRY_API_USERNAME,
    password: env.ENQUIRY_API_PASSWORD,
  };
  return { client, check: (signal) => checkPlatform(client, setup, signal) };
}

/** `check`, remembering how each run went; `last()` says how the latest one did. */
export function recordedCheck(check: Platform['check'], now: () => number = Date.now) {
  let last: CheckRecord | undefined;
  return {
    async check(signal?: AbortSignal) {
      const report = await check(signal);
      last = {
        at: now(),
        ok: report.ok,
        ...(report.problem
          ? { problem: { message: report.problem.message, hint: report.problem.hint } }
          : {}),
      };
      return report;
    },
    last: () => last,
  };
}

/** The check's findings in the log, one line each: info when right, warn with the fix when not. */
export function logReport(report: CheckReport, log: Logger): void {
  for (const finding of report.findings) {
    const line = { check: finding.name, detail: finding.detail, fix: finding.fix };
    if (finding.ok) log.info(line, `platform check: ${finding.name}`);
    else log.warn(line, `platform check failed: ${finding.name}`);
  }
}

/**
 * `npm run proxy -- --check`: the check alone, printed for a person; no data directory, no
 * server. Exit code 0 when delivery can work, 1 when not.
 */
export async function runCheckCommand(env: PlatformEnv, print: (line: string) => void) {
  const report = await platform(env).check();
  print(`Checking ${env.ENQUIRY_API_URL} as ${env.ENQUIRY_API_USERNAME}`);
  for (const line of reportLines(report)) print(line);
  return report.ok ? 0 : 1;
}
