/**
 * A call's webhooks (issue 88, item 4): once staff mark whether a lead's call took place, each
 * endpoint that asks for `call.attended` or `call.no_show` gets it, signed like every message,
 * with the call as marked beside the enquiry; once per event and lead, however often the mark
 * is changed; an endpoint that asks for neither gets nothing of it.
 */
import { describe, expect, it } from 'vitest';
import { asking, call } from '../test/fixtures/asked-calls.ts';
import { round, webhooksHarness } from '../test/fixtures/webhooks-harness.ts';

const { receiver, webhooksOn, openStore } = webhooksHarness();
const HOUR = 3_600_000;

describe('a call’s webhooks', () => {
  it('tells the endpoints that ask that a call was missed, then that it took place, once each', async () => {
    const store = openStore();
    const calls = await receiver();
    const enquiries = await receiver();
    const { webhooks } = webhooksOn(store, {
      endpoints: [
        { ...calls.endpoint, events: ['call.attended', 'call.no_show'] },
        { ...enquiries.endpoint, events: ['enquiry.failed'] },
      ],
    });
    await round(webhooks); // the endpoints are first seen now: they are owed what comes after
    const start = Date.now() - 2 * HOUR;
    const booking = call('one@test', start, { hosts: ['ann@firm.example'] });
    expect((await store.accept(asking('EQ-1', booking))).kind).toBe('stored');
    await round(webhooks);
    expect(calls.messages()).toEqual([]);

    const mark = (outcome: 'attended' | 'no_show') =>
      store.markCall('one@test', { outcome, by: 'sam@firm.example', at: Date.now() });
    await mark('no_show');
    await round(webhooks);
    await mark('attended');
    await round(webhooks);
    await mark('no_show');
    await round(webhooks);

    expect(calls.refused).toEqual([]);
    expect(calls.messages().map((m) => m.payload.type)).toEqual(['call.no_show', 'call.attended']);
    const [missed] = calls.messages();
    expect(missed?.payload.data).toMatchObject({
      reference: 'EQ-1',
      enquiry: { email: 'ada@example.com' },
      call: {
        start: new Date(start).toISOString(),
        end: new Date(start + HOUR / 2).toISOString(),
        timeZone: 'Europe/London',
        host: 'ann@firm.example',
        outcome: 'no_show',
        markedBy: 'sam@firm.example',
      },
    });
    expect(enquiries.messages()).toEqual([]);
  });
});
