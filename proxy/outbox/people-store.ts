/**
 * People, as the console and the CLI see them: the firm's (`People`: invitations, passkeys,
 * sessions, roles), what they did (`AuditLog`, which names the person and their role), and a
 * visitor's rights over what is held about them (`SubjectRights`: found and erased, the erasure
 * audited). Its own file because these roles are about who someone is, not about a delivery.
 */
import type { AuditEntry, AuditFilter, AuditRecord } from './machine/audit.ts';
import type { AnsweredChallenge, Passkey, PasskeyOf, PersonRow } from './machine/people.ts';
import type { NewSession, SessionRow } from './machine/sessions.ts';
import type { ErasureOutcome, Subject, SubjectHoldings } from './machine/rights.ts';
import type { Role } from './roles.ts';
import type { FileSource } from './submission-store.ts';

/**
 * The firm's people (`machine/people.ts`): invitations, passkeys, console sessions
 * (`machine/sessions.ts`), roles. A session is found by a hash of its cookie's secret, with its
 * person as they are now: removing a person or changing their role tells at the next request,
 * on every instance.
 */
export interface People {
  /** Makes `email` a person of `role` with a new invitation (kept as its token's hash). */
  invitePerson(invitation: {
    email: string;
    role: Role;
    tokenSha256: string;
    at: number;
    expiresAt: number;
  }): Promise<void>;
  /** The person an unexpired invitation is for. */
  findInvitation(
    tokenSha256: string,
    now: number,
  ): Promise<{ personId: number; email: string; role: Role } | undefined>;
  /** Spends an invitation on a passkey and opens a session; false when it is spent or expired. */
  acceptInvitation(tokenSha256: string, passkey: Passkey, session: NewSession): Promise<boolean>;
  /** A registered passkey and whose it is. */
  findPasskey(credentialId: string): Promise<PasskeyOf | undefined>;
  /**
   * Spends the challenge the passkey answered, notes its counter and opens a session; false when
   * the challenge was spent already (on any instance) or the passkey is gone.
   */
  signInWithPasskey(
    credentialId: string,
    counter: number,
    session: NewSession,
    answered: AnsweredChallenge,
  ): Promise<boolean>;
  /**
   * Keeps the identity provider's person with the role `OIDC_ROLES` gives them, or theirs when it
   * is less (a role lowered in the console holds), and opens a session; answers the role kept.
   */
  signInFromProvider(
    person: { email: string; name: string; role: Role },
    session: NewSession,
  ): Promise<Role>;
  /** Opens a session for whoever typed the admin token. */
  signInWithToken(session: NewSession): Promise<void>;
  /** The live session whose secret hashes to `idSha256`. */
  findSession(idSha256: string, now: number): Promise<SessionRow | undefined>;
  /** Ends one session. */
  endSession(idSha256: string): Promise<void>;
  /** Ends every session; returns how many there were. */
  endAllSessions(): Promise<number>;
  /** Forgets sessions and invitations that ran out before `now`. */
  forgetExpiredSessions(now: number): Promise<number>;
  /** Everyone, by address. */
  listPeople(now: number): Promise<PersonRow[]>;
  /** Gives a person another role; false when nobody has that address. */
  setRole(email: string, role: Role): Promise<boolean>;
  /** Removes a person with their passkeys and sessions; false when nobody has that address. */
  removePerson(email: string): Promise<boolean>;
  /** True when anyone has been invited or signed in. */
  anyPeople(): Promise<boolean>;
}

/** The audit log (the console and the CLI): what an operator did, to which submission. */
export interface AuditLog {
  /** Records one action. */
  recordAudit(entry: AuditRecord): Promise<void>;
  /** Recorded actions, newest first (of one submission when `filter.reference` is given). */
  listAudit(filter: AuditFilter): Promise<AuditEntry[]>;
}

/**
 * A person's rights (the CLI's `subject`, `subject-export` and `erase`): find what is held about
 * them, and erase it, files and copies included, even while it is being delivered.
 */
export interface SubjectRights extends FileSource {
  /** Every submission, notification, webhook message and audit entry about `subject`. */
  findSubject(subject: Subject): Promise<SubjectHoldings>;
  /** The references of `subject`'s submissions, oldest first (`erase --email`): nothing else. */
  subjectReferences(subject: Subject): Promise<string[]>;
  /**
   * Erases one submission, its files, idempotency keys and notifications, recording it in the
   * audit log by a salted hash of the subject's email only; one not yet delivered needs `force`.
   * A delivery holding it stops at its next write (`LeaseLostError`) and writes nothing back.
   */
  erase(
    reference: string,
    options: {
      force: boolean;
      at: number;
      client: string;
      /** Who asked in the console, and in which role (the audit log names them). */
      person?: string | null;
      role?: string | null;
    },
  ): Promise<ErasureOutcome>;
}
