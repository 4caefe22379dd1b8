/**
 * What every console route shares once the gate has let a request in: refusing in words, a
 * POST's fields, the role a route needs (checked on the server for every route and action, not
 * only hidden in the page), and the audit log naming who did what.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import type { AuditLog } from '../outbox/store.ts';
import { allows, type Role, type SignedIn } from '../outbox/roles.ts';
import { barePage } from './pages/layout.ts';
import type { Session } from './session.ts';

/** What a signed-in request carries on to the console's routes. */
export interface ConsoleVariables {
  session: Session;
  csrf: string;
  /** A POST's fields, read once by the guard. */
  form: Record<string, string>;
  /** Who is signed in (also on `/admin/funnel`, which a session may read as the token may). */
  signedIn: SignedIn;
}

/** A page saying why a request was refused, with the status that says so to machines. */
export const refusal = (c: Context, status: 400 | 401 | 403 | 404 | 413 | 429, message: string) =>
  c.html(
    barePage(
      'Refused',
      html`<h1>Refused</h1>
        <p>${message}</p>
        <p><a href="/admin/">Back to the console</a></p>`,
    ),
    status,
  );

/** A form's text fields (files are not taken here). */
export async function formOf(c: Context): Promise<Record<string, string>> {
  const body = await c.req.parseBody();
  return Object.fromEntries(
    Object.entries(body).filter((entry): entry is [string, string] => typeof entry[1] === 'string'),
  );
}

/**
 * Lets through only a session whose role allows `role`'s work (`outbox/roles.ts`); anyone else
 * is told, with a 403, that their role does not reach it.
 *
 * @example app.get('/admin/leads', needs('staff'), async (c) => …)
 */
export const needs =
  (role: Role): MiddlewareHandler<{ Variables: ConsoleVariables }> =>
  async (c, next) => {
    if (!allows(c.get('session').role, role))
      return refusal(
        c,
        403,
        `Your role (${c.get('session').role}) does not include this. Ask an operator if you need it.`,
      );
    await next();
  };

/** What the console's audit needs: the log, the clock, the client's address. */
export interface AuditDeps {
  store: Pick<AuditLog, 'recordAudit'>;
  now: () => number;
  clientIp: (c: Context) => string;
}

/**
 * Records an action of whoever is signed in (or `who`, at sign-in, before the session is
 * set): the person, their role and the client's address.
 *
 * @example await consoleAudit(deps, c, { action: 'retry', reference });
 */
export function consoleAudit(
  deps: AuditDeps,
  c: Context,
  entry: { action: string; reference?: string; detail?: string | undefined; who?: SignedIn },
): Promise<void> {
  const who = entry.who ?? (c.var as Partial<ConsoleVariables>).session;
  return deps.store.recordAudit({
    at: deps.now(),
    client: deps.clientIp(c),
    action: entry.action,
    reference: entry.reference ?? null,
    ...(entry.detail ? { detail: entry.detail } : {}),
    person: who ? (who.name ? `${who.name} <${who.email}>` : who.email) : null,
    role: who?.role ?? null,
  });
}

/**
 * The form studio's two kinds of work (`/admin/form`, issue #56): reading the form and its
 * history, which every role may; editing and publishing it, which `editor` and `operator` may.
 * Kept here, in one place, as `editor` is not a role yet (the studio's store adds it).
 */
export type FormWork = 'reading' | 'editing';

/** The roles that edit and publish the form. */
const FORM_EDITORS: readonly string[] = ['editor', 'operator'];

/**
 * True when `role` may do `work` on the form.
 *
 * @example mayWorkOnForm('marketer', 'editing') // false; mayWorkOnForm('operator', 'editing') // true
 */
export const mayWorkOnForm = (role: string, work: FormWork): boolean =>
  work === 'reading' || FORM_EDITORS.includes(role);

/** Lets through only a session whose role may do `work` on the form; a 403 in words for others. */
export const needsForm =
  (work: FormWork): MiddlewareHandler<{ Variables: ConsoleVariables }> =>
  async (c, next) => {
    const role = c.get('session').role;
    if (!mayWorkOnForm(role, work))
      return refusal(
        c,
        403,
        `Your role (${role}) may read the form but not change it. Ask an operator if you need to.`,
      );
    await next();
  };
