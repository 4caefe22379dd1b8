/**
 * The form without JavaScript (`GET /form`), and what a plain post is answered with: the form
 * again with the values kept and an error summary on top, or the confirmation, each in the
 * frame of `page-frame.ts`.
 */
import { html } from 'hono/html';
import { contactRequired, FILES_FIELD, shownContactFields } from '../../contract/controls.ts';
import { suggestEmail } from '../../contract/email-typos.ts';
import { caseTypesAsRadios, MARKETING_FIELDS } from '../../contract/fields.ts';
import { formatIn } from '../../contract/plurals.ts';
import type { CaseType, FormConfig } from '../../contract/schemas/form-config.ts';
import { isEnglish } from '../../contract/strings/catalogue.ts';
import { ENGLISH } from '../../contract/strings/english.ts';
import { appointmentField, preferredOf } from './appointment-field.ts';
import { formEnd } from './form-end.ts';
import type { PageTimes } from './page-times.ts';
import { keepAddress, saveAddress } from './page-addresses.ts';
import type { HeldFile, PageIssue } from './held-files.ts';
import { page } from './page-frame.ts';
import { unfinishedBox, unfinishedButtons } from './unfinished-box.ts';
import {
  choiceGroup,
  contactField,
  fieldId,
  questionField,
  selectField,
  type FieldFrame,
  type FieldState,
  type PageLanguage,
} from './form-fields.ts';

/** A page of a form in one language, or a visitor whose language is the form's first, English. */
const IN_ENGLISH: PageLanguage = { lang: 'en', words: ENGLISH };

/** An issue of the file field: with the count (`files`) or one file (`files[1]`). */
const isFilesField = (field: string) => field.startsWith(FILES_FIELD);

/** Everything the form page shows. */
export interface FormPageOptions {
  config: FormConfig;
  caseType: CaseType | undefined;
  /** Values by field name: from the URL (prefill, hidden, attribution) or the last post. */
  values: ReadonlyMap<string, readonly string[]>;
  issues?: readonly PageIssue[];
  /** Files kept from the post before, listed as attached (`held-files.ts`). */
  held?: readonly HeldFile[];
  formToken: string;
  /** The version of the form the page is drawn from (its post is checked against it). */
  formVersion?: number | undefined;
  /** Where the form posts: `sendAddress()`, with the page's idempotency key. */
  sendTo: string;
  /** The query of `/form` to keep when a case type is chosen first. */
  query?: URLSearchParams;
  /** The visitor's region (from `Accept-Language`), for the email's "Did you mean …?". */
  region?: string | undefined;
  /** A refusal no field is to blame for (a limit, a full outbox), in the error summary. */
  problem?: string | undefined;
  /** The visitor's language and its words (`config` is the form in it); English when left out. */
  language?: PageLanguage;
  /** The form lists several languages: the post says which one its visitor read. */
  hiddenLang?: boolean;
  /**
   * "Save and continue later" beside Send (the configuration's `drafts`, the mailer on, and a
   * page of the site to lead back to in `sendTo`): it posts the same to `/form/save`.
   */
  saves?: boolean;
  /** The free times of the case type's appointment question (`page-times.ts`), when known. */
  times?: PageTimes | undefined;
  /** Its times are offered once the answers that choose its hosts are sent (`GET /form`). */
  timesLater?: boolean;
  /** What the page says of the visitor's last press above the form (what was kept, or erased). */
  said?: string | undefined;
}

/** The form page: the case-type choice first when the URL names none, else the whole form. */
export function formPage(options: FormPageOptions) {
  const { config, caseType, values, issues = [], problem, language = IN_ENGLISH } = options;
  const { words, lang } = language;
  const title = words['page.title'];
  const refused = issues.length > 0 || problem !== undefined;
  const errors = new Map(issues.map((issue) => [issue.field, issue.message]));
  const fileErrors = issues.filter((issue) => isFilesField(issue.field)).map((i) => i.message);
  const state = (name: string): FieldState => ({
    values: values.get(name) ?? [],
    error: errors.get(name),
    words,
  });
  if (!caseType)
    return page(
      title,
      chooseCaseType(config, options.query, errors.get('case_type'), language),
      language,
    );
  return page(
    refused ? formatIn(lang, words['page.errorTitle'], { title }) : title,
    html`<h1>${caseType.label}</h1>
      ${refused ? errorSummary(issues, problem, language) : ''}
      ${options.said ? html`<p role="status">${options.said}</p>` : ''}
      <form method="post" action="${options.sendTo}" enctype="multipart/form-data">
        <input type="hidden" name="case_type" value="${caseType.id}" />
        <input type="hidden" name="form_token" value="${options.formToken}" />
        ${options.formVersion === undefined ? '' : html`<input type="hidden" name="form_version" value="${options.formVersion}" />`}
        ${options.hiddenLang ? html`<input type="hidden" name="lang" value="${lang}" />` : ''}
        ${MARKETING_FIELDS.map((field) => html`<input type="hidden" name="marketing.${field}" value="${values.get(`marketing.${field}`)?.[0] ?? ''}" />`)}
        ${shownContactFields(config).map((field) => contactField(field, contactRequired(config, field), state(field), field === 'email' && issues.length > 0 ? emailSuggestion(values.get('email')?.[0], options.region, language) : undefined))}
        ${config.unfinished ? unfinishedBox(config.unfinished, values, language) : ''}
        ${caseType.questions.map((question) => {
          const condition = conditionOf(caseType, question, language);
          const field = state(`answers.${question.id}`);
          if (question.type !== 'appointment') return questionField(question, field, condition);
          const { times, timesLater = false } = options;
          const preferred = preferredOf(values, question.id);
          return appointmentField(question, field, condition, {
            times,
            later: timesLater,
            preferred,
            lang,
          });
        })}
        ${formEnd(config, state, { errors: fileErrors, held: options.held ?? [] }, language)}
        <div class="buttons">
          <button type="submit">${words.submit}</button>
          ${options.saves && options.sendTo.includes('back=') ? html`<button type="submit" class="secondary" formaction="${saveAddress(options.sendTo)}" formnovalidate>${words['draft.pageSave']}</button>` : ''}
          ${config.unfinished ? unfinishedButtons(keepAddress(options.sendTo), values, language) : ''}
        </div>
      </form>`,
    language,
  );
}

/** "Did you mean ada@gmail.com?" for an address with a likely typo, as the widget offers it. */
function emailSuggestion(
  email: string | undefined,
  region: string | undefined,
  { lang, words }: PageLanguage,
) {
  const address = suggestEmail(email ?? '', region);
  return address ? formatIn(lang, words.emailSuggestion, { address }) : undefined;
}

/** "A or B" as `lang` writes it (English as the page always wrote it). */
const eitherOf = (items: readonly string[], lang: string) =>
  isEnglish(lang)
    ? items.join(' or ')
    : new Intl.ListFormat(lang, { type: 'disjunction' }).format(items);

/**
 * Without script every question shows at once: one that the widget shows only after a given
 * answer says when it applies (and is ignored otherwise, as the widget would not send it).
 */
function conditionOf(
  caseType: CaseType,
  question: CaseType['questions'][number],
  { lang, words }: PageLanguage,
) {
  const rule = question.showIf;
  const parent = rule && caseType.questions.find((q) => q.id === rule.question);
  if (!rule || !parent) return undefined;
  const answers = eitherOf(
    [rule.equals].flat().map((value) => shownOption(parent, value)),
    lang,
  );
  return formatIn(lang, words['page.onlyIf'], { label: parent.label, answers });
}

/** An option as the visitor reads it: its label in their language, else its value. */
const shownOption = (question: CaseType['questions'][number], value: string) =>
  question.optionLabels?.[question.options?.indexOf(value) ?? -1] ?? value;

function chooseCaseType(
  config: FormConfig,
  query: URLSearchParams | undefined,
  error: string | undefined,
  language: PageLanguage,
) {
  const kept = [...(query ?? new URLSearchParams())].filter(([name]) => name !== 'case-type');
  const frame: FieldFrame = {
    id: fieldId('case_type'),
    name: 'case-type',
    label: language.words.case_type,
    required: true,
    markOptional: false,
    state: { values: [], error, words: language.words },
  };
  const options = config.caseTypes.map((c) => [c.id, c.label] as const);
  // Radios for a few case types, as the widget draws them (`caseTypesAsRadios`).
  const control = caseTypesAsRadios(config)
    ? choiceGroup(frame, 'radio', options)
    : selectField(frame, options);
  return html`<h1>${language.words['page.title']}</h1>
    <form method="get" action="/form">
      ${kept.map(([name, value]) => html`<input type="hidden" name="${name}" value="${value}" />`)}
      ${control}
      <button type="submit">${language.words['page.continue']}</button>
    </form>`;
}

function errorSummary(
  issues: readonly PageIssue[],
  problem: string | undefined,
  { words }: PageLanguage,
) {
  return html`<div class="summary" role="alert" aria-labelledby="summary-title" tabindex="-1">
    <h2 id="summary-title">${words.errorSummaryTitle}</h2>
    <ul>
      ${issues.map((issue) => html`<li><a href="#${fieldId(isFilesField(issue.field) ? FILES_FIELD : issue.field)}">${issue.message}</a></li>`)}
      ${problem !== undefined ? html`<li>${problem}</li>` : ''}
    </ul>
  </div>`;
}

/**
 * A refusal of a plain post that is not about its fields (rate limits, a full outbox, ...), or
 * another page with nothing but a heading and a message.
 */
export function problemPage(
  message: string,
  language: PageLanguage,
  heading: string = language.words.failedTitle,
) {
  return page(
    language.words['page.title'],
    html`<h1>${heading}</h1>
      <p role="alert">${message}</p>`,
    language,
  );
}
