/**
 * The key hosts' calendar passwords are sealed with (AES-256-GCM), so the outbox never holds one
 * in the clear: a copy of the database (a backup, a dump) opens none without the key. Where it
 * lives (`docs/booking.md`, "Calendars"; `docs/production.md`):
 *
 * - `CALENDAR_KEY` (at least 32 characters, e.g. `openssl rand -base64 32`), the same on every
 *   instance: required to connect a calendar on PostgreSQL, where several proxies share the
 *   database and the key must not live in it.
 * - Without it, on SQLite, a key file beside the outbox (`DATA_DIR/calendar.key`, readable by the
 *   proxy's user only), made the first time a calendar is connected: a copy of the database file
 *   alone opens nothing.
 *
 * The firm's own connections' secrets (a Microsoft app's client secret, a Google service
 * account's key) are sealed with the same key. A sealed secret names what it is for (the host,
 * the address, the user name; the connection's kind and settings): moved onto another row, it
 * does not open.
 */
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { CalendarFault } from './caldav/calendar-fault.ts';

/** What a sealed password is for. */
export interface SealedFor {
  address: string;
  url: string;
  username: string;
}

/** Seals and opens hosts' calendar passwords. */
export interface CalendarKey {
  seal(password: string, about: SealedFor): string;
  /** The password; throws when the key or what it is for is not the one it was sealed with. */
  open(sealed: string, about: SealedFor): string;
}

/** The key, or why there is none. */
export type FoundKey = CalendarKey | { missing: string };

/**
 * `key`, or the refusal to open anything without one (the calendar is then a fault to tell the
 * firm, not a crash).
 */
export function usableKey(key: FoundKey): CalendarKey {
  if ('missing' in key)
    throw new CalendarFault('refused', `${key.missing}: the calendar’s secret cannot be opened`);
  return key;
}

/**
 * What the firm's connection of `kind` with `settings` is sealed for: moved onto another kind, or
 * its settings changed (another tenant, another app), its secret does not open.
 */
export const connectionSealedFor = (
  kind: string,
  settings: Readonly<Record<string, string>>,
): SealedFor => ({ address: `${kind} connection`, url: JSON.stringify(settings), username: '' });

/** The key file's name in `DATA_DIR`. */
const KEY_FILE = 'calendar.key';

const aad = (about: SealedFor) =>
  Buffer.from(JSON.stringify([about.address.toLowerCase(), about.url, about.username]));

/** The key of `secret` (any text of 32 characters or more), derived once. */
function keyOf(secret: string): CalendarKey {
  const key = Buffer.from(hkdfSync('sha256', secret, '', 'enquiry-form calendar passwords', 32));
  return {
    seal(password, about) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(aad(about));
      const sealed = Buffer.concat([cipher.update(password, 'utf8'), cipher.final()]);
      return ['v1', iv, cipher.getAuthTag(), sealed]
        .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
        .join('.');
    },
    open(sealed, about) {
      const [version, iv = '', tag = '', body = ''] = sealed.split('.');
      if (version !== 'v1') throw new Error('this password was sealed by a newer proxy');
      const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
        .setAAD(aad(about))
        .setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([
        decipher.update(Buffer.from(body, 'base64url')),
        decipher.final(),
      ]).toString('utf8');
    },
  };
}

/** Where the key comes from: the environment's, else (SQLite alone) the data directory's file. */
export interface KeySource {
  /** `CALENDAR_KEY`. */
  key?: string | undefined;
  /** `DATA_DIR`, for an outbox that is one process's (SQLite); absent on PostgreSQL. */
  dataDir?: string | undefined;
}

/**
 * The calendar key, or why there is none: `make` writes the data directory's key file when
 * there is none yet (connecting a calendar does; reading one never makes a key).
 *
 * @example calendarKey({ dataDir: './data' }, true) // a key, from ./data/calendar.key
 */
export function calendarKey(source: KeySource, make = false): FoundKey {
  if (source.key) return keyOf(source.key);
  if (!source.dataDir)
    return {
      missing:
        'CALENDAR_KEY is not set: with DATABASE_URL, give every proxy the same key (openssl rand -base64 32)',
    };
  const path = join(source.dataDir, KEY_FILE);
  try {
    return keyOf(readFileSync(path, 'utf8').trim());
  } catch (error) {
    if ((error as { code?: string }).code !== 'ENOENT') throw error;
    if (!make)
      return { missing: `no calendar has been connected here yet (${path} does not exist)` };
  }
  try {
    // `wx`: two processes making it at once keep the first one's; the other reads it.
    writeFileSync(path, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    if ((error as { code?: string }).code !== 'EEXIST') throw error;
  }
  return keyOf(readFileSync(path, 'utf8').trim());
}

/**
 * The key as the running proxy finds it: looked for again at each use until it is there, since
 * the first calendar connected while the proxy runs makes the data directory's key file
 * (`people calendar`, another process); kept once found.
 *
 * @example const key = keyWhenMade({ dataDir }); key() // { missing } until a calendar is connected
 */
export function keyWhenMade(source: KeySource): () => FoundKey {
  let found: CalendarKey | undefined;
  return () => {
    if (found) return found;
    const key = calendarKey(source);
    if (!('missing' in key)) found = key;
    return key;
  };
}
