/**
 * The console's page frame: its stylesheet, a way past the navigation, the two places to go
 * (Overview, Leads), sign-out, and the page's own content in `main`. Helpers every view shares.
 */
import { html } from 'hono/html';
import type { HtmlEscapedString } from 'hono/utils/html';
import type { SubmissionState } from '../../../outbox/submission.ts';

type Html = HtmlEscapedString | Promise<HtmlEscapedString>;

/** Where the page sits in the navigation. */
export type Place = 'overview' | 'leads' | 'none';

/** The states, in the words the console shows. */
export const STATE_WORDS: Record<SubmissionState, string> = {
  queued: 'Waiting',
  delivered: 'Delivered',
  partial: 'Partly delivered',
  dead: 'Not delivered',
  spam: 'Spam',
};

/** An instant for a person: date and time to the minute, in UTC (the proxy knows no time zone). */
export const when = (at: number | null) =>
  at === null ? '' : `${new Date(at).toISOString().slice(0, 16).replace('T', ' ')} UTC`;

/** A hidden field with the session's CSRF token: every form that changes something has one. */
export const csrfField = (csrf: string) =>
  html`<input type="hidden" name="csrf" value="${csrf}" />`;

/** A whole page of the console. */
export function consolePage(options: { title: string; place: Place; csrf: string; body: Html }) {
  const link = (place: Place, href: string, text: string) =>
    html`<li>
      <a href="${href}" ${options.place === place ? html` aria-current="page"` : ''}>${text}</a>
    </li>`;
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${options.title} · Enquiry console</title>
        <link rel="stylesheet" href="/admin/console.css" />
      </head>
      <body>
        <a class="skip" href="#main">Skip to content</a>
        <header>
          <p class="brand">Enquiry console</p>
          <nav aria-label="Console">
            <ul>
              ${link('overview', '/admin/', 'Overview')} ${link('leads', '/admin/leads', 'Leads')}
            </ul>
          </nav>
          <form method="post" action="/admin/sign-out">
            ${csrfField(options.csrf)}
            <button type="submit">Sign out</button>
          </form>
        </header>
        <main id="main" tabindex="-1">${options.body}</main>
      </body>
    </html>`;
}

/** A page without the navigation (sign-in, refusals). */
export function barePage(title: string, body: Html) {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>${title} · Enquiry console</title>
        <link rel="stylesheet" href="/admin/console.css" />
      </head>
      <body>
        <main id="main">${body}</main>
      </body>
    </html>`;
}
