/**
 * `npm run outbox -- people invite <email> --role <role> | list | role <email> <role> |
 * remove <email> | calendar …`: the firm's people from a shell, as the console's people page
 * manages them (`operator/invitations.ts`), and a host's calendar (`calendar-command.ts`). Each
 * change is in the audit log as the command line's.
 */
import { isoTime } from '../operator/lead-report.ts';
import { invite, personEmail } from '../operator/invitations.ts';
import { isRole, ROLES } from '../outbox/roles.ts';
import type {
  AuditLog,
  CalendarConnections,
  HostCalendars,
  HostFeeds,
  People,
  Settings,
} from '../outbox/store.ts';
import { calendarCommand, type CalendarIo } from './calendar-command.ts';

/**
 * Where the command writes, the console's address for invitation links (`PUBLIC_URL`), and what
 * connecting a host's calendar reads (`calendar-command.ts`).
 */
export interface PeopleIo extends CalendarIo {
  publicUrl?: string | undefined;
  /**
   * The proxy on this machine by name (`http://localhost:<PORT>`), for a link without
   * `PUBLIC_URL`: passkeys take a host name, never an IP address such as 127.0.0.1.
   */
  localConsole?: string | undefined;
}

const USAGE = `people invite <email> --role ${ROLES.join('|')} | list | role <email> <role> | remove <email> | calendar <email> …`;

/** Runs `people …`; returns the exit code. */
export async function peopleCommand(
  args: readonly string[],
  store: People &
    HostCalendars &
    HostFeeds &
    CalendarConnections &
    Settings &
    Pick<AuditLog, 'recordAudit'>,
  io: PeopleIo,
): Promise<number> {
  const [action, address = '', ...rest] = args;
  if (action === 'calendar') return calendarCommand(args.slice(1), store, io);
  const audit = (what: string, detail: string) =>
    store.recordAudit({ at: io.now(), client: 'cli', action: what, reference: null, detail });
  if (action === 'list') {
    const people = await store.listPeople(io.now());
    if (people.length === 0) io.out('Nobody has been invited or signed in yet.');
    for (const p of people)
      io.out(
        [
          p.email.padEnd(32),
          p.role.padEnd(9),
          p.passkeys > 0
            ? `${String(p.passkeys)} passkey(s)`
            : p.invitedUntil
              ? `invited until ${isoTime(p.invitedUntil)}`
              : 'work account',
          `${String(p.sessions)} open session(s)`,
        ].join('  '),
      );
    return 0;
  }
  const email = personEmail(address);
  if (!email || !['invite', 'role', 'remove'].includes(action ?? '')) {
    io.err(address && !email ? `"${address}" is not an email address.` : `Usage: ${USAGE}`);
    return 2;
  }
  if (action === 'remove') {
    if (!(await store.removePerson(email))) {
      io.err(`Nobody has the address ${email}.`);
      return 1;
    }
    await audit('remove person', email);
    io.out(
      `Removed ${email}: any session of theirs has ended, and their calendar feed's address answers nothing from now on.`,
    );
    return 0;
  }
  const role = action === 'invite' ? rest[rest.indexOf('--role') + 1] : rest[0];
  if (!isRole(role) || (action === 'invite' && !rest.includes('--role'))) {
    io.err(`Name a role: ${ROLES.join(', ')}.`);
    return 2;
  }
  if (action === 'role') {
    if (!(await store.setRole(email, role))) {
      io.err(`Nobody has the address ${email}.`);
      return 1;
    }
    await audit('change role', `${email} to ${role}`);
    io.out(`${email} is now ${role}, from their next click.`);
    return 0;
  }
  const path = await invite(store, email, role, io.now());
  await audit('invite', `${email} as ${role}`);
  io.out(`Invited ${email} as ${role}. Send them this link; it works once, for a week:`);
  const base = io.publicUrl?.replace(/\/$/, '') ?? io.localConsole;
  io.out(base ? `${base}${path}` : path);
  if (!io.publicUrl)
    io.out(
      base
        ? "(The proxy on this machine, by the name passkeys take: a link at 127.0.0.1 would not work. For people elsewhere, set PUBLIC_URL to the console's address.)"
        : "(Put the console's address before it, or set PUBLIC_URL.)",
    );
  return 0;
}
