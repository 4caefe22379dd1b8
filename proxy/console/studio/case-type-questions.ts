/**
 * A case type's questions on its page, in their order: each a link to its own page, with its type,
 * its id, whether it must be answered, when it is shown, and the funnel beside it (the share of
 * visitors shown it who left the form there, `question-funnel.ts`), so the marketer sees which
 * question to change; then the ways to add a question, split the case type into steps, or remove it.
 */
import { html } from 'hono/html';
import type { Html } from '../pages/layout.ts';
import { idsOf } from './list-routes.ts';
import { caseTypeUrl, questionUrl } from './parts.ts';
import { labelOf, TYPE_WORDS } from './part-question.ts';
import { questionFunnelWords, type QuestionFunnel } from './question-funnel.ts';
import { at, listAt, shownAt } from './raw-config.ts';
import { movedWords, reorderList } from './reorder-list.ts';
import type { Loaded } from './studio-kit.ts';

/** What the list needs besides the draft. */
export interface QuestionsData {
  loaded: Loaded;
  ct: number;
  canEdit: boolean;
  csrf: string;
  funnel: QuestionFunnel | undefined;
  focus?: string | undefined;
}

/** One question's line: its type, id, and when it is asked. */
function details(question: unknown, questions: readonly unknown[], languages: readonly string[]) {
  const type = shownAt(question, ['type']);
  const condition = at(question, ['showIf', 'question']);
  const after = questions.find((q) => at(q, ['id']) === condition);
  return [
    type in TYPE_WORDS ? TYPE_WORDS[type as keyof typeof TYPE_WORDS] : type,
    at(question, ['required']) === true ? 'must be answered' : 'optional',
    ...(condition !== undefined
      ? [
          `shown only after “${after ? labelOf(after, languages) : shownAt(question, ['showIf', 'question'])}”`,
        ]
      : []),
  ].join(' · ');
}

/** Where the question a move names went, in words. */
export function questionMoved(
  loaded: Loaded,
  ct: number,
  focus: string | undefined,
): string | undefined {
  const questions = listAt(at(loaded.config, ['caseTypes', ct]), ['questions']);
  return movedWords(
    questions.map((q) => `“${labelOf(q, loaded.languages)}”`),
    focus,
    'questions',
  );
}

/** The questions and what can be done to the case type. */
export function caseTypeQuestions(data: QuestionsData): Html {
  const { loaded, ct, canEdit } = data;
  const caseType = at(loaded.config, ['caseTypes', ct]);
  const questions = listAt(caseType, ['questions']);
  const names = questions.map(
    (q) => labelOf(q, loaded.languages) || shownAt(q, ['id']) || '(no words yet)',
  );
  const liveId = at(caseType, ['id']);
  return html`<h2 id="questions" tabindex="-1">Questions</h2>
    ${questions.length === 0 ? html`<p>No questions yet: the visitor gives their contact details only.</p>` : ''}
    ${reorderList({
      list: 'questions',
      items: questions.map((question, q) => ({
        name: names[q] ?? '',
        href: questionUrl(ct, q),
        details: html`<p class="muted">
            <code>${shownAt(question, ['id']) || ''}</code> ·
            ${details(question, questions, loaded.languages)}
          </p>
          <p>${questionFunnelWords(data.funnel, liveId, at(question, ['id']))}</p>`,
      })),
      action: `${caseTypeUrl(ct)}/move`,
      csrf: data.csrf,
      revision: loaded.draft.revision,
      base: idsOf(loaded.config, ['caseTypes', ct, 'questions']),
      canEdit,
      focus: data.focus,
    })}
    ${canEdit ? html`<p><a class="button" href="${caseTypeUrl(ct)}/questions/new">Add a question</a></p>` : ''}
    <h2>Steps</h2>
    <p>
      <a href="${caseTypeUrl(ct)}/steps">Steps of this case type</a>
      <span class="muted">(they win over the form’s)</span>
    </p>
    ${
      canEdit
        ? html`<h2>Remove</h2>
            <p>
              <a class="danger-link" href="${caseTypeUrl(ct)}/remove">Remove this case type</a>
            </p>`
        : ''
    }`;
}
