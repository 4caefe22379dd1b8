/**
 * The widest file limits of several versions: what a request's body is read with before the
 * enquiry in it names its version (a visitor whose form was drawn from a version that took more
 * or larger files must not be refused because a later one takes fewer). Each enquiry is then
 * checked against its own version's limits.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';

/** A version's file limits (the kinds as this proxy takes them). */
export type FileLimits = FormConfig['files'];

/**
 * The most files, the largest file and every kind any of `limits` allows.
 *
 * @example widestFiles([{ maxFiles: 5, maxFileBytes: 10 }, { maxFiles: 2, maxFileBytes: 20 }]) // { maxFiles: 5, maxFileBytes: 20 }
 */
export function widestFiles(limits: readonly FileLimits[]): FileLimits {
  const [first, ...rest] = limits;
  if (!first) throw new Error('no version to take the limits of');
  return rest.reduce<FileLimits>(
    (widest, files) => ({
      maxFiles: Math.max(widest.maxFiles, files.maxFiles),
      maxFileBytes: Math.max(widest.maxFileBytes, files.maxFileBytes),
      ...(widest.kinds && files.kinds
        ? { kinds: [...new Set([...widest.kinds, ...files.kinds])] }
        : {}),
    }),
    first,
  );
}
