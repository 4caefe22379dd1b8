/**
 * The people page (operators only): who may use the console and in which role, a way to invite
 * someone (the link shown once), change a role, remove a person (their sessions end at once),
 * sign everyone out; and each host's calendar (`host-calendars.ts`).
 */
import { html } from 'hono/html';
import type { PersonRow } from '../../outbox/machine/people.ts';
import { ROLES, type Role } from '../../outbox/roles.ts';
import { csrfField, dataTable, doneNotice, emailAddress, when } from './layout.ts';
import { hostCalendarsSection, type HostCalendarLine } from './host-calendars.ts';

/** What the page shows. */
export interface PeopleData {
  people: readonly PersonRow[];
  /** Each host's calendar: its kind, its last read, its fault. */
  calendars: readonly HostCalendarLine[];
  csrf: string;
  /** The invitation link just made, shown this once. */
  invitation?: { email: string; link: string } | undefined;
  done?: string | undefined;
  problem?: string | undefined;
}

const roleSelect = (id: string, selected: Role | undefined) =>
  html`<select id="${id}" name="role">
    ${ROLES.map(
      (role) =>
        html`<option value="${role}" ${role === selected ? 'selected' : ''}>${role}</option>`,
    )}
  </select>`;

const personRow = (person: PersonRow, csrf: string, n: number) => [
  // An address longer than a phone's column breaks anywhere rather than hide its end.
  html`${person.name ? html`${person.name}<br />` : ''}<span class="address"
      >${emailAddress(person.email)}</span
    >`,
  html`<form method="post" action="/admin/people/role" class="inline">
    ${csrfField(csrf)}<input type="hidden" name="email" value="${person.email}" />
    <label class="visually-hidden" for="role-${n}">Role of ${person.email}</label>
    ${roleSelect(`role-${String(n)}`, person.role)}
    <button type="submit">Change</button>
  </form>`,
  person.passkeys > 0
    ? `${String(person.passkeys)} passkey${person.passkeys === 1 ? '' : 's'}`
    : person.invitedUntil
      ? html`invited, until ${when(person.invitedUntil)}`
      : 'work account',
  String(person.sessions),
  html`<form method="post" action="/admin/people/remove" class="inline">
    ${csrfField(csrf)}<input type="hidden" name="email" value="${person.email}" />
    <button type="submit" class="danger">
      Remove<span class="visually-hidden"> ${person.email}</span>
    </button>
  </form>`,
];

/** The page's content. */
export function peopleBody(data: PeopleData) {
  return html`<h1>People</h1>
    ${doneNotice(data.done)}
    ${data.problem ? html`<p class="error" role="alert">${data.problem}</p>` : ''}
    ${
      data.invitation
        ? html`<div class="notice good" role="status">
            <p>Send this link to ${data.invitation.email}. It works once, for a week:</p>
            <p><code class="link">${data.invitation.link}</code></p>
          </div>`
        : ''
    }
    ${
      data.people.length === 0
        ? html`<p>Nobody has been invited yet.</p>`
        : dataTable({
            columns: ['Person', 'Role', 'Signs in with', 'Open sessions', 'Remove'],
            rows: data.people.map((person, n) => personRow(person, data.csrf, n)),
            rowHeaders: true,
          })
    }
    ${hostCalendarsSection(data.calendars)}
    <h2>Invite someone</h2>
    <form method="post" action="/admin/people/invite" class="stack">
      ${csrfField(data.csrf)}
      <label for="invite-email">Email address</label>
      <input id="invite-email" name="email" type="email" autocomplete="off" required />
      <label for="invite-role">Role</label>
      ${roleSelect('invite-role', 'staff')}
      <p class="muted">
        A marketer sees the funnel and the overview's counts; staff see and act on leads; an
        operator also manages people and sees the settings.
      </p>
      <button type="submit" class="primary">Make an invitation link</button>
    </form>
    <h2>Sign everyone out</h2>
    <form method="post" action="/admin/people/sign-out-everyone">
      ${csrfField(data.csrf)}
      <p>Ends every open session, yours included.</p>
      <button type="submit" class="danger">Sign everyone out</button>
    </form>`;
}
