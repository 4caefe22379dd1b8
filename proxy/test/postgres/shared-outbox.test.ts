/**
 * Two proxies behind one load balancer, sharing a PostgreSQL outbox: what a visitor, a bot and
 * the firm notice whichever instance a request lands on.
 */
import { describe, expect, it } from 'vitest';
import { eventually } from '../platform/platform-session.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();

const pdf = (name: string) =>
  new File([Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(300_000, 7)])], name, {
    type: 'application/pdf',
  });

describe.skipIf(absent)('several proxies on one PostgreSQL outbox', () => {
  it('delivers what either instance took, each once, with its files', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    const first = await a?.submit({ enquiry: { forename: 'Ada' }, files: [pdf('plan.pdf')] });
    const second = await b?.submit({ enquiry: { forename: 'Grace' } });
    expect([first?.status, second?.status]).toEqual([201, 201]);
    const inbox = await group.inbox();
    expect(inbox.map((enquiry) => [enquiry.forename, enquiry.files.length])).toEqual([
      ['Ada', 1],
      ['Grace', 0],
    ]);
    // Either instance can look the other's submission up: one outbox.
    const status = await b?.get('/healthz');
    expect(status?.body.status).toBe('ok');
  });

  it('gives one enquiry for one Idempotency-Key sent to both instances at once', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const token = await a.token();
    const answers = await Promise.all([
      a.submit({ token, key: 'same-key-0001' }),
      b.submit({ token, key: 'same-key-0001' }),
    ]);
    // The second is the first's answer again, or told to wait for it: never a second enquiry.
    for (const answer of answers) expect([201, 202, 409]).toContain(answer.status);
    const references = new Set(
      answers.filter((answer) => answer.status !== 409).map((answer) => answer.body.reference),
    );
    expect(references.size).toBe(1);
    await eventually(group.inbox, (inbox) => inbox.length === 1);
    const again = await b.submit({ token, key: 'same-key-0001' });
    expect(again.body.reference).toBe([...references][0]);
    expect(await group.inbox()).toHaveLength(1);
  });

  it('counts a client’s allowance across instances', async () => {
    const group = await sharedGroup(2, { env: { RATE_LIMIT_PER_MINUTE: '3' } });
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const tokens = await Promise.all([a.token(), a.token(), b.token(), b.token()]);
    const statuses = [];
    for (const [i, token] of tokens.entries())
      statuses.push((await (i % 2 === 0 ? a : b).submit({ token })).status);
    expect(statuses).toEqual([201, 201, 201, 429]);
    const refused = await a.submit({ token: await a.token() });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('refuses on one instance a form token spent on the other', async () => {
    const group = await sharedGroup(2);
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const token = await a.token();
    expect((await a.submit({ token })).status).toBe(201);
    const replayed = await b.submit({ token, enquiry: { forename: 'Mallory' } });
    expect(replayed.status).toBe(400);
    expect(JSON.stringify(replayed.body)).toContain('already_used');
    expect(await group.inbox()).toHaveLength(1);
  });

  it('delivers, from the instance left, what a stopped one took while the platform was down', async () => {
    const group = await sharedGroup(2, {
      env: { DELIVERY_DEADLINE_MS: '300' },
      faults: { failRate: 1, failStatus: 503 },
    });
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const queued = await a.submit({ files: [pdf('deeds.pdf')] });
    expect(queued.status).toBe(202);
    await a.close();
    group.faults({ failRate: 0 });
    const inbox = await eventually(
      group.inbox,
      (enquiries) => enquiries[0]?.files.length === 1,
      10_000,
    );
    expect(inbox.map((enquiry) => enquiry.files.map((file) => file.name))).toEqual([['deeds.pdf']]);
    // Recorded (and logged) by the instance left, a moment after the platform has the file.
    await eventually(
      async () => b.logs.lines().filter((line) => line.msg === 'enquiry delivered'),
      (lines) => lines.length === 1,
    );
  });
});
