/**
 * From a received multipart submission to what is stored and sent upstream: the enquiry part
 * parsed and checked against the configuration (the law; the widget's checks are a courtesy),
 * the files sniffed, checked and renamed, the upstream enquiry built.
 */
import type { NewFile } from '../outbox/submission.ts';
import { enquiryPartSchema, type EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import { describeIssue, type FieldIssue, type RuleIssue } from '../contract/issues.ts';
import { CONTACT_FIELDS } from '../contract/fields.ts';
import { mimeOf, sniffKind } from '../contract/file-kinds.ts';
import { checkFiles } from '../contract/file-rules.ts';
import { kindList, type AcceptedKind } from '../contract/limits.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { validateEnquiry } from '../contract/rules.ts';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import { safeFileName } from './file-names.ts';
import { enquiryFromFields } from './page/plain-fields.ts';
import { askTimesFirst } from './page/unseen-times.ts';
import { answersAsValues } from './option-values.ts';
import { impossibleNumbers } from './phone-numbers.ts';
import type { ReceivedSubmission } from './read-multipart.ts';
import type { Strings } from '../contract/strings/english.ts';
import {
  formIn,
  wordingFor,
  wordsIn,
  type FormInLanguage,
  type FormLanguageDeps,
  type Wording,
} from '../http/form-language.ts';
import { Refusal } from '../http/refusal.ts';
import { buildUpstreamEnquiry } from './upstream-enquiry.ts';

/** A file as the intake took it: named, and its kind told by its bytes, once. */
export interface IntakeFile extends NewFile {
  kind: AcceptedKind;
}

/**
 * The form the visitor read and its language (none for a form in one language), the words in
 * it, and their enquiry as they read it: `upstream` with their questions' labels and options.
 */
export interface VisitorReading extends FormInLanguage {
  words: Strings;
  enquiry: UpstreamEnquiry;
}

/** A submission that passed every check, ready to store. */
export interface CheckedSubmission {
  /** The form in the firm's language, of the version the enquiry was checked against. */
  config: FormConfig;
  part: EnquiryPart;
  upstream: UpstreamEnquiry;
  /** What the visitor read, for what is written to them (the confirmation email). */
  visitor: VisitorReading;
  /** The firm's language and its words: what the platform and the firm's people read. */
  firm: Wording;
  files: IntakeFile[];
}

/**
 * Checks a submission against `form` (the version it was drawn from); throws a `Refusal` (400,
 * 413 or 415) naming every problem it finds.
 */
export function checkSubmission(
  received: ReceivedSubmission,
  form: FormLanguageDeps,
  receivedAt: number,
  /** The enquiry part as JSON, when the caller parsed it already (`enquiryJson`). */
  json = received.plain ? undefined : enquiryJson(received.enquiryText),
  /** The appointment whose times a plain post is to choose from first (`page/unseen-times.ts`). */
  timesUnseen?: string,
): CheckedSubmission {
  const { config } = form;
  const parsed = received.plain
    ? parseEnquiryObject(enquiryFromFields(received.plain, config))
    : parseEnquiryPart(json);
  const visitor = formIn(form, parsed.lang);
  const part = answersAsValues(visitor.form, parsed);
  // Checked against the form the visitor read: the same rules, its labels in their words.
  const shared = askTimesFirst(
    validateEnquiry(visitor.form, part),
    visitor.form.caseTypes.find((each) => each.id === part.case_type),
    timesUnseen,
  );
  const refused = new Set(shared.map((issue) => issue.field));
  const issues = inFormOrder(config, part, [
    ...shared,
    ...impossibleNumbers(visitor.form, part, refused),
  ]).map(describeIssue);
  if (issues.length > 0) throw Refusal.validation(issues);

  const words = wordsIn(form, visitor.lang);
  const files = prepareFiles(received, config, visitor.lang, words);
  const firm = wordingFor(form, undefined);
  const upstream = buildUpstreamEnquiry(config, part, receivedAt, visitor, firm.words);
  const reading: VisitorReading = {
    ...visitor,
    words,
    enquiry:
      visitor.form === config
        ? upstream
        : buildUpstreamEnquiry(visitor.form, part, receivedAt, visitor, words),
  };
  return { config, part, upstream, visitor: reading, firm, files };
}

/** Issues in the order their fields appear on the form, as the error summary lists them. */
function inFormOrder(config: FormConfig, part: EnquiryPart, issues: RuleIssue[]): RuleIssue[] {
  const questions = config.caseTypes.find((c) => c.id === part.case_type)?.questions ?? [];
  const order = [...CONTACT_FIELDS, 'case_type', ...questions.map((q) => `answers.${q.id}`)];
  const place = (issue: RuleIssue) => {
    const at = order.indexOf(issue.field);
    return at === -1 ? order.length : at;
  };
  return issues.toSorted((a, b) => place(a) - place(b));
}

/**
 * The enquiry part's text as JSON, nothing when it is not JSON: parsed once per enquiry, as
 * `take-in.ts` reads its language and form token before it is checked.
 */
export function enquiryJson(text: string): { value: unknown } | undefined {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return undefined;
  }
}

function parseEnquiryPart(json: { value: unknown } | undefined): EnquiryPart {
  if (!json) throw Refusal.field('enquiry', 'invalid_type', 'enquiry.not_json');
  return parseEnquiryObject(json.value);
}

function parseEnquiryObject(json: unknown): EnquiryPart {
  const result = enquiryPartSchema.safeParse(json);
  if (result.success) {
    // zod leaves a "__proto__" key out of a record without a word (a plain object cannot own
    // one), so that answer would vanish instead of being refused like any unknown question.
    const answers = (json as { answers?: unknown }).answers;
    if (typeof answers === 'object' && answers !== null && Object.hasOwn(answers, '__proto__')) {
      throw Refusal.validation([
        describeIssue({
          field: 'answers.__proto__',
          code: 'unknown_question',
          messageKey: 'question.unknown_question',
          params: { name: '__proto__' },
        }),
      ]);
    }
    return result.data;
  }
  const issues = result.error.issues.flatMap((issue): FieldIssue[] => {
    const at = issue.path.map(String).join('.');
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => {
        const field = at ? `${at}.${key}` : key;
        return describeIssue({
          field,
          code: 'unrecognized_key',
          messageKey: 'enquiry.unrecognized_key',
          params: { field },
        });
      });
    }
    const field = at || 'enquiry';
    const tooLong = issue.code === 'too_big';
    return [
      describeIssue({
        field,
        code: tooLong ? 'too_long' : 'invalid_type',
        messageKey: tooLong ? 'enquiry.too_long' : 'enquiry.invalid_type',
        params: { field, detail: issue.message },
      }),
    ];
  });
  throw Refusal.validation(issues);
}

function prepareFiles(
  received: ReceivedSubmission,
  config: FormConfig,
  lang: string | undefined,
  words: Strings,
): IntakeFile[] {
  const kinds = received.files.map((file) => sniffKind(file.content.head, file.content.tail));
  const facts = received.files.map((file, i) => ({
    name: file.name,
    size: file.content.size,
    kind: kinds[i] ?? 'other',
  }));
  const named = kindList(config.files.kinds, lang, words['kind.txt']);
  const issues = checkFiles(facts, config.files, named);
  if (issues.length > 0) {
    const byCode = (code: string) => issues.some((issue) => issue.code === code);
    if (byCode('file_kind') || byCode('file_audio_video')) throw Refusal.unsupportedFile(issues);
    if (byCode('file_too_big')) throw Refusal.filesTooLarge(issues);
    throw Refusal.validation(issues);
  }
  return received.files.map((file, i) => {
    const kind = kinds[i];
    if (kind === undefined || kind === 'other' || kind === 'audio_video')
      throw new Error('unreachable: checked above');
    const name = safeFileName(file.name, kind, i);
    return {
      name,
      postname: name,
      kind,
      mime: mimeOf(kind),
      size: file.content.size,
      sha256: file.content.sha256,
      content: file.content,
    };
  });
}
