/**
 * Problems with an enquiry, one per field: what is wrong (`code`), the words that say it
 * (`messageKey` + `params`), and those words in English (`message`) once the proxy reports it.
 * The widget renders `messageKey` in the visitor's language; nothing else is re-derived.
 */
import {
  formatMessage,
  VALIDATION_MESSAGES,
  type MessageKey,
  type MessageParams,
} from './messages.ts';

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
  | 'too_many_files';

/** A problem before it is put into words: `messageKey` + `params` pick and fill the text. */
export interface RuleIssue {
  /** `forename`, `answers.transaction`, `files[1]`, `files`, `form_token`, ... */
  field: string;
  code: IssueCode;
  /** The string (in `VALIDATION_MESSAGES`, or a site owner's translation) that says it. */
  messageKey: MessageKey;
  params: MessageParams;
}

/**
 * One field-level problem as the proxy reports it: the rule's issue with its English words. A
 * client that speaks another language renders `messageKey` with `params` instead of `message`.
 */
export interface FieldIssue extends RuleIssue {
  message: string;
}

/**
 * A rule's issue with its English words, as the proxy reports it.
 *
 * @example describeIssue({ field: 'forename', code: 'required', messageKey: 'forename.required', params: {} })
 *   // { ..., message: 'Enter your first name' }
 */
export function describeIssue(issue: RuleIssue): FieldIssue {
  return { ...issue, message: formatMessage(VALIDATION_MESSAGES[issue.messageKey], issue.params) };
}
