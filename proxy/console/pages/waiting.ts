/**
 * What waiting leads wait for, in the console's words: the platform down since when (the
 * overview's notice, read from the outbox, so every instance's console says the same), and
 * when one lead is tried next (its page): at a time, now, or once the platform answers.
 */
import { html } from 'hono/html';
import type { PauseState } from '../../delivery/pause.ts';
import type { PlatformOutage } from '../../outbox/store.ts';
import type { Submission } from '../../outbox/submission.ts';
import { when, type Html } from './layout.ts';

/** What holds every lead back, if anything does. */
export interface Holds {
  /** The platform down (`delivery/outage-watch.ts`). */
  outage: PlatformOutage | null;
  /** The platform's setup wrong (`delivery/pause.ts`). */
  pause: PauseState | undefined;
}

/** The overview's notice of the platform down: since when, how many wait, when it is asked. */
export function outageNotice(outage: PlatformOutage, waiting: number): Html {
  const leads = waiting === 1 ? '1 lead waits' : `${String(waiting)} leads wait`;
  return html`<div class="notice" role="status">
    <p><strong>The platform is down since ${when(outage.since)}:</strong> ${outage.error}</p>
    <p>
      ${leads}. No lead is given up while it lasts: each is sent, oldest first, as soon as the
      platform answers again.
    </p>
    <p class="muted">The platform is asked again at ${when(outage.nextProbeAt)}.</p>
  </div>`;
}

/**
 * When a lead is tried next, in words: nothing for one that does not wait; what holds it back
 * while something does; now, or the time its retry is due.
 */
export function nextAttempt(lead: Submission, now: number, holds: Holds): Html | string {
  if (lead.state !== 'queued') return '';
  if (holds.outage)
    return html`When the platform answers again: it is down since ${when(holds.outage.since)}, and
    asked again at ${when(holds.outage.nextProbeAt)}.`;
  if (holds.pause)
    return html`Once the platform's setup is fixed: it is checked again at
    ${when(holds.pause.nextCheckAt)}.`;
  return lead.nextAttemptAt <= now ? 'Now: it is due.' : when(lead.nextAttemptAt);
}
