/**
 * The proxy's own words about unfinished enquiries, in English: the one reminder's email (its
 * link opens as a saved enquiry's does, so it says what `draft.linkCode` says of the code), and
 * what the page without JavaScript says of its box. Every language lists them
 * (`cy-unfinished.ts`).
 */
export const UNFINISHED_WORDS = Object.freeze({
  'unfinished.reminderSubject': 'Your unfinished enquiry',
  'unfinished.reminderIntro':
    'You asked us to remind you once about the enquiry you started. To carry on where you left off, open this link on any device:',
  'unfinished.reminderUntil':
    'What you typed is kept until {date}, then erased. To erase it sooner, open the link and untick “Keep what I have typed”.',
  'unfinished.reminderIgnore':
    'If you did not start an enquiry, you can ignore this email: nobody can open what was typed without a code sent to this address, and it is erased on {date}.',
  'unfinished.pageNeedsContact':
    'Nothing was kept: type your email address or telephone number to keep what you have typed.',
});
