/**
 * What the form was when the tab's draft was kept, beside it (sessionStorage): each question's
 * id, type, option values and their labels (the draft holds a choice by its label), in one text.
 * A reload onto a form published anew since finds a text that differs, and hands the saved
 * enquiries' chunk what the form was, which keeps only the answers whose question still stands
 * (`drafts/unchanged.ts`) and says which to give again. The form itself is the record: a version
 * number would say that the form changed, not which questions did. Within a page's life the
 * questions do not change (a switch of language keeps every id, type and value; only the labels
 * differ, and the chunk reads a choice by its label then or now), so what the form was when the
 * page loaded is what each answer's question was when it was given.
 */
import type { PublicFormConfig, Question } from '#contract';

/** Each case type's questions as `[id, type, option values, option labels]`, in one text. */
export const formPrint = (config: PublicFormConfig) =>
  JSON.stringify(
    config.caseTypes.map((caseType) => [
      caseType.id,
      caseType.questions.map((q) => [
        q.id,
        q.type,
        (q as Question & { optionValues?: string[] }).optionValues ?? q.options,
        q.options,
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
