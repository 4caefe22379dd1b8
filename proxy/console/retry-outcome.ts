/**
 * What "Retry now" says once it knows: the console's retry waits up to 10 s for the delivery's
 * outcome and then shows the lead as it is, so the person who pressed it reads whether it went,
 * not "queued" beside the state from before the press. The attempt may be this press's own, or
 * one the background loop or another instance began as the lead fell due (then this press
 * could not claim it, and reads the outbox until that attempt ends).
 */
import { setTimeout as sleep } from 'node:timers/promises';
import type { AttemptResult } from '../outbox/attempt-result.ts';
import type { Submission } from '../outbox/submission.ts';

/** How long a retry waits for its delivery before the page says it is still queued. */
const RETRY_WAIT_MS = 10_000;
/** How often the outbox is read for an attempt this press did not run. */
const LOOK_EVERY_MS = 100;

/** The word the lead's page is redirected with (`done=`), each with its sentence in `RETRY_WORDS`. */
export type RetryWord = 'delivered' | 'tried' | 'queued' | 'paused';

/** What each outcome says above the lead, which shows its state as it now is. */
export const RETRY_WORDS: Readonly<Record<RetryWord, string>> = {
  delivered: 'Retried: the lead is delivered.',
  tried: 'Retried: the attempt has ended; the state below says how it went.',
  queued:
    'Retried: no answer from the platform within 10 seconds; the lead is queued and is sent in the background. Reload this page to see how it went.',
  paused:
    'Retried: the lead is queued, but delivery is paused until the platform’s setup is put right (see the overview); it is sent then.',
};

/** What the retry waits with: its own attempt, and a read of the lead. */
export interface RetryWait {
  /** True while delivery waits for the platform's setup to be fixed: nothing is tried. */
  paused(): boolean;
  deliverNow(id: number, deadlineMs: number): Promise<AttemptResult>;
  get(reference: string): Promise<Submission | null>;
}

/**
 * Delivers a lead just requeued (attempts 0, due now) and waits for an attempt to end, its own or
 * another's, for up to `waitMs`.
 */
export async function retryOutcome(
  lead: Submission,
  wait: RetryWait,
  waitMs = RETRY_WAIT_MS,
): Promise<RetryWord> {
  if (wait.paused()) return 'paused';
  const started = performance.now();
  const result = await wait.deliverNow(lead.id, waitMs);
  if (result.state === 'delivered') return 'delivered';
  for (;;) {
    const now = await wait.get(lead.reference);
    if (now?.state === 'delivered') return 'delivered';
    // An attempt has ended (or the lead was erased meanwhile): the page shows what it left.
    if (!now || now.state !== 'queued' || now.attempts > 0) return 'tried';
    if (performance.now() - started >= waitMs) return 'queued';
    await sleep(LOOK_EVERY_MS);
  }
}
