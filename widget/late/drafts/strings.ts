/**
 * What "Save and continue later" says, in English (a page's `i18n` overrides them as any other).
 * Only the saved enquiries' chunk says them, and teaches them to the element as it loads: they
 * are not in the bundles every form loads. The contract lists the same words for the proxy
 * (`proxy/contract/draft-strings.ts`), so that every language has them.
 */
export const DRAFT_STRINGS = /* @__PURE__ */ Object.freeze({
  draftSave: 'Save and continue later',
  draftSaveIntro:
    'We will email you a link to this form with your answers and files so far. Open it on any device to carry on, until {date}.',
  draftEmail: 'Email the link to',
  draftEmailHint:
    'To open the link, you will need a code that we send to this address, so only you can open your answers.',
  draftSaveButton: 'Save and email me the link',
  draftCancel: 'Cancel',
  draftSaved: 'Saved. We have emailed a link to {email}. It works until {date}.',
  draftNotKept: 'Not saved, as it was still uploading: {name}. Choose it again when you come back.',
  draftSaveFailed:
    'Your answers could not be saved just now. Try again in a moment: nothing you typed is lost.',
  draftResumeHeading: 'Continue your saved enquiry',
  draftResumeEmail: 'The email address you saved with',
  draftResumeIntro:
    'To keep your answers private, we check that it is you. Enter the email address you saved them with and we will send you a code.',
  draftSendCode: 'Send me a code',
  draftCodeSent:
    'If {email} is the address these answers were saved with, we have sent a 6-digit code to it. It works for 10 minutes.',
  draftCode: 'Code',
  draftCodeHint: 'The 6 digits in the email we sent you',
  draftCodeRequired: 'Enter the 6-digit code from the email',
  draftOpen: 'Continue',
  draftCodeWrong:
    'That code did not work. Check it, or send a new one: a code works for 10 minutes, once.',
  draftLocked: 'Too many tries. Wait {minutes} minutes, then send a new code.',
  draftNewCode: 'Send a new code',
  draftStartNew: 'Start a new enquiry instead',
  draftBroken:
    'This link cannot be opened: it may have been copied only in part, or it has expired. Start a new enquiry, or open the link from the email again.',
  draftRestored: 'Your saved answers are back.',
  draftChanged: 'This form has changed since you started it.',
  draftRemoved:
    'Some questions you answered are no longer asked, so those answers have been taken out.',
  draftGiveAgain: 'Answer these again:',
});
