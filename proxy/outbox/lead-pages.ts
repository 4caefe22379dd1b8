/**
 * Every lead, page after page, through the one listing (`leadPage`): oldest first, as they
 * arrived, one page held at a time, so a command that prints them all never holds them all.
 */
import type { OperatorView } from './store.ts';
import type { Submission, SubmissionState } from './submission.ts';

/** How many leads a page holds unless asked otherwise. */
const LEAD_PAGE = 500;

/**
 * The leads of `state` (or all), oldest first, a page at a time.
 *
 * @example for await (const page of eachLeadPage(store, { state: 'dead' })) print(page);
 */
export async function* eachLeadPage(
  store: Pick<OperatorView, 'leadPage'>,
  { state, limit = LEAD_PAGE }: { state?: SubmissionState | undefined; limit?: number } = {},
): AsyncGenerator<Submission[], void, undefined> {
  for (let after = 0; ;) {
    const page = await store.leadPage({ limit, after, ...(state ? { state } : {}) });
    if (page.length > 0) yield page;
    const last = page.at(-1);
    if (page.length < limit || !last) return;
    after = last.id;
  }
}
