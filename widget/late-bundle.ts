/**
 * Loads the late bundle (`late/index.ts`: sending, the file checks, the error summary). The
 * script build writes its name in (`vite.config.ts`): `enquiry-form.late-<hash>.js`, fetched
 * from where this script came from. Everywhere else (the npm package, Vitest) the import names
 * the source, so that the app's own bundler makes it a chunk of the app and serves it.
 */
import type * as Late from './late/index.ts';
import { LATE_SHARED, lateSharedKey } from './late-shared.ts';
import { onceUntilFailed } from './late/once-until-failed.ts';

declare const __LATE_BUNDLE__: string | undefined;

/** The late bundle's module, loaded once per page; a failed load is tried again next time. */
export const loadLate = onceUntilFailed((): Promise<typeof Late> =>
  typeof __LATE_BUNDLE__ === 'string'
    ? importBuilt(new URL(__LATE_BUNDLE__, import.meta.url).href)
    : import('./late/index.ts'),
);

/** The script build's late bundle, handed what it shares with this bundle (`late-shared.ts`). */
function importBuilt(url: string): Promise<typeof Late> {
  const handOver = globalThis as Record<symbol, unknown>;
  const key = lateSharedKey(url);
  handOver[key] = LATE_SHARED;
  // Read as the module starts, so gone once it has (or has failed to): nothing for page scripts.
  return (import(/* @vite-ignore */ url) as Promise<typeof Late>).finally(() =>
    Reflect.deleteProperty(handOver, key),
  );
}
