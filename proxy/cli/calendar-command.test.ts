import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import {
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../test/fixtures/radicale-server.ts';
import { calendarKey, type CalendarKey } from '../booking/calendar-key.ts';
import { runOutboxCommand } from './outbox-command.ts';

const NOW = Date.UTC(2027, 2, 27, 12, 0, 0);
const PASSWORD = 'correct horse battery staple';
let store: OutboxStore;
let dataDir: string;
let out: string[];
let err: string[];

const run = (password: string | undefined, ...args: string[]) =>
  runOutboxCommand(args, store, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    now: () => NOW,
    publicUrl: 'https://forms.firm.example/',
    readPassword: () => Promise.resolve(password ?? ''),
    calendarKey: { dataDir },
    booking: { timeZone: 'Europe/London', hosts: ['ann@firm.example'] },
  });

beforeEach(() => {
  store = openSqliteOutbox(':memory:');
  dataDir = mkdtempSync(join(tmpdir(), 'calendar-cli-'));
  out = [];
  err = [];
});

describe.skipIf(radicaleMissing())('npm run outbox -- people calendar (Radicale)', () => {
  let radicale: RadicaleServer;
  beforeAll(async () => {
    radicale = await startRadicale();
  });
  afterAll(async () => {
    await radicale.destroy();
  });

  it('connects a calendar once a read proved it, its password sealed, never said back', async () => {
    const url = await radicale.calendar('ann');
    expect(
      await run(PASSWORD, 'people', 'calendar', 'Ann@Firm.example', url, '--username', 'ann'),
    ).toBe(0);
    expect(out[0]).toBe(
      `Connected ann@firm.example's calendar at ${url} (user ann): read just now. The running proxy reads it within a minute, with no restart: from then on no call is booked with ann@firm.example at a time it shows busy (where another host is free then, that time is still offered, with them), and each call booked with ann@firm.example is written into it.`,
    );
    const [connected] = await store.hostCalendars();
    expect(connected).toMatchObject({
      address: 'ann@firm.example',
      url,
      username: 'ann',
      connectedBy: 'cli',
    });
    expect(connected?.sealedPassword).not.toContain(PASSWORD);
    // The key lives beside the outbox, the proxy's user's alone, and opens it again.
    expect(statSync(join(dataDir, 'calendar.key')).mode & 0o777).toBe(0o600);
    const key = calendarKey({ dataDir }) as CalendarKey;
    expect(
      key.open(
        connected?.sealedPassword ?? '',
        connected ?? { address: '', url: '', username: '' },
      ),
    ).toBe(PASSWORD);
    expect(() =>
      key.open(connected?.sealedPassword ?? '', {
        address: 'bob@firm.example',
        url,
        username: 'ann',
      }),
    ).toThrow();
    out = [];
    expect(await run(undefined, 'people', 'calendar', 'ann@firm.example')).toBe(0);
    expect(out[0]).toContain(`${url} (user ann), connected 2027-03-27T12:00:00.000Z by cli.`);
    expect(out[1]).toMatch(/https:\/\/forms\.firm\.example\/calendar\/[\w-]{43}\.ics$/);
    const said = [...out, ...err].join('\n') + JSON.stringify(await store.listAudit({ limit: 10 }));
    expect(said).not.toContain(PASSWORD);
    expect(await run(undefined, 'people', 'calendar', 'ann@firm.example', '--remove')).toBe(0);
    expect(await store.hostCalendars()).toEqual([]);
  });

  it('keeps nothing when the address is no calendar, and says why', async () => {
    await radicale.calendar('bob');
    expect(
      await run(
        PASSWORD,
        'people',
        'calendar',
        'bob@firm.example',
        `${radicale.url}bob/`,
        '--username',
        'bob',
      ),
    ).toBe(1);
    expect(err[0]).toBe(
      'Not connected: this address is not a calendar (a folder or an account?): give the calendar’s own address.',
    );
    expect(
      await run(
        PASSWORD,
        'people',
        'calendar',
        'bob@firm.example',
        'calendar.example/bob',
        '--username',
        'bob',
      ),
    ).toBe(1);
    expect(err[1]).toBe(
      'Not connected: “calendar.example/bob” is not an address: give the calendar’s URL, starting https://.',
    );
    expect(await store.hostCalendars()).toEqual([]);
  });
});

describe('npm run outbox -- people calendar', () => {
  it('asks for the user name and the password, and refuses an address that is not one', async () => {
    expect(
      await run(PASSWORD, 'people', 'calendar', 'ann@firm.example', 'https://cal.example/ann/'),
    ).toBe(2);
    expect(err[0]).toContain('--username <name>');
    expect(
      await run(
        '',
        'people',
        'calendar',
        'ann@firm.example',
        'https://cal.example/ann/',
        '--username',
        'ann',
      ),
    ).toBe(2);
    expect(err[1]).toContain('standard input');
    expect(await run(PASSWORD, 'people', 'calendar', 'ann', 'https://cal.example/')).toBe(2);
    expect(err[2]).toBe('"ann" is not an email address.');
    expect(readFileSync(join(dataDir, 'calendar.key'), 'utf8').trim()).toHaveLength(44);
  });

  it('prints the feed’s full address: PUBLIC_URL’s, else the proxy’s on this machine', async () => {
    const feedOf = async (io: { publicUrl?: string; localConsole?: string }) => {
      out = [];
      const code = await runOutboxCommand(['people', 'calendar', 'ann@firm.example'], store, {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        now: () => NOW,
        ...io,
      });
      expect(code).toBe(0);
      return out;
    };
    expect((await feedOf({ publicUrl: 'https://forms.firm.example/' }))[1]).toMatch(
      /: https:\/\/forms\.firm\.example\/calendar\/[\w-]{43}\.ics$/,
    );
    const local = await feedOf({ localConsole: 'http://localhost:8090' });
    expect(local[1]).toMatch(/: http:\/\/localhost:8090\/calendar\/[\w-]{43}\.ics$/);
    expect(local[2]).toContain('set PUBLIC_URL');
    expect(local.join('\n')).not.toContain('<the proxy');
  });
});
