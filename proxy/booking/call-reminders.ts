/**
 * Reminders before calls (`docs/booking.md`, "Reminders and the meeting link"): `booking.reminders`
 * (a day and an hour before by default, a team's own where it sets them) each one email to the
 * visitor, and to the host where `booking.hostReminders` asks. Every `tickMs` each instance reads
 * the calls starting within the longest reminder and, for each, the reminder due now: the one
 * nearest the call whose time has come and came after the call was given its time (a call booked
 * or moved later than a reminder's time gets no late one; after a long stop only the nearest is
 * sent, not every one missed). The outbox takes each reminder once, whichever instance asks first,
 * with its emails (`outbox/machine/call-reminders.ts`); a cancelled call is no longer read, and a
 * moved one's reminders are owed for its new time.
 */
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { Logger } from '../logger.ts';
import type { CallToRemind } from '../outbox/booking-store.ts';
import { StoreUnavailableError, type OutboxStore } from '../outbox/store.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { teamHosts, type BookingRules } from './booking-hosts.ts';
import { hostReminder, visitorReminder, type ReminderFacts } from './reminder-mails.ts';
import { keptInvitation, type VisitorMailDeps } from './visitor-call-notice.ts';

/** What the reminders read and write with. */
export interface CallReminderDeps {
  store: Pick<OutboxStore, 'callsToRemind' | 'remindCall' | 'notificationsFor' | 'get'>;
  form: CurrentForm;
  /** Set when visitors can be emailed (`SMTP_URL`, `CONFIRMATION_FROM`). */
  visitors: VisitorMailDeps | undefined;
  /** True when hosts can be emailed (`SMTP_URL`). */
  hostsTold: boolean;
  /** Where the lead's page is said to be, in the host's reminder. */
  publicUrl?: string | undefined;
  log: Logger;
  now: () => number;
  /** How often calls are looked at (a reminder goes within this of its time). */
  tickMs?: number;
}

/**
 * The rules of a call given to `team`: its team's now, else the form's (a team gone since keeps
 * the form's reminders).
 */
function rulesOf(config: FormConfig, team: string | null): BookingRules | undefined {
  return (teamHosts(config, team) ?? teamHosts({ ...config, routing: undefined }, null))?.rules;
}

/** The longest reminder of the form's or any team's rules, in ms. */
function longestOf(config: FormConfig): number {
  const teams = Object.keys(config.routing?.teams ?? {});
  const rules = [rulesOf(config, null), ...teams.map((team) => rulesOf(config, team))];
  return Math.max(0, ...rules.flatMap((each) => each?.reminders ?? []));
}

/**
 * The reminder of `call` due at `now` (ms before its start), if one is: the nearest the call whose
 * time has come, after the call got its time, and nearer than the last one sent.
 *
 * @example dueBefore([86_400_000, 3_600_000], call, now) // 3_600_000 in the call's last hour
 */
function dueBefore(
  reminders: readonly number[],
  call: CallToRemind,
  now: number,
): number | undefined {
  const { start } = call.booking;
  const due = reminders.filter(
    (before) => start - before <= now && start - before >= call.placedAt,
  );
  const nearest = Math.min(...due);
  if (!Number.isFinite(nearest)) return undefined;
  if (call.remindedBefore !== null && call.remindedBefore <= nearest) return undefined;
  return nearest;
}

/** The reminders of one proxy process. */
export class CallReminders {
  #timer: ReturnType<typeof setTimeout> | undefined;
  #running: Promise<unknown> | undefined;
  #stopped = true;

  constructor(private readonly deps: CallReminderDeps) {}

  /** Looks at the calls now, then every `tickMs`. */
  start(): void {
    this.#stopped = false;
    const loop = () => {
      this.#running = this.tick()
        .catch((error: unknown) => {
          if (!(error instanceof StoreUnavailableError))
            this.deps.log.warn({ err: error }, 'call reminders: a round failed; trying again');
        })
        .finally(() => {
          if (!this.#stopped) this.#timer = setTimeout(loop, this.deps.tickMs ?? 30_000);
        });
    };
    loop();
  }

  /** Stops looking; waits for the round under way. */
  async stop(): Promise<void> {
    this.#stopped = true;
    clearTimeout(this.#timer);
    await this.#running;
  }

  /** Queues each reminder due now; answers how many were queued by this instance. */
  async tick(): Promise<number> {
    const { config } = this.deps.form.current();
    if (!config.booking || (!this.deps.visitors && !this.deps.hostsTold)) return 0;
    const now = this.deps.now();
    const calls = await this.deps.store.callsToRemind(now, longestOf(config));
    let queued = 0;
    for (const call of calls) {
      const rules = rulesOf(config, call.booking.team);
      const before = rules && dueBefore(rules.reminders, call, now);
      if (!rules || before === undefined) continue;
      const facts = { booking: call.booking, before, at: now };
      const outcome = await this.deps.store.remindCall({
        uid: call.booking.uid,
        start: call.booking.start,
        before,
        visitor: await this.#visitorMail(config, facts),
        host:
          rules.hostReminders && this.deps.hostsTold
            ? hostReminder(facts, this.deps.publicUrl)
            : undefined,
      });
      if (outcome === 'over_limit')
        this.deps.log.warn(
          { reference: call.booking.reference },
          'a call reminder was not emailed to its visitor: their address had its emails for today',
        );
      if (outcome !== 'done') queued += 1;
    }
    return queued;
  }

  /** The visitor's reminder, when they can be emailed and their confirmation carried the call. */
  async #visitorMail(config: FormConfig, facts: ReminderFacts) {
    const { visitors, store } = this.deps;
    if (!visitors || !config.confirmation) return undefined;
    const { reference } = facts.booking;
    const invitation = keptInvitation(await store.notificationsFor(reference));
    if (!invitation) return undefined;
    const telephone = (await store.get(reference))?.upstream.telephone_mobile ?? '';
    return visitorReminder(visitors, config.confirmation, invitation, facts, telephone);
  }
}
