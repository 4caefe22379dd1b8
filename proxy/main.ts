/**
 * `npm run proxy`: the proxy from the environment (see README, "Proxy environment").
 * A bad environment or form configuration stops it with one line per problem.
 */
import { FormConfigError } from './contract/schemas/form-config.ts';
import { EnvError, loadProxyEnv } from './env.ts';
import { startProxy } from './server.ts';

try {
  const env = loadProxyEnv(process.env);
  const proxy = await startProxy(env);
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
