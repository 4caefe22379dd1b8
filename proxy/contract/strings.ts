/**
 * Every string the visitor can see or hear, in English, in one block: the widget's, and the
 * form the proxy serves without JavaScript (`GET /form`). A site owner overrides any of them
 * with the element's `i18n` property; validation strings share their keys and `{placeholders}`
 * with `VALIDATION_MESSAGES`, so one translation serves both the widget's own checks and the
 * proxy's answers.
 */
import { VALIDATION_MESSAGES } from './messages.ts';

/**
 * What the form shows before anything is sent: its labels, hints and buttons, and the failure a
 * visitor sees when the rest of the form (or of the widget) cannot be loaded. In the widget's
 * first bundle.
 */
export const FORM_STRINGS = /* @__PURE__ */ Object.freeze({
  loading: 'Loading the form…',
  loadFailed: 'Sorry, the form could not be loaded. Check your connection, then try again.',
  notAvailable: 'This form is not available on this page.',
  reload: 'Try again',
  forename: 'First name',
  surname: 'Last name',
  email: 'Email address',
  telephone_mobile: 'Telephone number',
  case_type: 'What is your enquiry about?',
  chooseOption: 'Choose an option',
  optional: '(optional)',
  files: 'Attach files',
  filesHint: '{kinds} files, each up to {max}. You can attach up to {count}.',
  chooseFiles: 'Choose files',
  dropFiles: 'or drop files here',
  noFiles: 'No files chosen',
  filesLost: 'Files are not kept when the page reloads. Choose {names} again.',
  honeypot: 'Leave this field empty',
  sendCopy: 'Send me a copy by email',
  submit: 'Send enquiry',
  'failed.network':
    'The connection was lost. Check you are online, then try again. Everything you entered is still here.',
  retry: 'Try again',
});

/**
 * The file hint's sentence on what is converted, as the proxy's converters and the form's kinds
 * make it (`filePicker`'s `converts`). Not in the widget's first bundle: `GET /api/form` sends
 * the one sentence the form needs with its words (`strings`), in English too.
 */
export const PICKER_STRINGS = /* @__PURE__ */ Object.freeze({
  filesConverted: 'Photos and documents are converted to JPEG or PDF.',
  photosConverted: 'Photos are converted to JPEG.',
  documentsConverted: 'Documents are converted to PDF.',
});

/**
 * What a form in steps adds to its first screen: where the visitor is, each step's title and
 * the buttons between steps. In the widget's steps part (`widget/templates/steps.ts`), fetched
 * only by a form in steps.
 */
export const STEP_STRINGS = /* @__PURE__ */ Object.freeze({
  stepOf: 'Step {number} of {count}',
  'step.contact': 'Your details',
  'step.q': 'Your enquiry',
  'step.files': 'Files',
  'step.consent': 'Your consent',
  'step.check': 'Check your answers',
  continue: 'Continue',
  back: 'Back',
});

/** What the form says once something happens: files chosen, sending, the outcome. */
export const OUTCOME_STRINGS = /* @__PURE__ */ Object.freeze({
  failedTitle: 'Your enquiry has not been sent yet',
  reference: 'Your reference is',
  receipt: 'Your receipt code is',
  receiptHint:
    'Keep the receipt code: if you ever need to show that you sent this enquiry, quote it and we can check it.',
  firmContact: 'You can also contact {name}:',
  'turnstile_token.required': 'Complete the security check',
  challengeFailed:
    'The security check could not be loaded. Check your connection or turn off any content blocker for this site, then try again.',
  challengeRetry: 'Try again',
  removeFile: 'Remove',
  fileNotAttached: 'Not attached:',
  fileAdded: '{name} added',
  emailSuggestion: 'Did you mean {address}?',
  emailSuggestionApplied: 'Email address changed to {address}',
  fileRemoved: '{name} removed',
  sending: 'Sending your enquiry…',
  sendingOffline:
    'You are offline. Your enquiry will be sent when the connection is back: keep this page open.',
  uploaded: 'Sent {percent}',
  waiting: 'Waiting for our team’s system to confirm…',
  errorSummaryTitle: 'There is a problem',
  errorPrefix: 'Error:',
  'failed.unreachable':
    'Our system could not be reached. Try again in a few minutes, or contact us another way. Everything you entered is still here.',
  'failed.server':
    'Sorry, there is a problem with our system. Try again in a few minutes. Everything you entered is still here.',
  'failed.rate-limited':
    'Too many enquiries have been sent from your connection. Try again {when}. Everything you entered is still here.',
  'failed.too-large':
    'Your files are too large to send together. Remove a file or choose smaller ones, then try again.',
  'failed.forbidden':
    'This website is not set up to send enquiries yet. Contact us another way, by phone or email.',
  'failed.rejected':
    'Our system could not accept your enquiry, so it has not reached our team. Contact us another way and quote your reference.',
  retryLater: 'later',
  change: 'Change',
  notGiven: 'Not given',
  yes: 'Yes',
  no: 'No',
  deliveredTitle: 'Enquiry sent',
  deliveredBody: 'Our team has received your enquiry.',
  queuedTitle: 'Enquiry received',
  queuedBody: 'Your enquiry is safely received. It will reach our team shortly.',
});

/** Every visible or audible string, in English; `i18n` overrides any of them. */
export const DEFAULT_STRINGS = /* @__PURE__ */ Object.freeze({
  ...VALIDATION_MESSAGES,
  ...FORM_STRINGS,
  ...PICKER_STRINGS,
  ...STEP_STRINGS,
  ...OUTCOME_STRINGS,
});
