import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import type { UnfinishedKeep } from '../outbox/unfinished.ts';
import { runOutboxCommand } from './outbox-command.ts';
import { UNFINISHED_PAGE } from './unfinished-command.ts';

const NOW = Date.UTC(2027, 2, 27, 12, 0, 0);
const DAY = 86_400_000;
let store: OutboxStore;
let out: string[];
let err: string[];

const run = (...args: string[]) =>
  runOutboxCommand(args, store, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    now: () => NOW,
  });

/** Record `n`'s keep `at`, Ada's typing in Welsh. */
const keep = (n: number, at: number): UnfinishedKeep => ({
  id: n.toString(16).padStart(32, '0'),
  secretHash: `secret-${String(n)}`,
  seq: 1,
  now: at,
  expiresAt: at + 7 * DAY,
  formSession: `session-${String(n)}`,
  formVersion: 1,
  lang: 'cy',
  fields: {
    forename: 'Ada',
    surname: `Lovelace ${String(n)}`,
    email: 'ada@example.com',
    telephone_mobile: '',
    case_type: 'conveyancing',
    answers: { transaction: 'Buying', notes: 'Fflat yn Islington' },
  },
  marketing: { lead_referer: 'google-ads', campaign: 'spring-2027', keywords: '', detail: '' },
  email: 'ada@example.com',
  phoneKey: '',
  statement: 'Cadw’r hyn rwyf wedi’i deipio…',
  reminder: null,
  page: 'https://www.example.com/contact',
});

beforeEach(() => {
  store = openSqliteOutbox(':memory:');
  out = [];
  err = [];
});
afterEach(async () => {
  await store.close();
});

describe('npm run outbox -- unfinished', () => {
  it('lists every kept record as JSON, newest change first, past a page, with its consent', async () => {
    const many = UNFINISHED_PAGE + 2;
    for (let n = 1; n <= many; n += 1) await store.keepUnfinished(keep(n, NOW - n * 60_000));
    expect(await run('unfinished', 'list', '--json')).toBe(0);
    const listed = JSON.parse(out.join('\n')) as Record<string, unknown>[];
    expect(listed).toHaveLength(many);
    expect(listed[0]).toEqual({
      id: '1'.padStart(32, '0'),
      name: 'Ada Lovelace 1',
      email: 'ada@example.com',
      telephone: '',
      caseType: 'conveyancing',
      campaign: 'spring-2027',
      lang: 'cy',
      answers: { transaction: 'Buying', notes: 'Fflat yn Islington' },
      consent: { statement: 'Cadw’r hyn rwyf wedi’i deipio…', at: '2027-03-27T11:59:00Z' },
      reminder: null,
      createdAt: '2027-03-27T11:59:00Z',
      updatedAt: '2027-03-27T11:59:00Z',
      expiresAt: '2027-04-03T11:59:00Z',
    });
    expect(listed.at(-1)?.name).toBe(`Ada Lovelace ${String(many)}`);
  });

  it('says so when none is kept, and erases one for the firm, in the audit log', async () => {
    expect(await run('unfinished', 'list')).toBe(0);
    expect(out).toEqual(['No unfinished enquiries are kept.']);
    await store.keepUnfinished(keep(1, NOW - 60_000));
    out = [];
    await run('unfinished', 'list');
    expect(out).toEqual([
      `2027-03-27T11:59:00Z  ${'1'.padStart(32, '0')}  Ada Lovelace 1, ada@example.com  conveyancing  expires 2027-04-03T11:59:00Z`,
    ]);
    expect(await run('unfinished', 'erase', '1'.padStart(32, '0'))).toBe(0);
    expect(await run('unfinished', 'erase', '1'.padStart(32, '0'))).toBe(1);
    expect(err).toEqual([`No unfinished enquiry ${'1'.padStart(32, '0')} is kept.`]);
    out = [];
    await run('unfinished', 'list', '--json');
    expect(out).toEqual(['[]']);
    const [audit] = await store.listAudit({ limit: 1 });
    expect(audit).toMatchObject({ action: 'erase unfinished', client: 'cli' });
    expect(await run('unfinished', 'show')).toBe(2);
  });
});
