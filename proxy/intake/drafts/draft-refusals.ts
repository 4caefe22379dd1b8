/**
 * The refusals of `/api/drafts`, each worded once by a key of the strings
 * (`contract/strings/draft-words.ts`) and said in the visitor's language (`answerIn`). None of
 * them tells whether a draft exists: a code asked for any draft is answered as sent, and a wrong
 * code is one refusal whatever made it wrong (`even-answers.ts`). A code its mailbox's day of
 * codes refuses is said to be refused, never sent: that answer is given only for a draft saved
 * for the address typed, once that address has had its codes of the day.
 */
import { Refusal } from '../../http/refusal.ts';

/** Each refusal of the draft routes. */
export const draftRefusals = {
  /** 404: saved again, but no longer there (expired, sent, erased) or not this owner's. */
  gone: () => Refusal.worded(404, 'draft_not_found', { key: 'refusal.draftGone' }),
  /** 409: files it names are no longer kept (expired, removed): the visitor removes them. */
  uploadsGone: (names: readonly string[]) =>
    Refusal.worded(409, 'uploads_gone', {
      key: 'refusal.draftUploadsGone',
      params: { names: names.join(', ') },
    }),
  /**
   * 429: the address, the connection or everybody has had as many emails as allowed: nothing
   * was sent, and another may be asked for in `seconds`.
   */
  overLimit: (seconds = 3600) =>
    Refusal.worded(
      429,
      'rate_limited',
      { key: 'refusal.draftOverLimit' },
      { 'Retry-After': String(Math.max(1, Math.ceil(seconds))) },
    ),
  /** 400: the code did not open a draft (wrong, spent, late, or no such draft). */
  code: () => Refusal.worded(400, 'draft_code', { key: 'refusal.draftCode' }),
  /** 400: the page it would lead back to is not the one saving it, on an allowed origin. */
  page: (origin: string) =>
    Refusal.worded(400, 'bad_request', { key: 'refusal.draftPage', params: { origin } }),
};
