/**
 * The sealed contract between the widget and the proxy: the one entry the widget may import,
 * as `#contract` (see `package.json` `imports`). Everything here runs in a browser with no
 * dependency: field names, limits, the shared rules and messages, file sniffing, and the wire
 * types. The zod schemas behind the types stay in `schemas/`, for the proxy only; ESLint
 * refuses any other import across the boundary, and the build refuses zod in the bundle.
 */
export { isSlotStart, type Slot, type SlotsResponse, type SlotsStatus } from './booking.ts';
export { consentLabel, consentText, type ConsentLabel } from './consent.ts';
export {
  choiceId,
  choiceRequired,
  consentFieldName,
  CONTACT_CONTROLS,
  contactRequired,
  describedBy,
  fieldIds,
  FILES_FIELD,
  filesHint,
  FORM_END,
  HONEYPOT,
  LINK_OPENS,
  questionControl,
  shownContactFields,
  type ControlFacts,
  type TypedControl,
} from './controls.ts';
export { regionOf, suggestEmail } from './email-typos.ts';
export {
  caseTypesAsRadios,
  CONFIGURABLE_CONTACT_FIELDS,
  CONTACT_FIELDS,
  type ContactField,
  type ContactFieldName,
  type MarketingField,
  type PerAttemptField,
} from './fields.ts';
export { sniffKind, SNIFF_BYTES, SNIFF_TAIL_BYTES, type SniffedKind } from './file-kinds.ts';
export { checkFiles, type FileFacts } from './file-rules.ts';
export {
  DRAFT_FRAGMENT,
  optionValuesOf,
  type DraftContent,
  type DraftOpened,
  type DraftSaved,
  type DraftUpload,
} from './drafts.ts';
export { base64urlOf, DRAFT_ID, questionSignature } from './draft-formats.ts';
export { type FunnelOutcome, type FunnelReport } from './funnel.ts';
export { DEFAULT_STRINGS, FORM_STRINGS, OUTCOME_STRINGS, STEP_STRINGS } from './strings.ts';
export type { UploadCheck } from './upload-check.ts';
export { describeIssue, type FieldIssue, type IssueCode, type RuleIssue } from './issues.ts';
export { FIELD_MAX_LENGTH, type FilePicker, type AcceptedKind, type FileKind } from './limits.ts';
export { publicConfig, type PublicSettings } from './public-config.ts';
export {
  formatBytes,
  formatMessage,
  VISITOR_MESSAGES,
  type MessageKey,
  type MessageParams,
} from './messages.ts';
export { retryAfterMs } from './retry-after.ts';
export {
  isStepped,
  stepOfField,
  stepsNow,
  stepTitle,
  type FormStep,
  type StepKey,
  type StepsNow,
} from './steps.ts';
export { answerTo, validateEnquiry, visibleQuestions, type EnquiryFields } from './rules.ts';
export { isAnswered } from './answer-rules.ts';
export { isValidEmail, isValidPhone } from './text-rules.ts';
export {
  lengthIn,
  type UnfinishedEraseRequest,
  type UnfinishedKeepRequest,
  type UnfinishedValues,
} from './unfinished.ts';
export type {
  AnswerCall,
  BookedCall,
  CallNotHeld,
  DeliveredResponse,
  ErrorCode,
  ErrorResponse,
  FormTokenResponse,
  QueuedResponse,
  SubmitResponse,
  ValidationErrorResponse,
} from './wire.ts';
export type { Answer, EnquiryPart, EnquiryPartInput, Marketing } from './schemas/enquiry-part.ts';
export type {
  CaseType,
  ConsentConfig,
  ConsentStatement,
  ContactRequirement,
  Firm,
  FormConfig,
  OfferedLanguage,
  PublicCaseType,
  PublicFormConfig,
  PublicLanguageFields,
  PublicQuestion,
  Question,
  QuestionType,
} from './schemas/form-config.ts';
export type { ValueSource } from './schemas/common.ts';
