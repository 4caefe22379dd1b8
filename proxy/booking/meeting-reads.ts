/**
 * A call's meeting read back from its host's calendar (`docs/booking.md`, "Reminders and the
 * meeting link"), by the calendar writer once the call's event is written
 * (`calendar-writer.ts`): a call booked under `"meeting": {"provider": …}` asks the host's
 * Microsoft 365 or Google calendar for a Teams or Meet meeting with its event
 * (`onlineMeeting`), and its confirmation said the link follows. Read here, the link is kept as
 * the call's `meetingUrl` and sent to the visitor in their updated invitation (the same UID at
 * the next SEQUENCE, LOCATION and URL the link: `visitor-call-notice.ts`), and the reminders,
 * the host's feed and the lead's page say it from then on. A meeting still being made (Google's
 * conference `pending`) is read again through the writer's queue, a little later each time, at
 * most `MEETING_READS` times; one the calendar did not make (Meet not allowed by the Workspace,
 * Teams not licensed, the calendar now of another kind or gone) leaves the call by telephone,
 * and the visitor is told so in words.
 */
import type { Logger } from '../logger.ts';
import type { ClaimedCalendarWrite } from '../outbox/calendar-write.ts';
import type { StoredBooking } from '../outbox/booking.ts';
import type { CalendarWriteQueue } from '../outbox/store.ts';
import type { OperatorView } from '../outbox/submission-store.ts';
import type { EventWriter } from './calendar-port.ts';
import { MEETING_KINDS } from './meeting-providers.ts';
import { keptInvitation, visitorNotice, type VisitorMailDeps } from './visitor-call-notice.ts';

/** How many times a meeting still being made is read before the call goes by telephone. */
const MEETING_READS = 8;
/** The first read again after 5 s, doubling to a minute apart: about six minutes in all. */
const FIRST_WAIT_MS = 5_000;
const LONGEST_WAIT_MS = 60_000;

/** What reading meetings needs. */
export interface MeetingReadDeps {
  store: Pick<CalendarWriteQueue, 'settleMeeting'> & Pick<OperatorView, 'notificationsFor'>;
  /** Set only when visitors can be emailed (`CONFIRMATION_FROM`). */
  visitors?: VisitorMailDeps | undefined;
  log: Logger;
  now: () => number;
}

/**
 * Reads the meeting of `claim`'s call from `port` (its host's calendar, opened; undefined when
 * there is none) after its event was written, and keeps what it came to; answers when to read
 * it again while it is still being made, undefined when there is nothing more to read.
 */
export async function readMeeting(
  deps: MeetingReadDeps,
  claim: Pick<ClaimedCalendarWrite, 'write' | 'booking' | 'calendar'>,
  port: EventWriter | undefined,
): Promise<number | undefined> {
  const { write, booking, calendar } = claim;
  if (write.action !== 'put' || booking?.state !== 'booked') return undefined;
  const provider = booking.meetingProvider;
  if (!provider || booking.meetingUrl) return undefined;
  const about = { uid: booking.uid, host: booking.host, provider };
  const read =
    calendar?.kind === MEETING_KINDS[provider]
      ? await port?.meetingLinkOf?.(booking.uid)
      : undefined;
  const pending = typeof read === 'object';
  if (pending && write.attempts + 1 < MEETING_READS)
    return deps.now() + Math.min(FIRST_WAIT_MS * 2 ** write.attempts, LONGEST_WAIT_MS);
  const link = typeof read === 'string' ? read : null;
  if (link) deps.log.info(about, 'the call’s meeting link is read from its host’s calendar');
  else
    deps.log.warn(
      { ...about, kind: calendar?.kind ?? null, pending },
      'the host’s calendar made no meeting for the call: it is by telephone, and its visitor is told',
    );
  await settle(deps, booking, link);
  return undefined;
}

/** Keeps `link` (null: by telephone) as `booking`'s meeting, with its visitor's email. */
async function settle(deps: MeetingReadDeps, booking: StoredBooking, link: string | null) {
  const invitation = deps.visitors
    ? keptInvitation(await deps.store.notificationsFor(booking.reference))
    : undefined;
  const settled = {
    ...booking,
    meetingUrl: link,
    meetingProvider: link ? booking.meetingProvider : null,
  };
  await deps.store.settleMeeting({
    uid: booking.uid,
    sequence: booking.sequence,
    link,
    visitorMail:
      deps.visitors && invitation
        ? visitorNotice(deps.visitors, invitation, {
            kind: 'meeting',
            booking: settled,
            sequence: booking.sequence + 1,
            byVisitor: false,
            at: deps.now(),
          })
        : undefined,
  });
}
