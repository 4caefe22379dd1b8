/**
 * "Your calendar" on "Your calls" (`../calendar-sign-in-routes.ts`): a host connects their own
 * Microsoft 365 or Google calendar by signing in, where the firm registered a web app for it;
 * sees how its reads go ("sign in again" when the provider no longer takes their sign-in); and
 * disconnects it, which erases its sealed token.
 */
import { html } from 'hono/html';
import type { SignInKind } from '../../booking/host-sign-in/host-sign-in.ts';
import { CALENDAR_KIND_NAMES, type ConnectedCalendar } from '../../outbox/calendar-write.ts';
import { csrfField, when } from './layout.ts';

/** What the section shows. */
export interface OwnCalendarData {
  /** The kinds the firm registered a web app for. */
  offered: readonly SignInKind[];
  /** The host's calendar as connected, when one is. */
  calendar: ConnectedCalendar | undefined;
}

const BUTTONS: Readonly<Record<SignInKind, string>> = {
  microsoft: 'Connect my Microsoft 365 calendar',
  google: 'Connect my Google calendar',
};

/** True for a calendar the host connected by their own sign-in. */
const bySignIn = (calendar: ConnectedCalendar | undefined) =>
  calendar !== undefined && calendar.kind !== 'caldav' && calendar.sealedPassword !== '';

/** How the host's own calendar goes, in words. */
function stateOf(calendar: ConnectedCalendar) {
  const name = CALENDAR_KIND_NAMES[calendar.kind];
  if (calendar.fault !== null)
    return calendar.fault.startsWith('sign in again')
      ? html`<p class="notice bad">Your ${name}: sign in again. ${calendar.fault}.</p>`
      : html`<p class="notice bad">
          Your ${name} cannot be read since ${when(calendar.faultAt)}: ${calendar.fault}.
        </p>`;
  return html`<p>
    Your ${name} is connected
    ${bySignIn(calendar) ? 'by your own sign-in' : 'by the firm'}${
      calendar.readAt === null
        ? ': it is read within a minute.'
        : html`, read ${when(calendar.readAt)}.`
    }
  </p>`;
}

/** The section, or nothing when the firm offers no sign-in and the host has no calendar. */
export function ownCalendarSection(data: OwnCalendarData | undefined, csrf: string) {
  if (!data || (data.offered.length === 0 && !data.calendar)) return '';
  const { calendar } = data;
  return html`<h2 id="own-calendar">Your calendar</h2>
    ${calendar ? stateOf(calendar) : html`<p>No calendar of yours is connected.</p>`}
    ${data.offered.map(
      (kind) =>
        html`<form method="post" action="/admin/calendar/connect">
          ${csrfField(csrf)}<input type="hidden" name="kind" value="${kind}" />
          <button type="submit">${BUTTONS[kind]}</button>
        </form>`,
    )}
    ${
      bySignIn(calendar)
        ? html`<form method="post" action="/admin/calendar/disconnect">
            ${csrfField(csrf)}
            <p>Disconnecting forgets your sign-in: your calendar is no longer read nor written.</p>
            <button type="submit">Disconnect my calendar</button>
          </form>`
        : ''
    }`;
}
