/**
 * What one delivery attempt came to, as the visitor's waiting request and the background loop
 * see it.
 */
import type { Submission } from '../outbox/submission.ts';

/** The end of one attempt. */
export type AttemptResult =
  | { state: 'delivered'; enquiryId: number; submission: Submission }
  | { state: 'queued' }
  /** `submission` as far as it got: its enquiry may exist upstream with some of its files. */
  | { state: 'dead'; reason: string; submission: Submission };
