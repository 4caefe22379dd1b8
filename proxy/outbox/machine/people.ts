/**
 * The firm's people, their invitations and passkeys, written once for both databases
 * (`firm-tables.ts`: `peopleTables`), and the ways in that open a person's console session
 * (`sessions.ts` keeps the sessions). Removing a person takes their passkeys, invitation and
 * sessions with them (the database's cascade). A person's role is read from their row at every
 * request, so a change of role takes effect at once too. No password is kept anywhere; an
 * invitation is kept as a hash of its link's token.
 */
import { allows, type Role, type SignedIn } from '../roles.ts';
import { forgetFeed } from './host-feeds.ts';
import { spendToken } from './intake.ts';
import { all, one, run, type Plan } from './plan.ts';
import { openSession, type NewSession } from './sessions.ts';

/** A registered passkey: its credential id, public key (base64url), signature counter. */
export interface Passkey {
  credentialId: string;
  publicKey: string;
  counter: number;
  transports: string[];
}

/** One person as the people page and the CLI list them. */
export interface PersonRow {
  email: string;
  name: string;
  role: Role;
  createdAt: number;
  passkeys: number;
  sessions: number;
  /** When their invitation runs out, while one is waiting to be used. */
  invitedUntil: number | null;
}

const PERSON_ID = 'SELECT id FROM people WHERE email = @email';

/**
 * Makes `email` a person of `role` (or gives an existing one that role) with a new invitation
 * in place of any earlier one: a person who lost their passkey is invited again.
 */
export function* invitePerson(invitation: {
  email: string;
  role: Role;
  tokenSha256: string;
  at: number;
  expiresAt: number;
}): Plan<void> {
  yield* run(
    `INSERT INTO people (email, name, role, created_at) VALUES (@email, '', @role, @at)
     ON CONFLICT (email) DO UPDATE SET role = excluded.role`,
    invitation,
  );
  yield* run(`DELETE FROM invitations WHERE person_id = (${PERSON_ID})`, invitation);
  yield* run(
    `INSERT INTO invitations (token_sha256, person_id, expires_at)
     VALUES (@tokenSha256, (${PERSON_ID}), @expiresAt)`,
    invitation,
  );
}

/** The person an unexpired invitation is for. */
export function* findInvitation(
  tokenSha256: string,
  now: number,
): Plan<{ personId: number; email: string; role: Role } | undefined> {
  return yield* one(
    `SELECT p.id AS "personId", p.email, p.role FROM invitations i JOIN people p ON p.id = i.person_id
     WHERE i.token_sha256 = @tokenSha256 AND i.expires_at > @now`,
    { tokenSha256, now },
  );
}

/**
 * Spends an invitation on its passkey and opens the person's first session, all or nothing;
 * false when the invitation was spent (or ran out) meanwhile.
 */
export function* acceptInvitation(
  tokenSha256: string,
  passkey: Passkey,
  session: NewSession,
): Plan<boolean> {
  const invited = yield* findInvitation(tokenSha256, session.at);
  if (!invited) return false;
  yield* run('DELETE FROM invitations WHERE token_sha256 = @tokenSha256', { tokenSha256 });
  yield* run(
    `INSERT INTO passkeys (credential_id, person_id, public_key, counter, transports, created_at)
     VALUES (@credentialId, @personId, @publicKey, @counter, @transports, @at)`,
    {
      ...passkey,
      transports: passkey.transports.join(','),
      personId: invited.personId,
      at: session.at,
    },
  );
  yield* openSession(invited.personId, session);
  return true;
}

/** A registered passkey, and its person as they are now. */
export type PasskeyOf = Passkey & SignedIn & { personId: number };

/** A registered passkey and whose it is. */
export function* findPasskey(credentialId: string): Plan<PasskeyOf | undefined> {
  const row = yield* one<Omit<PasskeyOf, 'transports'> & { transports: string }>(
    `SELECT k.credential_id AS "credentialId", k.person_id AS "personId",
       k.public_key AS "publicKey", k.counter, k.transports, p.email, p.name, p.role
     FROM passkeys k JOIN people p ON p.id = k.person_id WHERE k.credential_id = @credentialId`,
    { credentialId },
  );
  return row && { ...row, transports: row.transports ? row.transports.split(',') : [] };
}

/** The challenge a passkey sign-in answered, until it runs out. */
export interface AnsweredChallenge {
  challenge: string;
  expiresAt: number;
}

/**
 * Spends the challenge a passkey's answer signed, notes the passkey's new signature counter and
 * opens its person's session; false when the challenge was spent already (an answer sent again:
 * many passkeys keep their counter at 0, so the counter cannot tell) or the passkey was removed
 * meanwhile (with its person).
 */
export function* signInWithPasskey(
  credentialId: string,
  counter: number,
  session: NewSession,
  answered: AnsweredChallenge,
): Plan<boolean> {
  const token = `passkey-sign-in:${answered.challenge}`;
  if (!(yield* spendToken({ token, expiresAt: answered.expiresAt }))) return false;
  const key = yield* findPasskey(credentialId);
  if (!key) return false;
  yield* run('UPDATE passkeys SET counter = @counter WHERE credential_id = @credentialId', {
    credentialId,
    counter,
  });
  yield* openSession(key.personId, session);
  return true;
}

/**
 * Opens a session for someone the identity provider vouched for, kept on their row (so the
 * people page lists them) with the role `OIDC_ROLES` gives them now, or the one they have when it
 * is less: `OIDC_ROLES` is a ceiling, so a role lowered in the console or the CLI holds at their
 * next sign-in, and one lowered in `OIDC_ROLES` takes effect at it. Answers the role kept.
 */
export function* signInFromProvider(
  person: { email: string; name: string; role: Role },
  session: NewSession,
): Plan<Role> {
  const kept = yield* one<{ role: Role }>('SELECT role FROM people WHERE email = @email', person);
  const role = kept && !allows(kept.role, person.role) ? kept.role : person.role;
  yield* run(
    `INSERT INTO people (email, name, role, created_at) VALUES (@email, @name, @role, @at)
     ON CONFLICT (email) DO UPDATE SET name = excluded.name, role = excluded.role`,
    { ...person, role, at: session.at },
  );
  const row = yield* one<{ id: number }>(PERSON_ID, person);
  yield* openSession(row?.id ?? null, session);
  return role;
}

/** Everyone, by address, with how many passkeys and open sessions each has. */
export function* listPeople(now: number): Plan<PersonRow[]> {
  return yield* all<PersonRow>(
    `SELECT p.email, p.name, p.role, p.created_at AS "createdAt",
       (SELECT COUNT(*) FROM passkeys k WHERE k.person_id = p.id) AS passkeys,
       (SELECT COUNT(*) FROM console_sessions s
        WHERE s.person_id = p.id AND s.expires_at > @now) AS sessions,
       (SELECT MAX(i.expires_at) FROM invitations i
        WHERE i.person_id = p.id AND i.expires_at > @now) AS "invitedUntil"
     FROM people p ORDER BY p.email`,
    { now },
  );
}

/** Gives `email` another role; false when nobody has that address. */
export function* setRole(email: string, role: Role): Plan<boolean> {
  return (yield* run('UPDATE people SET role = @role WHERE email = @email', { email, role })) > 0;
}

/**
 * Removes a person, with their passkeys, invitation and sessions (the database's cascade): an
 * open session of theirs is refused at its next request. Their calendar feed's address goes too
 * (`host-feeds.ts`): someone who has left the firm sees no more calls, and should they host calls
 * again, theirs is a new one. False when nobody has that address.
 */
export function* removePerson(email: string): Plan<boolean> {
  const removed = (yield* run('DELETE FROM people WHERE email = @email', { email })) > 0;
  if (removed) yield* forgetFeed(email);
  return removed;
}

/** True when anyone could sign in with a passkey (the console exists for them). */
export function* anyPeople(): Plan<boolean> {
  return (yield* one<{ found: number }>('SELECT 1 AS found FROM people LIMIT 1')) !== undefined;
}
