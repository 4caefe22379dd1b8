/**
 * What the script build's late bundle takes from this bundle instead of bringing its own copy
 * (`bundle/late-shared.ts` cuts these out of its build): the pure helpers both bundles use. The
 * entry has them anyway; the late bundle, built on its own with no imports, would otherwise
 * carry a second copy of each. Values without state only: the late bundle's copies of anything
 * with state must stay its own (`late/index.ts`).
 */
import { answerTo, consentLabel, CONTACT_FIELDS, formatBytes, visibleQuestions } from '#contract';
import { adoptStyles, css } from './late/lit-tags.ts';
import { onceUntilFailed } from './late/once-until-failed.ts';

/** By the name each has where it is defined. */
export const LATE_SHARED = {
  adoptStyles,
  answerTo,
  consentLabel,
  CONTACT_FIELDS,
  css,
  formatBytes,
  onceUntilFailed,
  visibleQuestions,
};

/**
 * Where the entry leaves `LATE_SHARED` for the late bundle at `url` to read as it starts: a
 * module can be given nothing but its URL, and two builds on one page load two late bundles.
 */
export const lateSharedKey = (url: string) => Symbol.for(`enquiry-form:${url}`);
