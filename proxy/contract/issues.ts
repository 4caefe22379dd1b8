/**
 * Problems with an enquiry, one per field: what is wrong (`code`), the words that say it
 * (`messageKey` + `params`), and those words in English (`message`) once the proxy reports it.
 * The widget renders `messageKey` in the visitor's language; nothing else is re-derived.
 */
import {
  formatBytes,
  formatMessage,
  VALIDATION_MESSAGES,
  type MessageKey,
  type MessageParams,
} from './messages.ts';

/**
 * A size among a message's values, kept in bytes until the message is worded: only then is its
 * language known, and "10 MB" written earlier would stay English inside French words.
 */
export interface Size {
  readonly bytes: number;
}

/** A message's values before it is worded: a size is a `Size`, written by `paramsIn`. */
export type RuleParams = Readonly<Record<string, string | number | Size>>;

/**
 * `params` as `locale` writes them: each size through `formatBytes`, the rest as they are.
 *
 * @example paramsIn({ name: 'a.pdf', max: { bytes: 10485760 } }, 'fr') // { name: 'a.pdf', max: '10 Mo' }
 */
export const paramsIn = (params: RuleParams, locale: string): MessageParams =>
  Object.fromEntries(
    Object.entries(params).map(([key, value]) => [
      key,
      typeof value === 'object' ? formatBytes(value.bytes, locale) : value,
    ]),
  );

/** What a field-level problem is, whatever the words used for it. */
export type IssueCode =
  | 'required'
  | 'too_long'
  | 'invalid_email'
  | 'invalid_phone'
  | 'invalid_characters'
  | 'not_an_option'
  | 'unknown_case_type'
  | 'unknown_question'
  | 'not_a_number'
  | 'out_of_range'
  | 'invalid_date'
  | 'invalid_type'
  | 'unrecognized_key'
  | 'challenge_failed'
  | 'form_expired'
  | 'already_used'
  | 'file_kind'
  | 'file_audio_video'
  | 'file_empty'
  | 'file_too_big'
  | 'file_unreadable'
  | 'file_too_large_to_convert'
  | 'too_many_files'
  | 'slot_taken'
  | 'slot_unavailable'
  | 'times_unseen'
  | 'no_appointment';

/** A problem before it is put into words: `messageKey` + `params` pick and fill the text. */
export interface RuleIssue {
  /** `forename`, `answers.transaction`, `files[1]`, `files`, `form_token`, ... */
  field: string;
  code: IssueCode;
  /** The string (in `VALIDATION_MESSAGES`, or a site owner's translation) that says it. */
  messageKey: MessageKey;
  /** What fills the string; a size in bytes until the issue is worded (`paramsIn`). */
  params: RuleParams;
}

/**
 * One field-level problem as the proxy reports it: the rule's issue with its English words. A
 * client that speaks another language renders `messageKey` with `params` instead of `message`.
 */
export interface FieldIssue extends RuleIssue {
  /** What filled `message`: its sizes written as its language writes them. */
  params: MessageParams;
  message: string;
}

/**
 * A rule's issue with its English words, as the proxy reports it.
 *
 * @example describeIssue({ field: 'forename', code: 'required', messageKey: 'forename.required', params: {} })
 *   // { ..., message: 'Enter your first name' }
 */
export function describeIssue(issue: RuleIssue): FieldIssue {
  const params = paramsIn(issue.params, 'en');
  return {
    ...issue,
    params,
    message: formatMessage(VALIDATION_MESSAGES[issue.messageKey], params),
  };
}
