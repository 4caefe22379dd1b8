/**
 * The proxy's own words about saved enquiries, in English: the two emails (the link, and a code),
 * the page without JavaScript's save, and the refusals of `/api/drafts` a visitor can meet
 * (`intake/drafts/`). Every language lists them (`cy-drafts.ts`).
 */
export const DRAFT_WORDS = Object.freeze({
  'draft.linkSubject': 'Your saved enquiry',
  'draft.linkIntro':
    'You saved your enquiry so that you can finish it later. To carry on, open this link on any device:',
  'draft.linkUntil': 'The link works until {date}.',
  'draft.linkCode':
    'When you open it, we will ask for this email address and send a code to it: the link alone opens nothing, so it is safe if this email is read by someone else, but do not forward it.',
  'draft.linkIgnore':
    'If you did not save an enquiry, you can ignore this email: nobody can open the answers without a code sent to this address.',
  'draft.codeSubject': 'Your code to continue your enquiry',
  'draft.codeIntro': 'Your code is:',
  'draft.codeUntil': 'It works for 10 minutes, once. Type it where you asked for it.',
  'draft.codeIgnore':
    'If you did not ask for a code, you can ignore this email: nobody can open your answers without it.',
  'draft.pageSave': 'Save and continue later',
  'draft.pageSavedTitle': 'Your answers are saved',
  'draft.pageSaved':
    'We have emailed a link to {email}. Open it to carry on, on this device or another, until {date}. You will need a code we send to the same address.',
  'draft.pageFilesNotKept':
    'The files you chose are not kept with your answers: choose them again when you come back.',
  'refusal.draftGone':
    'These saved answers are no longer on our server: they may have expired. Save again to get a new link.',
  'refusal.draftUploadsGone':
    'Some files are no longer on our server ({names}): remove them, then save again.',
  'refusal.draftOverLimit':
    'Too many emails have been sent to this address or from your connection. Try again later, or send your enquiry now.',
  'refusal.draftCode':
    'That code did not work. Check it, or ask for a new one: a code works for 10 minutes, once.',
  'refusal.draftPage': 'A saved enquiry leads back to a page of {origin} only.',
});
