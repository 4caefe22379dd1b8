/** `npm run outbox -- <command>`: see `outbox-command.ts` for the commands. */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { Writable } from 'node:stream';
import { z } from 'zod';
import { calendarEnvShape, type CalendarPlaces } from '../booking/calendar-env.ts';
import { hostsOf } from '../booking/host-feeds.ts';
import { parseFormConfig } from '../contract/schemas/form-config.ts';
import { withEnvFile } from '../env-file.ts';
import { openPostgresOutbox } from '../outbox/postgres/store.ts';
import { createPool, migrate } from '../outbox/postgres/schema.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { runOutboxCommand, USAGE } from './outbox-command.ts';

// The same env file as the proxy's, so DATA_DIR or DATABASE_URL is found without being set twice.
const { env } = withEnvFile(process.env);
/** A variable or its `_FILE`'s first line. */
const fromEnvOrFile = (name: string): string | undefined =>
  env[name] ||
  (env[`${name}_FILE`] ? readFileSync(env[`${name}_FILE`] ?? '', 'utf8').trim() : undefined);

const databaseUrl = fromEnvOrFile('DATABASE_URL');
const path = join(env.DATA_DIR || './data', 'outbox.sqlite');
const args = process.argv.slice(2);

/**
 * The country the form reads a telephone number without its country code in (its
 * `phone.defaultCountry`), so `subject` reads one typed that way as the form did; none when
 * FORM_CONFIG is unset or unreadable (`subject` then asks for the number's country code).
 */
function formPhoneCountry(): string | undefined {
  if (!env.FORM_CONFIG) return undefined;
  try {
    return parseFormConfig(JSON.parse(readFileSync(env.FORM_CONFIG, 'utf8'))).phone?.defaultCountry;
  } catch {
    return undefined;
  }
}

/** The form's calls (their zone and hosts), when FORM_CONFIG can be read. */
function formBooking(): { timeZone: string; hosts: string[] } | undefined {
  if (!env.FORM_CONFIG) return undefined;
  try {
    const config = parseFormConfig(JSON.parse(readFileSync(env.FORM_CONFIG, 'utf8')));
    return config.booking && { timeZone: config.booking.timeZone, hosts: hostsOf(config) };
  } catch {
    return undefined;
  }
}

/** Where the calendar services are, as the proxy reads them (`MICROSOFT_LOGIN_URL`, …). */
function calendarPlaces(): CalendarPlaces | undefined {
  const parsed = z.object(calendarEnvShape).safeParse(env);
  if (parsed.success) return parsed.data;
  console.error(
    parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('\n'),
  );
  return undefined;
}

/**
 * A password from standard input: its first line, piped in, or typed at a terminal without
 * being shown.
 */
function readPassword(): Promise<string> {
  const terminal = process.stdin.isTTY;
  if (terminal) process.stderr.write('Password (not shown): ');
  const silent = new Writable({
    write(_chunk, _encoding, done) {
      done();
    },
  });
  const lines = createInterface({ input: process.stdin, output: silent, terminal });
  return new Promise((resolve) => {
    let first: string | undefined;
    lines.once('line', (line) => {
      first = line;
      lines.close();
    });
    lines.once('close', () => {
      if (terminal) process.stderr.write('\n');
      resolve(first ?? '');
    });
  });
}

/** The outbox to work on, or undefined (said why) when there is none. */
async function openStore(): Promise<OutboxStore | undefined> {
  if (databaseUrl) return openPostgresOutbox(databaseUrl, { poolSize: 2 });
  if (existsSync(path)) return openSqliteOutbox(path);
  console.error(`There is no outbox at ${path}: set DATA_DIR to the proxy's data directory.`);
  return undefined;
}

/** `migrate`: PostgreSQL's migrations alone; a SQLite file is brought up to date by opening it. */
async function migrateOnly(): Promise<void> {
  if (!databaseUrl) {
    await openSqliteOutbox(path).close();
    console.log(`The outbox at ${path} is up to date.`);
    return;
  }
  const pool = createPool(databaseUrl, 1);
  try {
    const applied = await migrate(pool);
    console.log(
      applied.length === 0
        ? 'The PostgreSQL outbox is up to date.'
        : `Applied migration(s) ${applied.join(', ')} to the PostgreSQL outbox.`,
    );
  } finally {
    await pool.end();
  }
}

if (args.length === 0 || args[0] === 'help' || args[0] === '--help') {
  console.log(USAGE);
} else if (args[0] === 'migrate') {
  await migrateOnly();
} else {
  const store = await openStore();
  if (!store) process.exitCode = 1;
  else {
    try {
      process.exitCode = await runOutboxCommand(args, store, {
        out: (line) => {
          console.log(line);
        },
        err: (line) => {
          console.error(line);
        },
        now: Date.now,
        spoolDir: join(env.DATA_DIR || './data', 'incoming'),
        // `form export`'s text as it is: no newline of its own.
        write: (text) => {
          process.stdout.write(text);
        },
        phoneCountry: formPhoneCountry(),
        publicUrl: env.PUBLIC_URL || undefined,
        localConsole: `http://localhost:${env.PORT || '8080'}`,
        readPassword,
        // On PostgreSQL the key is CALENDAR_KEY's alone: never a file beside one instance.
        calendarKey: {
          key: fromEnvOrFile('CALENDAR_KEY'),
          dataDir: databaseUrl ? undefined : env.DATA_DIR || './data',
        },
        booking: formBooking(),
        calendarPlaces: calendarPlaces(),
      });
    } finally {
      await store.close();
    }
  }
}
