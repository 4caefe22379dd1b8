/**
 * What the form was when the tab's draft was kept, beside it (sessionStorage): each question's
 * id, type and option values, in one text. A reload onto a form published anew since finds a
 * text that differs, and hands the saved enquiries' chunk what the form was, which restores only
 * the answers to questions that are still the same (`drafts/draft-content.ts`) and says which to
 * give again. The form itself is the record: no version number is needed. Within a page's life
 * the form does not change (a switch of language keeps every id, type and value), so what it
 * was when the page loaded is what each answer's question was when it was given.
 */
import type { PublicFormConfig, Question } from '#contract';

/** Each case type's questions as `[id, type, option values]`, in one text. */
export const formPrint = (config: PublicFormConfig) =>
  JSON.stringify(
    config.caseTypes.map((caseType) => [
      caseType.id,
      caseType.questions.map((q) => [
        q.id,
        q.type,
        (q as Question & { optionValues?: string[] }).optionValues ?? q.options,
      ]),
    ]),
  );

/** The form's text kept under `draftKey` before, if any; `print` is kept in its place. */
export function formBefore(draftKey: string, print: string): string | undefined {
  try {
    const before = sessionStorage.getItem(`${draftKey}:asked`) ?? undefined;
    sessionStorage.setItem(`${draftKey}:asked`, print);
    return before;
  } catch {
    return undefined; // without storage there is no draft to restore either
  }
}
