/**
 * Loads the late bundle (`late/index.ts`: sending, the file checks, the error summary), built
 * beside this one as `enquiry-form.late-<hash>.js` and fetched from where this script came
 * from. The build writes its name in (`vite.config.ts`); unbuilt (in Vitest) it is the source.
 */
import type * as Late from './late/index.ts';

declare const __LATE_BUNDLE__: string | undefined;

let loading: Promise<typeof Late> | undefined;

/** The late bundle's module, loaded once per page; a failed load is tried again next time. */
export function loadLate(): Promise<typeof Late> {
  const name = typeof __LATE_BUNDLE__ === 'string' ? __LATE_BUNDLE__ : './late/index.ts';
  loading ??= (
    import(/* @vite-ignore */ new URL(name, import.meta.url).href) as Promise<typeof Late>
  ).catch((error: unknown) => {
    loading = undefined;
    throw error;
  });
  return loading;
}
