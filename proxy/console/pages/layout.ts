/**
 * The console's page frame: its stylesheet, a way past the navigation, the places to go
 * (Overview, Leads, Funnel, Teams, Form, People), sign-out, and the page's own content in `main`. Helpers every view shares.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { SubmissionState } from '../../outbox/submission.ts';
import { allows, may, type SignedIn } from '../../outbox/roles.ts';

/** What `html` makes. */
export type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/**
 * A table: a header cell per column, a cell per value (the first a row header when
 * `rowHeaders`). On a narrow screen each row is drawn as a block of its cells, each after its
 * column's name (`data-label`, `style.ts`): the columns of a list of leads do not fit a phone
 * without breaking words, and a table scrolling sideways hides some of what it holds.
 */
export function dataTable(options: {
  columns: readonly string[];
  rows: readonly (readonly (Html | string | number)[])[];
  caption?: string;
  rowHeaders?: boolean;
}) {
  return html`<div class="table">
    <table>
      ${
        options.caption
          ? html`<caption class="muted">
              ${options.caption}
            </caption>`
          : ''
      }
      <thead>
        <tr>
          ${options.columns.map((column) => html`<th scope="col">${column}</th>`)}
        </tr>
      </thead>
      <tbody>
        ${options.rows.map(
          (row) =>
            html`<tr>
              ${row.map((cell, n) =>
                n === 0 && options.rowHeaders
                  ? html`<th scope="row" data-label="${options.columns[n] ?? ''}">${cell}</th>`
                  : html`<td data-label="${options.columns[n] ?? ''}">${cell}</td>`,
              )}
            </tr>`,
        )}
      </tbody>
    </table>
  </div>`;
}

/** The head every page has: its title and the console's stylesheet (and where it goes next). */
const head = (title: string, next?: string) =>
  html`<head>
    <meta charset="utf-8" />
    ${next ? html`<meta http-equiv="refresh" content="0;url=${next}" />` : ''}
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <meta name="robots" content="noindex" />
    <title>${title} · Enquiry console</title>
    <link rel="stylesheet" href="/admin/console.css" />
  </head>`;

/** Where the page sits in the navigation. */
export type Place =
  'overview' | 'leads' | 'unfinished' | 'calls' | 'funnel' | 'teams' | 'form' | 'people' | 'none';

/** The states, in the words the console shows. */
export const STATE_WORDS: Record<SubmissionState, string> = {
  queued: 'Waiting',
  delivered: 'Delivered',
  partial: 'Partly delivered',
  dead: 'Not delivered',
  spam: 'Spam',
};

/**
 * An instant for a person: date and time to the minute (to the second for steps seconds apart),
 * in UTC (the proxy knows no time zone). A narrow column breaks it between the day and the time
 * only: the day is never broken at its hyphens, and "UTC" is held to the time by a no-break
 * space.
 */
export const when = (at: number | null, to: 'minute' | 'second' = 'minute'): Html | '' => {
  if (at === null) return '';
  const [day, time] = new Date(at)
    .toISOString()
    .slice(0, to === 'minute' ? 16 : 19)
    .split('T');
  return html`<span class="day">${day}</span> ${time}&nbsp;UTC`;
};

/** An email address that a narrow column breaks before its "@", never inside a word. */
export const emailAddress = (address: string) => {
  const at = address.lastIndexOf('@');
  return at <= 0 ? address : html`${address.slice(0, at)}<wbr />${address.slice(at)}`;
};

/** What the last action did, in words, where a screen reader announces it; nothing when nothing was done. */
export const doneNotice = (text: string | undefined) =>
  text ? html`<div class="notice good" role="status"><p>${text}</p></div>` : '';

/** A hidden field with the session's CSRF token: every form that changes something has one. */
export const csrfField = (csrf: string) =>
  html`<input type="hidden" name="csrf" value="${csrf}" />`;

/** Who is signed in, as the page's header names them. */
const whoIs = (who: SignedIn) =>
  who.personId === null ? 'the admin token' : who.name ? `${who.name} (${who.email})` : who.email;

/**
 * A whole page of the console; its navigation offers only what `who`'s role reaches (the
 * server refuses the rest anyway).
 */
export function consolePage(options: {
  title: string;
  place: Place;
  csrf: string;
  who: SignedIn;
  body: Html;
}) {
  const role = options.who.role;
  const link = (place: Place, href: string, text: string) =>
    html`<li>
      <a href="${href}" ${options.place === place ? html` aria-current="page"` : ''}>${text}</a>
    </li>`;
  return html`<!doctype html>
    <html lang="en">
      ${head(options.title)}
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header>
          <p class="brand">Enquiry console</p>
          <nav aria-label="Console">
            <ul>
              ${link('overview', '/admin/', 'Overview')}
              ${allows(role, 'staff') ? link('leads', '/admin/leads', 'Leads') : ''}
              ${link('unfinished', '/admin/unfinished', 'Unfinished')}
              ${allows(role, 'staff') ? link('calls', '/admin/calls', 'Your calls') : ''}
              ${link('funnel', '/admin/funnel', 'Funnel')}
              ${may(role, 'read leads') ? link('teams', '/admin/teams', 'Teams') : ''}
              ${link('form', '/admin/form', 'Form')}
              ${allows(role, 'operator') ? link('people', '/admin/people', 'People') : ''}
            </ul>
          </nav>
          <p class="muted who">Signed in as ${whoIs(options.who)}, ${role}</p>
          <form method="post" action="/admin/sign-out">
            ${csrfField(options.csrf)}
            <button type="submit">Sign out</button>
          </form>
        </header>
        <main id="main" tabindex="-1">${options.body}</main>
      </body>
    </html>`;
}

/** Where a page of the ways in should have been opened (`console-address.ts`). */
export interface AddressAdvice {
  text: string;
  /** The origin to open instead, when there is one to name. */
  origin?: string;
}

/** The advice on top of a page opened where passkeys cannot work, linking `path` at the right origin. */
export const addressNotice = (advice: AddressAdvice | undefined, path = '/admin/') =>
  advice
    ? html`<div class="notice" id="address" role="status">
        <p>
          ${advice.text}
          ${advice.origin ? html`<a href="${advice.origin}${path}">${advice.origin}${path}</a>` : ''}
        </p>
      </div>`
    : '';

/**
 * A page without the navigation (sign-in, refusals); `next`, a path of the console, is opened
 * at once from it.
 */
export function barePage(title: string, body: Html, next?: string) {
  return html`<!doctype html>
    <html lang="en">
      ${head(title, next)}
      <body>
        <main id="main">${body}</main>
      </body>
    </html>`;
}
