/**
 * PostgreSQL going away under a running proxy: visitors are told to try again (503 with
 * Retry-After, never a 500, never a false 201), readiness fails, and everything resumes when
 * the database returns, the enquiry that waited in the outbox included.
 */
import { describe, expect, it } from 'vitest';
import { adminStatus } from '../fixtures/proxy-env.ts';
import { eventually } from '../platform/platform-session.ts';
import { absent, postgres, sharedGroup, usePostgres, type Answer } from './shared-session.ts';

usePostgres();

describe.skipIf(absent)('when the PostgreSQL outbox goes away', () => {
  it('refuses new enquiries with 503 and Retry-After, fails /readyz, and takes them again once it is back', async () => {
    const group = await sharedGroup(1);
    const [proxy] = group.instances;
    if (!proxy) throw new Error('one instance');
    expect((await proxy.submit()).status).toBe(201);

    await postgres().stop();
    const token = await proxy.token();
    const refused = await proxy.submit({ token, enquiry: { forename: 'Refused' } });
    expect(refused.status).toBe(503);
    expect(refused.body.error).toBe('storage_unavailable');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const ready = await proxy.get('/readyz');
    expect(ready.status).toBe(503);
    expect(String(ready.body.problem)).toMatch(/outbox/);
    expect(await group.inbox()).toHaveLength(1);
    expect(proxy.logs.lines().filter((line) => line.msg === 'unhandled error')).toEqual([]);

    await postgres().start();
    // The pool reconnects on its own; the same visitor's retry (same token) now goes through.
    const retried = await eventually(
      () => proxy.submit({ token, enquiry: { forename: 'Refused' } }),
      (answer) => answer.status !== 503,
      10_000,
    );
    expect(retried.status).toBe(201);
    expect((await proxy.get('/readyz')).status).toBe(200);
    expect((await group.inbox()).map((enquiry) => enquiry.forename)).toEqual(['Ada', 'Refused']);
  });

  it('answers /healthz failing in its usual shape, and logs the outage once when it starts and once when it ends', async () => {
    const group = await sharedGroup(1);
    const [proxy] = group.instances;
    if (!proxy) throw new Error('one instance');
    expect((await proxy.submit()).status).toBe(201);
    const before = proxy.logs.lines().length;

    await postgres().stop();
    // A monitor polling, for a few seconds, while every background loop meets the outage too.
    const answers: Answer[] = [];
    for (let poll = 0; poll < 15; poll += 1) {
      answers.push(await proxy.get('/healthz'));
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(answers.map((answer) => [answer.status, answer.body])).toEqual(
      answers.map(() => [503, { status: 'failing' }]),
    );
    await postgres().start();
    await eventually(
      () => proxy.get('/healthz'),
      (answer) => answer.status === 200,
      15_000,
    );

    const during = proxy.logs.lines().slice(before);
    const said = (text: string) => during.filter((line) => String(line.msg).includes(text));
    expect(said('the outbox database is unavailable')).toHaveLength(1);
    // The first query to fail may meet the server refusing connections or still shutting down.
    expect(said('the outbox database is unavailable')[0]?.reason).toMatch(
      /ECONNREFUSED|connect|shutting down|terminat/i,
    );
    expect(said('the outbox database is back')).toHaveLength(1);
    expect(during.filter((line) => JSON.stringify(line).includes('"stack"'))).toEqual([]);
  });

  it('delivers, once the database is back, an enquiry that was waiting for the platform', async () => {
    const group = await sharedGroup(1, {
      env: { DELIVERY_DEADLINE_MS: '200' },
      faults: { failRate: 1, failStatus: 503 },
    });
    const [proxy] = group.instances;
    if (!proxy) throw new Error('one instance');
    expect((await proxy.submit()).status).toBe(202);
    await postgres().stop();
    group.faults({ failRate: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await group.inbox()).toHaveLength(0);
    await postgres().start();
    await eventually(group.inbox, (inbox) => inbox.length === 1, 15_000);
    const faults = proxy.logs.lines().filter((line) => line.msg === 'unhandled error');
    expect(faults).toEqual([]);
  });

  it('records a create answered while the database was away, and never creates it again', async () => {
    const group = await sharedGroup(1, {
      env: { DELIVERY_DEADLINE_MS: '100', UPSTREAM_TIMEOUT_MS: '6000', CONVERT_TIMEOUT_MS: '1000' },
    });
    const [proxy] = group.instances;
    if (!proxy) throw new Error('one instance');
    // The create takes 3 s: the database goes away while it is in flight.
    group.faults({ latencyMs: 3000 });
    expect((await proxy.submit()).status).toBe(202);
    await postgres().stop();
    // Longer than the create, and than the few seconds a store write used to be retried.
    await new Promise((resolve) => setTimeout(resolve, 6000));
    expect(await group.inbox()).toHaveLength(1); // created upstream; not recorded yet
    group.faults({ latencyMs: 0 });
    await postgres().start();
    // Recorded as soon as the database is back (not after the lease ran out), and then the
    // files go: delivered, with the one enquiry the platform answered.
    const status = await eventually(
      () => adminStatus<{ outbox?: { delivered: number } }>(proxy.proxy.url),
      (answer) => answer.outbox?.delivered === 1,
      10_000,
    );
    expect(status.outbox).toMatchObject({ delivered: 1, queued: 0, possibleDuplicates: 0 });
    expect(await group.inbox()).toHaveLength(1);
  }, 60_000);
});
