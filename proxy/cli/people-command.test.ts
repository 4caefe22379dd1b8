import { beforeEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { invitationHash } from '../operator/invitations.ts';
import { runOutboxCommand } from './outbox-command.ts';

const NOW = Date.UTC(2027, 2, 27, 12, 0, 0);
let store: OutboxStore;
let out: string[];
let err: string[];

const run = (...args: string[]) =>
  runOutboxCommand(args, store, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    now: () => NOW,
    publicUrl: 'https://forms.firm.example/',
  });

beforeEach(() => {
  store = openSqliteOutbox(':memory:');
  out = [];
  err = [];
});

describe('npm run outbox -- people', () => {
  it('invites a person, printing a link that works once, for a week, and keeps only its hash', async () => {
    expect(await run('people', 'invite', 'Ann@Firm.example', '--role', 'staff')).toBe(0);
    const link = out.find((line) => line.startsWith('https://'));
    expect(link).toMatch(/^https:\/\/forms\.firm\.example\/admin\/invitation\/[\w-]{43}$/);
    const token = link?.split('/').at(-1) ?? '';
    expect(await store.findInvitation(token, NOW)).toBeUndefined();
    expect(await store.findInvitation(invitationHash(token), NOW + 6 * 86_400_000)).toMatchObject({
      email: 'ann@firm.example',
      role: 'staff',
    });
    expect(await store.findInvitation(invitationHash(token), NOW + 7 * 86_400_000)).toBeUndefined();
    expect((await store.listAudit({ limit: 1 }))[0]).toMatchObject({
      client: 'cli',
      action: 'invite',
      detail: 'ann@firm.example as staff',
    });
  });

  it('without PUBLIC_URL, names the proxy on this machine as localhost, where passkeys work', async () => {
    const code = await runOutboxCommand(
      ['people', 'invite', 'ann@firm.example', '--role', 'staff'],
      store,
      {
        out: (l) => out.push(l),
        err: (l) => err.push(l),
        now: () => NOW,
        localConsole: 'http://localhost:8080',
      },
    );
    expect(code).toBe(0);
    expect(out[1]).toMatch(/^http:\/\/localhost:8080\/admin\/invitation\/[\w-]{43}$/);
    expect(out[2]).toContain('a link at 127.0.0.1 would not work');
  });

  it('lists people, changes a role and removes a person', async () => {
    await run('people', 'invite', 'ann@firm.example', '--role', 'staff');
    out = [];
    expect(await run('people', 'list')).toBe(0);
    expect(out[0]).toMatch(/^ann@firm\.example\s+staff\s+invited until 2027-04-03/);
    expect(await run('people', 'role', 'ann@firm.example', 'operator')).toBe(0);
    expect((await store.listPeople(NOW))[0]?.role).toBe('operator');
    expect(await run('people', 'role', 'ann@firm.example', 'editor')).toBe(0);
    expect((await store.listPeople(NOW))[0]?.role).toBe('editor');
    expect(await run('people', 'remove', 'ann@firm.example')).toBe(0);
    expect(await store.listPeople(NOW)).toEqual([]);
    expect(await run('people', 'remove', 'ann@firm.example')).toBe(1);
    expect(err).toEqual(['Nobody has the address ann@firm.example.']);
  });

  it('refuses a role that is not one, and an address that is not one', async () => {
    expect(await run('people', 'invite', 'ann@firm.example', '--role', 'admin')).toBe(2);
    expect(await run('people', 'invite', 'ann@firm.example')).toBe(2);
    expect(await run('people', 'invite', 'ann', '--role', 'staff')).toBe(2);
    expect(await run('people', 'role', 'ann@firm.example', 'boss')).toBe(2);
    expect(err).toEqual([
      'Name a role: marketer, editor, staff, operator.',
      'Name a role: marketer, editor, staff, operator.',
      '"ann" is not an email address.',
      'Name a role: marketer, editor, staff, operator.',
    ]);
    expect(await store.listPeople(NOW)).toEqual([]);
  });
});
