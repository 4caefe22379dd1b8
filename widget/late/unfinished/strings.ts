/**
 * What the box for unfinished enquiries says, in English (a page's `i18n` overrides them as any
 * other). Only the unfinished enquiries' chunk says them, and teaches them to the element as it
 * loads: they are not in the bundles every form loads. The contract lists the same words for the
 * proxy (`proxy/contract/unfinished-strings.ts`), which keeps a record's consent as they read;
 * `strings/widget-copy.test.ts` holds the two the same.
 */
export const UNFINISHED_STRINGS = /* @__PURE__ */ Object.freeze({
  unfinishedKeep: 'Keep what I have typed so that the firm can help if I do not finish',
  unfinishedKeepHint:
    'Only the firm will see it. It is erased {days} after your last change, or at once if you untick this box. Until you tick it, nothing you type leaves this page. Files are not kept.',
  unfinishedRemind: 'Email me one reminder with a link back to this form',
  unfinishedRemindHint:
    'Once, {after} after your last change, unless you send your enquiry first. The link opens only with a code we send to your email address.',
  unfinishedKept: 'What you have typed is kept.',
  unfinishedErased: 'What you had typed is erased.',
});
