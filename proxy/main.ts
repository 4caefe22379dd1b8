/**
 * `npm run proxy`: the proxy from the environment (see docs/production.md, "Proxy environment").
 * A bad environment or form configuration stops it with one line per problem.
 * `npm run proxy -- --check` checks that `DATABASE_URL`'s PostgreSQL answers, the platform
 * (docs/production.md, "Your platform") and whether documents can be converted in their box,
 * says whether visitors get confirmation emails, checks that each webhook endpoint answers a
 * signed test message, and exits. A start that fails names the variable it came from.
 */
import { FormConfigError } from './contract/schemas/form-config.ts';
import { EnvError, loadProxyEnv } from './env.ts';
import { withEnvFile } from './env-file.ts';
import { openDocuments } from './convert/open-converter.ts';
import { checkDatabase } from './lifecycle/outbox-address.ts';
import { runCheckCommand } from './platform.ts';
import { confirmationsState } from './notify/confirmations-state.ts';
import { startProxy } from './server.ts';
import { readFormConfigs } from './studio/form-file.ts';
import { checkWebhookEndpoints } from './webhooks/check.ts';

let envFileWarnings: string[] = [];
try {
  const source = withEnvFile(process.env);
  envFileWarnings = source.warnings;
  const env = loadProxyEnv(source.env);
  if (process.argv.includes('--check')) {
    for (const warning of source.warnings) console.log(`Warning: ${warning}`);
    const print = (line: string) => {
      console.log(line);
    };
    // The outbox first: without it nothing is taken, whatever the platform says.
    const databaseOk = await checkDatabase(env, print);
    const platformCode = await runCheckCommand(env, print);
    const webhooksOk = await checkWebhookEndpoints(
      env.WEBHOOK_ENDPOINTS,
      env.WEBHOOK_TIMEOUT_MS,
      print,
    );
    const code = webhooksOk && databaseOk ? platformCode : 1;
    // Documents off is a warning, not a failure: the proxy still takes everything else.
    const documents = await openDocuments(env);
    if (documents.off) console.log(`Warning: ${documents.off}`);
    else if (documents.converter) console.log('Documents: LibreOffice runs in a proven box');
    console.log(confirmationsState(env, readFormConfigs(env.FORM_CONFIG).first).why);
    process.exit(code);
  }
  const proxy = await startProxy(env);
  if (source.file) proxy.log.info({ file: source.file }, 'read the env file');
  for (const warning of source.warnings) proxy.log.warn({ file: source.file }, warning);
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    process.once(signal, () => {
      proxy.log.info({ signal }, 'signal received');
      proxy.close().then(
        () => process.exit(0),
        (error: unknown) => {
          proxy.log.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
} catch (error) {
  if (error instanceof EnvError) {
    // A misspelt name is often why a variable is missing: say both.
    for (const warning of envFileWarnings) console.error(`Warning: ${warning}`);
    for (const problem of error.problems) console.error(`Configuration error: ${problem}`);
  } else if (error instanceof FormConfigError) {
    for (const problem of error.problems)
      console.error(`Form configuration error (FORM_CONFIG): ${problem}`);
  } else {
    console.error(
      `The proxy could not start: ${error instanceof Error ? error.message : String(error)}`,
    );
  }
  process.exit(1);
}
