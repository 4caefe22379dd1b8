/**
 * `npm run enquiry-api`: the stand-in enquiry API on its own, configured from the environment
 * (see `config.ts` and the README). It never prints the password.
 */
import { mkdirSync } from 'node:fs';
import { configFromEnv } from './config.ts';
import { describeFaults } from './fault-settings.ts';
import { startEnquiryApi } from './server.ts';
import { EnquiryStore } from './store.ts';

/** Errors whose message is already the one line a person needs. */
const EXPECTED = new Set([
  'ConfigError',
  'FaultSettingsError',
  'CredentialsError',
  'EnquiryApiOptionsError',
]);

/** One line for any start-up failure, e.g. a taken port, without a stack trace. */
function describeFailure(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  if (EXPECTED.has(error.name)) return error.message;
  const code = (error as NodeJS.ErrnoException).code;
  return code ? `${code}: ${error.message}` : `${error.name}: ${error.message}`;
}

async function main(): Promise<void> {
  const { dataDir, dbPath, ...options } = configFromEnv(process.env);
  mkdirSync(dataDir, { recursive: true });
  const store = new EnquiryStore(dbPath);
  const api = await startEnquiryApi({ ...options, store }).catch((error: unknown) => {
    store.close();
    throw error;
  });

  console.log(`Stand-in enquiry API (user "${options.credentials.username}")`);
  console.log(`  service root: ${api.url}`);
  console.log(`  inbox:        ${api.origin}/inbox`);
  console.log(`  data:         ${dbPath}`);
  if (options.control) console.log(`  control:      ${api.origin}/__control/faults`);
  console.log(`  faults:       ${describeFaults(api.faults.settings)}`);

  const stop = (signal: string) => {
    console.log(`Stopping (${signal}).`);
    void api.close().finally(() => {
      store.close();
    });
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error: unknown) => {
  console.error(`enquiry-api: ${describeFailure(error)}`);
  process.exit(1);
});
