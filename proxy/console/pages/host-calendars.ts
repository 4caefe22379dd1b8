/**
 * The hosts' calendars on the people page (issue #86): for each host of the form (and anyone
 * with a calendar still connected), the kind of calendar the proxy reads for them, when it last
 * read it, and why it cannot, in the words the alerts email the firm (the fault the busy cache
 * recorded in the outbox, `booking/busy-cache.ts`).
 */
import { html } from 'hono/html';
import { CALENDAR_KIND_NAMES, type ConnectedCalendar } from '../../outbox/calendar-write.ts';
import { dataTable, emailAddress, when } from './layout.ts';

/** One host's calendar, as the page shows it. */
export interface HostCalendarLine {
  host: string;
  /** Their calendar connected, with what its reads came to; undefined: the built-in feed only. */
  calendar: ConnectedCalendar | undefined;
  /** True when their times are not offered now (the alerts' unread calendars). */
  withdrawn: boolean;
}

/** What a fault's words end with: a full stop, unless they end a sentence already. */
const sentence = (words: string) => (/[.?!]$/.test(words) ? words : `${words}.`);

/** How the reads of `line`'s calendar are going, in words. */
function stateWords(line: HostCalendarLine) {
  const { calendar } = line;
  if (!calendar) return 'Their calls are in their feed and this console.';
  // Their own sign-in no longer taken (`booking/host-sign-in/`): only they can mend it.
  if (calendar.fault?.startsWith('sign in again'))
    return html`${line.host}’s ${CALENDAR_KIND_NAMES[calendar.kind]}: sign in again, from “Your
    calls”. ${sentence(calendar.fault.slice('sign in again: '.length))}
    ${line.withdrawn ? 'Their times are not offered until then.' : ''}`;
  if (calendar.fault !== null)
    return html`Cannot be read since ${when(calendar.faultAt)}: ${sentence(calendar.fault)}
    ${
      line.withdrawn
        ? 'Their times are not offered until it is read again.'
        : 'Its last read is still trusted for a minute or two.'
    }`;
  return calendar.readAt === null ? 'Not read yet: it is read within a minute.' : 'Read fine.';
}

const lineRow = (line: HostCalendarLine) => [
  html`<span class="address">${emailAddress(line.host)}</span>`,
  line.calendar ? CALENDAR_KIND_NAMES[line.calendar.kind] : 'Built-in feed only',
  line.calendar
    ? line.calendar.readAt === null
      ? 'Never'
      : when(line.calendar.readAt)
    : 'Nothing to read',
  stateWords(line),
];

/** The section: a table of the hosts' calendars, or what stands in its place. */
export function hostCalendarsSection(lines: readonly HostCalendarLine[]) {
  return html`<h2>Hosts’ calendars</h2>
    ${
      lines.length === 0
        ? html`<p>The form books no calls, and no host has a calendar connected.</p>`
        : dataTable({
            columns: ['Host', 'Calendar', 'Last read', 'How it goes'],
            rows: lines.map(lineRow),
            rowHeaders: true,
          })
    }
    <p class="muted">
      A host’s calendar is connected with npm run outbox -- people calendar &lt;address&gt;; the
      firm is emailed when one cannot be read, and again when it reads again.
    </p>`;
}
