/**
 * What every console route shares once the gate has let a request in: refusing in words, a
 * POST's fields, the role a route needs (checked on the server for every route and action, not
 * only hidden in the page), and the audit log naming who did what.
 */
import type { Context, MiddlewareHandler } from 'hono';
import { html } from 'hono/html';
import type { AuditLog } from '../outbox/store.ts';
import { allows, may, type Power, type Role, type SignedIn } from '../outbox/roles.ts';
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

/** A role's refusal: a 403 saying, in words, that the role does not reach this. */
const notYourRole = (c: Context<{ Variables: ConsoleVariables }>) =>
  refusal(
    c,
    403,
    `Your role (${c.get('session').role}) does not include this. Ask an operator if you need it.`,
  );

/**
 * Lets through only a session whose role may do all that `role` may (`outbox/roles.ts`); anyone
 * else is told, with a 403, that their role does not reach it.
 *
 * @example app.get('/admin/', needs('marketer'), async (c) => …)
 */
export const needs =
  (role: Role): MiddlewareHandler<{ Variables: ConsoleVariables }> =>
  async (c, next) => {
    if (!allows(c.get('session').role, role)) return notYourRole(c);
    await next();
  };

/**
 * Lets through only a session whose role has `power` (`outbox/roles.ts`): the form studio's
 * pages say `needsTo('read the form')` or `needsTo('edit the form')`; anyone else is told, with
 * a 403, that their role does not reach it.
 *
 * @example app.get('/admin/leads', needsTo('read leads'), async (c) => …)
 */
export const needsTo =
  (power: Power): MiddlewareHandler<{ Variables: ConsoleVariables }> =>
  async (c, next) => {
    if (!may(c.get('session').role, power)) return notYourRole(c);
    await next();
  };

/**
 * Who is signed in as the audit log names them: `Ann Lee <ann@firm.example>`, or the address (a
 * publish of the form names its person the same way: `studio/form-studio.ts`'s `FormActor`).
 */
export const personOf = (who: SignedIn) => (who.name ? `${who.name} <${who.email}>` : who.email);

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
    person: who ? personOf(who) : null,
    role: who?.role ?? null,
  });
}
