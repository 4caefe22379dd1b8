/**
 * Where the outbox lives, tried and named: `--check` connects to `DATABASE_URL`'s PostgreSQL
 * and asks it one question, and a start that cannot open the outbox or listen names the
 * variable the failure came from and what to do. (#60: `--check` said "Delivery can work" with
 * the database away, and the start then failed with "connect ECONNREFUSED 127.0.0.1:19499",
 * naming nothing.)
 */
import pg from 'pg';
import type { ProxyEnv } from '../env.ts';

/** How long `--check` waits for PostgreSQL to answer, as the outbox's own pool does. */
const CONNECT_TIMEOUT_MS = 5_000;

/** What to do when `DATABASE_URL`'s PostgreSQL cannot be used. */
const DATABASE_FIX =
  'Start PostgreSQL there, or set DATABASE_URL to a database it serves (postgres://user:password@host:5432/database), or unset DATABASE_URL to keep the outbox in SQLite in DATA_DIR.';

/** `url` to print: its password hidden, and nothing of it when it is not an address. */
function shownDatabaseUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '(not a postgres:// address)';
  }
}

/** What went wrong, in the error's words: each address's, when localhost was tried as two. */
function reason(error: unknown): string {
  if (error instanceof AggregateError && error.errors.length > 0)
    return error.errors.map(reason).join('; ');
  if (!(error instanceof Error)) return String(error);
  return error.message || ((error as NodeJS.ErrnoException).code ?? error.name);
}

/**
 * A failure of the start, named by the variable it came from: "DATABASE_URL: the PostgreSQL at
 * postgres://enquiry:***@db:5432/enquiry could not be used (connect ECONNREFUSED …). Start …".
 */
function startFailure(variable: string, what: string, error: unknown, fix: string): Error {
  return new Error(`${variable}: ${what} (${reason(error)}). ${fix}`, { cause: error });
}

/** The failure to open `url`'s outbox, named. */
export const databaseFailure = (url: string, error: unknown) =>
  startFailure(
    'DATABASE_URL',
    `the PostgreSQL at ${shownDatabaseUrl(url)} could not be used`,
    error,
    DATABASE_FIX,
  );

/** The failure to make or open the SQLite outbox in `dir`, named. */
export const dataDirFailure = (dir: string, error: unknown) =>
  startFailure(
    'DATA_DIR',
    `the outbox's folder ${dir} could not be used`,
    error,
    "Set DATA_DIR to a folder the proxy's user can create and write, or give it that folder.",
  );

/** The failure to listen at `HOST`:`PORT`, named. */
export const listenFailure = (env: Pick<ProxyEnv, 'HOST' | 'PORT'>, error: unknown) =>
  startFailure(
    'PORT',
    `could not listen at ${env.HOST}:${String(env.PORT)}`,
    error,
    (error as NodeJS.ErrnoException).code === 'EADDRINUSE'
      ? 'Another program listens there: stop it, or set PORT to a free port.'
      : 'Set PORT to a port this user may open (above 1023), and HOST to an address of this machine.',
  );

/**
 * `--check`'s line on the outbox: with `DATABASE_URL`, whether its PostgreSQL answers, and what
 * to do when it does not; nothing to try without (SQLite is opened at the start). False when
 * the start would fail.
 */
export async function checkDatabase(
  env: Pick<ProxyEnv, 'DATABASE_URL'>,
  print: (line: string) => void,
): Promise<boolean> {
  const url = env.DATABASE_URL;
  if (!url) return true;
  const client = new pg.Client({
    connectionString: url,
    connectionTimeoutMillis: CONNECT_TIMEOUT_MS,
    application_name: 'enquiry-form --check',
  });
  // A connection the server drops is an answer too: the query below fails with it.
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('SELECT 1');
    print(`ok    database (DATABASE_URL): the PostgreSQL at ${shownDatabaseUrl(url)} answers`);
    return true;
  } catch (error) {
    print(
      `FAIL  database (DATABASE_URL): the PostgreSQL at ${shownDatabaseUrl(url)} could not be used (${reason(error)})`,
    );
    print(`      ${DATABASE_FIX}`);
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}
