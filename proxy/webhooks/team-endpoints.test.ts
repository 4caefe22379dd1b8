import { describe, expect, it } from 'vitest';
import type { NewRouting } from '../outbox/lead-routing.ts';
import { leaseOf, sampleAftercare, sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { ROUTING } from '../test/fixtures/routing-config.ts';
import { storedKeep } from '../test/fixtures/unfinished.ts';
import { round, webhooksHarness } from '../test/fixtures/webhooks-harness.ts';
import { teamsNaming } from './producer.ts';

const { receiver, webhooksOn, openStore } = webhooksHarness();

/** A lead routed to `team`, from Ada's mailbox: each repeats the one before it. */
const lead = (reference: string, team: string): Parameters<typeof stored>[1] => {
  const at = Date.now();
  const routing: NewRouting = {
    team,
    label: team,
    reason: 'rule 1',
    match: { since: 0, mailbox: 'm-ada' },
  };
  return sampleSubmission({
    reference,
    receivedAt: at,
    files: [],
    aftercare: { ...sampleAftercare(reference, at), mailboxKey: 'm-ada', routing },
  });
};

describe('webhooks of routed leads', () => {
  it('send a team’s own endpoint its leads only, each carrying routed_to and repeat_of', async () => {
    const store = openStore();
    const mine = await receiver();
    const everyone = await receiver();
    const routing = {
      ...ROUTING,
      teams: {
        ...ROUTING.teams,
        property: { ...ROUTING.teams.property, webhook: mine.endpoint.url },
      },
    };
    const { webhooks } = webhooksOn(store, {
      endpoints: [mine.endpoint, everyone.endpoint],
      teamsOf: teamsNaming(routing as never),
    });
    await round(webhooks); // both endpoints are first seen now
    const first = await stored(store, lead('EQ-P-1', 'property'));
    await stored(store, lead('EQ-F-1', 'private-client'));
    const again = await stored(store, lead('EQ-P-2', 'property'));
    await round(webhooks);
    // Delivery tells the webhooks of each lead it takes (the files' bytes go with it).
    await webhooks.beforeAttempt(again);
    await store.finish(await leaseOf(store, first.id, Date.now()), {
      kind: 'delivered',
      at: Date.now(),
    });
    await round(webhooks);

    const about = (hook: typeof mine) =>
      hook.messages().map((m) => `${m.payload.type} ${String(m.payload.data.reference)}`);
    expect(about(mine).sort()).toEqual([
      'enquiry.delivered EQ-P-1',
      'enquiry.received EQ-P-1',
      'enquiry.received EQ-P-2',
    ]);
    expect(about(everyone)).toHaveLength(4);
    const repeat = mine.messages().find((m) => m.payload.data.reference === 'EQ-P-2');
    expect(repeat?.payload.data).toMatchObject({ routedTo: 'property', repeatOf: 'EQ-F-1' });
    expect((repeat?.payload.data.enquiry as { meta: unknown[] }).meta).toEqual(
      expect.arrayContaining([
        { id: 'routed_to', label: 'Routed to', value: 'property' },
        { id: 'repeat_of', label: 'Repeat of', value: 'EQ-F-1' },
      ]),
    );
  });

  it('send a team’s own endpoint no unfinished enquiry: one is routed only when it is sent', async () => {
    const store = openStore();
    const mine = await receiver();
    const everyone = await receiver();
    const events = ['enquiry.unfinished', 'enquiry.finished'] as const;
    const routing = {
      teams: { property: { ...ROUTING.teams.property, webhook: mine.endpoint.url } },
    };
    const { webhooks } = webhooksOn(store, {
      endpoints: [
        { ...mine.endpoint, events: [...events] },
        { ...everyone.endpoint, events: [...events] },
      ],
      teamsOf: teamsNaming(routing as never),
    });
    await round(webhooks); // both endpoints are first seen now
    await store.keepUnfinished(storedKeep(1, Date.now()));
    await round(webhooks);
    expect(mine.arrivals).toEqual([]);
    expect(everyone.messages().map((m) => m.payload.type)).toEqual(['enquiry.unfinished']);
  });
});
