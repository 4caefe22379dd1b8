/**
 * What one delivery attempt came to, as the visitor's waiting request and the background loop
 * see it.
 */
import type { Submission } from './submission.ts';

/** The end of one attempt. */
export type AttemptResult =
  | { state: 'delivered'; enquiryId: number; submission: Submission }
  | { state: 'queued' }
  /**
   * `submission` as far as it got: its enquiry may exist upstream with some of its files.
   * `received`: the platform took it (its id was lost): the visitor is told it is received.
   */
  | { state: 'dead'; reason: string; submission: Submission; received?: boolean };
