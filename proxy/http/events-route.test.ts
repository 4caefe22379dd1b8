/**
 * `POST /api/events` refuses what no form view could send, `GET /admin/funnel` answers behind
 * the admin token (JSON, CSV, small cells merged), and nothing personal reaches the tables.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { FunnelReport } from '../contract/funnel.ts';
import { harnessPerTest, ORIGIN } from '../test/fixtures/proxy-harness.ts';
import type { FunnelResponse } from '../funnel/funnel-report.ts';

const setUp = harnessPerTest();
const ADMIN_TOKEN = randomBytes(32).toString('base64url');
const DAY = '2027-03-27';

const report = (changes: Partial<FunnelReport> = {}): FunnelReport => ({
  outcome: 'started',
  caseType: 'conveyancing',
  campaign: 'spring-2027',
  variant: '',
  shown: ['transaction', 'property_value', 'completion_date', 'notes'],
  answered: ['transaction'],
  errors: {},
  reached: 'transaction',
  ...changes,
});

function post(
  proxy: ReturnType<typeof setUp>,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return proxy.app.request('/api/events', {
    method: 'POST',
    body: typeof body === 'string' ? body : JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8', ...headers },
  });
}

async function funnelOf(proxy: ReturnType<typeof setUp>, query = `from=${DAY}&to=${DAY}`) {
  const answer = await proxy.app.request(`/admin/funnel?${query}`, {
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
  });
  expect(answer.status).toBe(200);
  return (await answer.json()) as FunnelResponse;
}

describe('POST /api/events', () => {
  it('counts a report and refuses one with a typed value, an unknown question or a forged total', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    expect((await post(proxy, report())).status).toBe(204);
    const refused = [
      { ...report(), answered: { transaction: 'Buying' } },
      { ...report(), email: 'ada@example.com' },
      report({ campaign: 'ada@example.com' }),
      report({ campaign: '07700 900123' }),
      report({ shown: ['transaction', 'favourite_colour'] }),
      report({ answered: ['lender'] }),
      report({ shown: ['lender'], answered: [], reached: undefined }),
      report({ outcome: 'sent', answered: ['transaction'] }),
      report({ outcome: 'viewed' }),
      { ...report(), views: 5000 },
      { ...report(), shown: 5000 },
      report({ errors: { notes: 'my name is Ada' } }),
      report({ caseType: 'tax' }),
      report({ variant: 'B' }),
    ];
    for (const body of refused) {
      const answer = await post(proxy, body);
      expect(answer.status, JSON.stringify(body)).toBe(400);
    }
    expect((await post(proxy, 'x'.repeat(5000))).status).toBe(413);
    const funnel = await funnelOf(proxy);
    expect(funnel.rows).toHaveLength(1);
    expect(funnel.rows[0]).toMatchObject({ views: 1, starts: 1, sends: 0 });
  });

  it('answers a request saying Sec-GPC: 1 without counting it, and refuses other origins', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    expect((await post(proxy, report(), { 'sec-gpc': '1' })).status).toBe(204);
    expect((await post(proxy, report(), { origin: 'https://evil.example' })).status).toBe(403);
    expect((await funnelOf(proxy)).rows).toEqual([]);
  });

  it('is not there when the configuration turns the funnel off', async () => {
    const proxy = setUp({
      config: { ...(await import('../../demo/forms/index.ts')).lawFirm, analytics: false },
    });
    expect((await post(proxy, report())).status).toBe(404);
  });

  it('limits how many reports one address sends a minute', async () => {
    const proxy = setUp();
    const statuses: number[] = [];
    for (let i = 0; i < 61; i += 1) statuses.push((await post(proxy, report())).status);
    expect(statuses.filter((status) => status === 204)).toHaveLength(60);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('GET /admin/funnel', () => {
  it('needs the admin token, and answers CSV when asked', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    await post(proxy, report({ campaign: '=HYPERLINK("x")' }));
    expect((await proxy.app.request('/admin/funnel')).status).toBe(401);
    const csv = await proxy.app.request(`/admin/funnel?from=${DAY}&to=${DAY}`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'text/csv' },
    });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const lines = (await csv.text()).trim().split('\r\n');
    expect(lines[0]).toBe(
      'from,to,caseType,campaign,variant,views,starts,sends,delivered,question,shown,answered,left,errors,offered,booked,cancelled,attended,noShow,keptUnfinished,finishedLater',
    );
    expect(lines[1]).toBe(
      `${DAY},${DAY},conveyancing,"'=HYPERLINK(""x"")",,1,1,0,0,transaction,1,1,1,,0,0,0,0,0,0,0`,
    );
    expect(lines).toHaveLength(5);
    const bad = await proxy.app.request('/admin/funnel?from=2027-02-30', {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    expect(bad.status).toBe(400);
  });

  it('merges campaigns with fewer starts than the minimum into "other", and leaves out an "other" still too small', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 3 } });
    for (const campaign of ['big', 'big', 'big', 'small-a', 'small-b', 'tiny'])
      await post(proxy, report({ campaign }), { 'x-test-ip': `10.1.1.${campaign.length}` });
    const funnel = await funnelOf(proxy);
    expect(funnel.rows.map((row) => [row.campaign, row.views])).toEqual([
      ['big', 3],
      ['other', 3],
    ]);
    const one = await funnelOf(proxy, `from=${DAY}&to=${DAY}&campaign=tiny`);
    expect(one.rows).toEqual([]);
  });

  it('keeps a one-visitor campaign hidden however many page loads pad its views', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 10 } });
    // One real visitor of a campaign of their own, whose path the report must not show…
    const visitor = report({ campaign: 'one-visitor', errors: { property_value: 'required' } });
    expect((await post(proxy, visitor, { 'x-test-ip': '192.0.2.1' })).status).toBe(204);
    // …and nine loads of the page without JavaScript from other addresses, all counted as views.
    for (let n = 2; n <= 10; n += 1) {
      const page = await proxy.app.request('/form?case-type=conveyancing&campaign=one-visitor', {
        headers: { 'x-test-ip': `192.0.2.${String(n)}` },
      });
      expect(page.status).toBe(200);
    }
    const [cell] = await proxy.store.funnelCells({ from: DAY, to: DAY });
    expect(cell).toMatchObject({ campaign: 'one-visitor', views: 10, starts: 1 });
    expect((await funnelOf(proxy)).rows).toEqual([]);
  });

  it('counts a delivered enquiry in its campaign, and a view of the page without JavaScript', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    expect((await proxy.submit()).status).toBe(201);
    const page = await proxy.app.request('/form?case-type=conveyancing&utm_campaign=spring-2027');
    expect(page.status).toBe(200);
    const funnel = await funnelOf(proxy);
    expect(funnel.rows).toEqual([
      expect.objectContaining({
        caseType: 'conveyancing',
        campaign: 'spring-2027',
        views: 1,
        delivered: 1,
      }),
    ]);
  });
});

describe('the order of questions in GET /admin/funnel', () => {
  it('keeps each case type’s own order, for a question id two case types share', async () => {
    const proxy = setUp({ deps: { adminToken: ADMIN_TOKEN, funnelMinCount: 1 } });
    // "notes" ends both forms: the family form's questions come before its notes.
    const family = report({
      caseType: 'family',
      shown: ['matter', 'urgent', 'notes'],
      answered: ['matter', 'urgent', 'notes'],
      reached: 'notes',
    });
    expect((await post(proxy, family)).status).toBe(204);
    expect((await post(proxy, report())).status).toBe(204);
    const rows = (await funnelOf(proxy)).rows;
    const order = (caseType: string) =>
      rows.find((row) => row.caseType === caseType)?.questions.map((q) => q.id);
    expect(order('family')).toEqual(['matter', 'urgent', 'notes']);
    expect(order('conveyancing')).toEqual([
      'transaction',
      'property_value',
      'completion_date',
      'notes',
    ]);
  });
});

describe('the funnel tables', () => {
  it('hold nothing but days, ids, campaigns and counts: no address, user agent, typed value or report', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'funnel-scan-'));
    const store = openSqliteOutbox(join(dir, 'outbox.sqlite'));
    const proxy = setUp({ deps: { store, adminToken: ADMIN_TOKEN } });
    const headers = { 'x-test-ip': '198.51.100.77', 'user-agent': 'Mozilla/5.0 Secret' };
    await post(proxy, report({ errors: { property_value: 'required' } }), headers);
    await post(proxy, { ...report(), email: 'ada@example.com' }, headers);
    await proxy.app.request('/form?case-type=conveyancing&utm_campaign=spring-2027', { headers });
    await store.close();
    const db = new Database(join(dir, 'outbox.sqlite'), { readonly: true });
    const tables = db
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name LIKE 'funnel%'")
      .pluck()
      .all() as string[];
    expect(tables.sort()).toEqual([
      'funnel_counts',
      'funnel_errors',
      'funnel_expected',
      'funnel_questions',
    ]);
    const texts = new Set<unknown>();
    for (const table of tables)
      for (const row of db.prepare(`SELECT * FROM ${table}`).all() as Record<string, unknown>[])
        for (const value of Object.values(row)) if (typeof value !== 'number') texts.add(value);
    db.close();
    rmSync(dir, { recursive: true });
    expect([...texts].sort()).toEqual(
      [
        DAY,
        'conveyancing',
        'spring-2027',
        '',
        'transaction',
        'property_value',
        'completion_date',
        'notes',
        'required',
      ].sort(),
    );
  });
});
