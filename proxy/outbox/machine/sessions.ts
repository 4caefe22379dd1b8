/**
 * The console's sessions, written once for both databases (`firm-tables.ts`: `peopleTables`):
 * opened (by the ways in of `people.ts`, or the admin token's here), found, ended and forgotten
 * once they run out. A session is a row, found by a hash of the cookie's secret part, so that
 * removing a person (or signing everyone out) ends their sessions on the next request on every
 * instance: the rows go with the person (the database's cascade). Its own file because a
 * session is read at every console request, while people and their passkeys change seldom.
 */
import type { SignedIn } from '../roles.ts';
import { one, run, type Plan } from './plan.ts';

/** How a session was opened. */
export type SignedInBy = 'token' | 'passkey' | 'oidc';

/** A session's row, as the console's gate reads it. */
export interface SessionRow extends SignedIn {
  via: SignedInBy;
  expiresAt: number;
}

/** A new session: the hash of its secret, how it was opened, when it ends. */
export interface NewSession {
  idSha256: string;
  via: SignedInBy;
  at: number;
  expiresAt: number;
}

/** Opens a session: `personId` null for the admin token's, which names no person. */
export function* openSession(personId: number | null, session: NewSession): Plan<void> {
  yield* run(
    `INSERT INTO console_sessions (id_sha256, person_id, via, created_at, expires_at)
     VALUES (@idSha256, @personId, @via, @at, @expiresAt)`,
    { ...session, personId },
  );
}

/** Opens a session for whoever typed the admin token. */
export function* signInWithToken(session: NewSession): Plan<void> {
  yield* openSession(null, session);
}

/** The live session whose secret hashes to `idSha256`, with its person as they are now. */
export function* findSession(idSha256: string, now: number): Plan<SessionRow | undefined> {
  const row = yield* one<Omit<SessionRow, 'role' | 'email' | 'name'> & Partial<SessionRow>>(
    `SELECT s.person_id AS "personId", s.via, s.expires_at AS "expiresAt",
       p.email, p.name, p.role
     FROM console_sessions s LEFT JOIN people p ON p.id = s.person_id
     WHERE s.id_sha256 = @idSha256 AND s.expires_at > @now`,
    { idSha256, now },
  );
  if (!row) return undefined;
  // The admin token's session names no person: it is the operator's way in.
  if (row.personId === null) return { ...row, email: 'admin token', name: '', role: 'operator' };
  return row.role && row.email !== undefined
    ? { ...row, email: row.email, name: row.name ?? '', role: row.role }
    : undefined;
}

/** Deletes the session `idSha256` names, or those ended by `endedBy`, or (neither) all. */
function* endSessions(which: { idSha256?: string; endedBy?: number }): Plan<number> {
  return yield* run(
    `DELETE FROM console_sessions
     WHERE (CAST(@idSha256 AS TEXT) IS NULL OR id_sha256 = @idSha256)
       AND (CAST(@endedBy AS BIGINT) IS NULL OR expires_at <= @endedBy)`,
    { idSha256: which.idSha256 ?? null, endedBy: which.endedBy ?? null },
  );
}

/** Ends one session. */
export function* endSession(idSha256: string): Plan<void> {
  yield* endSessions({ idSha256 });
}

/** Ends every session; returns how many there were. */
export function* endAllSessions(): Plan<number> {
  return yield* endSessions({});
}

/** Forgets sessions and invitations that ran out before `now`; returns how many. */
export function* forgetExpiredSessions(now: number): Plan<number> {
  return (
    (yield* endSessions({ endedBy: now })) +
    (yield* run('DELETE FROM invitations WHERE expires_at <= @now', { now }))
  );
}
