/**
 * Loads what the entry leaves to files of their own: the late bundle (`late/index.ts`: sending,
 * the file checks, the error summary), and the entry's parts, which only some forms need before
 * they are drawn: the steps part (`templates/steps.ts`) for a form in steps, the drawn form's
 * (`prerendered.ts`) for a form the page drew. The script build writes their names in
 * (`vite.config.ts`): `enquiry-form.late-<hash>.js`, fetched from where this script came from.
 * Everywhere else (the npm package, Vitest) the import names the source, so that the app's own
 * bundler makes it a chunk of the app and serves it.
 */
import type * as Late from './late/index.ts';
import { LATE_SHARED, lateSharedKey } from './late-shared.ts';
import { onceUntilFailed } from './late/once-until-failed.ts';
import type * as DrawnPart from './prerendered.ts';
import type * as StepsPart from './templates/steps.ts';

declare const __LATE_BUNDLE__: string | undefined;
declare const __STEPS_PART__: string | undefined;
declare const __DRAWN_PART__: string | undefined;

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

/** A part of the script build: it takes nothing from this bundle, and brings the little it needs. */
const importPart = (name: string) => import(/* @vite-ignore */ new URL(name, import.meta.url).href);

/** The steps part, loaded once per page; a failed load is tried again next time. */
export const loadStepsPart = onceUntilFailed((): Promise<typeof StepsPart> =>
  typeof __STEPS_PART__ === 'string' ? importPart(__STEPS_PART__) : import('./templates/steps.ts'),
);

/** The drawn form's part, loaded once per page; a failed load is tried again next time. */
export const loadDrawnPart = onceUntilFailed((): Promise<typeof DrawnPart> =>
  typeof __DRAWN_PART__ === 'string' ? importPart(__DRAWN_PART__) : import('./prerendered.ts'),
);
