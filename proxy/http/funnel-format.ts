/**
 * Which answer `GET /admin/funnel` gives: the console's page to a browser, JSON or CSV to a
 * machine. `?format=html|json|csv` decides when present. A request carrying a bearer token is a
 * machine's and is answered exactly as before the page existed (CSV when its `Accept` names
 * `text/csv` anywhere, else JSON). Any other request is the page when a browser navigates to it
 * (`Sec-Fetch-Mode: navigate`) or its `Accept` prefers `text/html` to JSON and CSV, as content
 * negotiation weighs it (`q`, then the more specific type); `curl`'s `*\/*` does not, and keeps
 * getting JSON.
 */
import type { Context } from 'hono';
import { accepts } from 'hono/accepts';

/** The answers the route gives. */
export type FunnelFormat = 'html' | 'json' | 'csv';

const FORMATS: readonly string[] = ['html', 'json', 'csv'] satisfies FunnelFormat[];

const isFormat = (value: string): value is FunnelFormat => FORMATS.includes(value);

/** The format a request asks for, or `invalid` for a `?format=` the route does not answer. */
export function funnelFormat(c: Context): FunnelFormat | 'invalid' {
  const asked = c.req.query('format');
  if (asked !== undefined) return isFormat(asked) ? asked : 'invalid';
  const bearer = /^bearer /i.test(c.req.header('authorization') ?? '');
  if (!bearer) {
    // A page a browser opens for a person (the banner's link, a bookmark, the address bar) says
    // so in Sec-Fetch-Mode, whatever its Accept: some send `*/*` there, which alone reads as curl.
    if (c.req.header('sec-fetch-mode') === 'navigate') return 'html';
    const preferred = accepts(c, {
      header: 'Accept',
      supports: ['application/json', 'text/csv', 'text/html'],
      default: 'application/json',
    });
    if (preferred === 'text/html') return 'html';
  }
  return c.req.header('accept')?.includes('text/csv') ? 'csv' : 'json';
}

/** True when the request is for the console's page (which wants a signed-in session). */
export const wantsFunnelPage = (c: Context) =>
  c.req.path === '/admin/funnel' && funnelFormat(c) === 'html';
