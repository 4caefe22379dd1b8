/**
 * What the element gives its late part (`index.ts`) as it attaches it: its own state, session
 * and words. A module of its own, so that the late part's pieces can name what they take
 * without importing the late bundle's entry.
 */
import type { StepsNow } from '#contract';
import type { Attribution } from '../attribution.ts';
import type { Translator } from '../i18n.ts';
import type { SessionController } from '../session.ts';
import type { FormState } from '../state.ts';
import type * as StepsPart from '../templates/steps.ts';
import type { HiddenAnswers } from './enquiry-part.ts';

/** A form in steps as the element draws it: its steps now, and the steps part that draws them. */
export interface StepsView extends StepsNow {
  part: typeof StepsPart;
}

/** What the late part works with: the element's own state, session and words. */
export interface LatePorts {
  state: FormState;
  session: SessionController;
  t(): Translator;
  /** Says something to screen reader users without moving focus. */
  announce(text: string): void;
  /** Adds English strings to the element's (`i18n.ts`). */
  learnStrings(strings: Readonly<Record<string, string>>): void;
  /** The attribution the enquiry would carry now (the funnel report carries its campaign). */
  marketing(): Attribution;
  /** The hidden questions' answers, read from the page (the funnel's variant is one). */
  hidden: HiddenAnswers;
  /**
   * The steps now and the one shown, as the element draws them, with the steps part that draws
   * them (`templates/steps.ts`, whose contract code the steps chunk uses too); undefined for a
   * form on one page.
   */
  steps(): StepsView | undefined;
}
