/**
 * The store contract, routing (`machine/routing.ts`, docs/routing.md): a lead's team kept in its
 * transaction with the person whose turn it was and the notice to them, queued once; turns taken
 * in the team's order past anyone marked away; a repeat linked to the most recent earlier lead
 * sharing a key within the window, never to spam, and unlinked when that lead is erased; a
 * team's counts read by its indexes. On every store (`store-contract.ts` says how).
 */
import { describe, expect, it } from 'vitest';
import type { NewRouting } from '../outbox/lead-routing.ts';
import type { OutboxStore } from '../outbox/store.ts';
import type { NewSubmission } from '../outbox/submission.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { leaseOf, sampleAftercare, sampleSubmission, stored } from './fixtures/outbox.ts';

const PEOPLE = ['ann@firm.example', 'bob@firm.example', 'cy@firm.example'];
const DAY = 86_400_000;

/**
 * A lead `reference` received at `at`, stored as intake stores one: with the mailbox key and the
 * number it is matched by (`mailbox`, `telephone`), and unrouted (the form did not route yet).
 */
function unrouted(
  reference: string,
  at: number,
  keys: { mailbox?: string | undefined; telephone?: string | undefined } = {},
): NewSubmission {
  const { upstream } = sampleSubmission();
  return sampleSubmission({
    reference,
    receivedAt: at,
    files: [],
    upstream: { ...upstream, telephone_mobile: keys.telephone ?? '' },
    aftercare: {
      ...sampleAftercare(reference, at),
      ...(keys.mailbox === undefined ? {} : { mailboxKey: keys.mailbox }),
    },
  });
}

/** A lead `reference` received at `at`, routed as `routing` says (to `property` by rule 2). */
function routed(reference: string, at: number, routing: Partial<NewRouting> = {}): NewSubmission {
  const lead = unrouted(reference, at, routing.match);
  return {
    ...lead,
    aftercare: {
      ...(lead.aftercare ?? sampleAftercare(reference, at)),
      routing: {
        team: 'property',
        label: 'Property',
        reason: 'rule 2: the case type is “Property”',
        ...routing,
      },
    },
  };
}

/** The notice to the team, as intake writes it (the outbox adds whom it goes to). */
const notice = (reference: string, at: number): NonNullable<NewRouting['notice']> => ({
  notification: {
    key: `notice:${reference}`,
    channel: 'email',
    kind: 'notice',
    reference,
    payload: { event: 'notice', reference },
    at,
  },
  people: PEOPLE,
});

/** Who each of `references`' leads was given to, in order. */
async function givenTo(store: OutboxStore, ...references: string[]) {
  const leads = await Promise.all(references.map((reference) => store.get(reference)));
  return leads.map((lead) => lead?.routing?.assignedTo);
}

/** Runs the routing contract against one implementation. */
export function describeRoutingStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, routing`, () => {
    const fresh = freshStores(factory);

    it('keeps a lead’s team and why, and queues its notice once, to the person whose turn it is', async () => {
      const store = await fresh();
      const lead = await stored(
        store,
        routed('EQ-1', 1_000, { roundRobin: PEOPLE, notice: notice('EQ-1', 1_000) }),
      );
      expect(lead.routing).toEqual({
        team: 'property',
        label: 'Property',
        reason: 'rule 2: the case type is “Property”',
        assignedTo: 'ann@firm.example',
        repeatOf: null,
      });
      const notices = await store.notificationsFor('EQ-1');
      expect(notices).toHaveLength(1);
      expect(notices[0]).toMatchObject({
        channel: 'email',
        kind: 'notice',
        payload: { to: ['ann@firm.example'], assignedTo: 'ann@firm.example', repeatOf: null },
      });
      // The same key again (a retried accept of a twin) queues nothing more.
      expect(await store.queueNotifications([notice('EQ-1', 1_000).notification])).toBe(0);
    });

    it('takes turns in the team’s order, passes over whoever is away, and gives them their turn once back', async () => {
      const store = await fresh();
      const lead = (n: number) =>
        stored(store, routed(`EQ-${String(n)}`, n, { roundRobin: PEOPLE }));
      for (const n of [1, 2, 3, 4]) await lead(n);
      expect(await givenTo(store, 'EQ-1', 'EQ-2', 'EQ-3', 'EQ-4')).toEqual([
        'ann@firm.example',
        'bob@firm.example',
        'cy@firm.example',
        'ann@firm.example',
      ]);
      expect(await store.markAway('Bob@Firm.example', 5, 'pat@firm.example')).toBe(true);
      expect(await store.markAway('bob@firm.example', 6, 'pat@firm.example')).toBe(false);
      expect(await store.peopleAway()).toEqual([
        { address: 'bob@firm.example', since: 5, markedBy: 'pat@firm.example' },
      ]);
      for (const n of [5, 6, 7]) await lead(n);
      expect(await givenTo(store, 'EQ-5', 'EQ-6', 'EQ-7')).toEqual([
        'cy@firm.example',
        'ann@firm.example',
        'cy@firm.example',
      ]);
      expect(await store.markBack('bob@firm.example')).toBe(true);
      await lead(8);
      expect(await givenTo(store, 'EQ-8')).toEqual(['ann@firm.example']);
      expect(await store.lastTurns()).toEqual(new Map([['property', 'ann@firm.example']]));
    });

    it('tells the whole team when everyone in it is away, and gives the lead to nobody', async () => {
      const store = await fresh();
      for (const person of PEOPLE) await store.markAway(person, 1, 'pat@firm.example');
      await stored(store, routed('EQ-1', 10, { roundRobin: PEOPLE, notice: notice('EQ-1', 10) }));
      expect(await givenTo(store, 'EQ-1')).toEqual([null]);
      expect((await store.notificationsFor('EQ-1'))[0]?.payload).toMatchObject({ to: PEOPLE });
    });

    it('links a repeat to the most recent earlier lead sharing a key within the window, never to spam', async () => {
      const store = await fresh();
      const since = 10 * DAY;
      const keys = (mailbox?: string, telephone?: string) => ({
        match: { since, mailbox, telephone },
      });
      await stored(store, routed('EQ-OLD', since - 1, keys('m-ada')));
      await stored(store, routed('EQ-MAIL', since + 1, keys('m-ada')));
      await stored(store, routed('EQ-PHONE', since + 2, keys('m-other', '+44 7700 900123')));
      // A caught bot's lead with her address: never the lead a person's enquiry repeats.
      const bot = routed('EQ-BOT', since + 3, {
        match: { since: Number.MAX_SAFE_INTEGER, mailbox: 'm-ada', telephone: '07700 900123' },
      });
      await stored(store, { ...bot, state: 'spam' });
      const repeat = await stored(
        store,
        routed('EQ-NEW', since + 4, keys('m-ada', '07700 900123')),
      );
      expect(repeat.routing?.repeatOf).toBe('EQ-PHONE');
      // Only the first lead within the window repeats nothing; the one before it is out of it.
      expect((await store.get('EQ-MAIL'))?.routing?.repeatOf).toBeNull();
      const stranger = await stored(
        store,
        routed('EQ-ELSE', since + 5, keys('m-grace', 'p-grace')),
      );
      expect(stranger.routing?.repeatOf).toBeNull();
      expect(await store.repeatsOf('EQ-PHONE')).toEqual(['EQ-NEW']);
      expect((await store.counts()).repeats).toBe(1);
    });

    it('links a repeat by its mailbox to a lead stored before the form routed leads', async () => {
      const store = await fresh();
      await stored(store, unrouted('EQ-BEFORE', 1_000, { mailbox: 'm-ada', telephone: '' }));
      await stored(store, unrouted('EQ-NO-ADDRESS', 1_500));
      const repeat = await stored(
        store,
        routed('EQ-AFTER', 2_000, { match: { since: 0, mailbox: 'm-ada' } }),
      );
      expect(repeat.routing?.repeatOf).toBe('EQ-BEFORE');
      expect(await store.repeatsOf('EQ-BEFORE')).toEqual(['EQ-AFTER']);
    });

    it('unlinks a repeat when the lead it repeats is erased', async () => {
      const store = await fresh();
      const keys = { match: { since: 0, mailbox: 'm-ada' } };
      await stored(store, routed('EQ-FIRST', 1_000, keys));
      await stored(store, routed('EQ-AGAIN', 2_000, keys));
      expect((await store.get('EQ-AGAIN'))?.routing?.repeatOf).toBe('EQ-FIRST');
      await store.erase('EQ-FIRST', { force: true, at: 3_000, client: 'test' });
      expect((await store.get('EQ-AGAIN'))?.routing?.repeatOf).toBeNull();
      expect((await store.counts()).repeats).toBe(0);
    });

    it('counts one team’s leads by state and by day', async () => {
      const store = await fresh();
      const today = 40 * DAY;
      const family = await stored(store, routed('EQ-F', today - DAY, { team: 'family' }));
      await stored(store, routed('EQ-P1', today - DAY));
      await stored(store, routed('EQ-P2', today));
      await store.finish(await leaseOf(store, family.id, today - DAY), {
        kind: 'delivered',
        at: today - DAY,
      });
      expect(await store.counts('family')).toMatchObject({ delivered: 1, queued: 0 });
      expect(await store.counts('property')).toMatchObject({ queued: 2, delivered: 0 });
      expect(await store.counts()).toMatchObject({ queued: 2, delivered: 1 });
      const days = await store.dailyCounts(today, 2, 'property');
      expect(days.map((day) => day.received)).toEqual([1, 1]);
      expect((await store.dailyCounts(today, 2, 'family')).map((day) => day.delivered)).toEqual([
        1, 0,
      ]);
    });

    it('owes an endpoint a team names as its own only that team’s leads', async () => {
      const store = await fresh();
      await stored(store, routed('EQ-P', 10));
      await stored(store, routed('EQ-F', 11, { team: 'family' }));
      const owed = async (teams?: string[]) =>
        (
          await store.awaitingWebhook('https://hooks.example', 'enquiry.received', 0, 10, teams)
        ).map((lead) => lead.reference);
      expect(await owed(['family'])).toEqual(['EQ-F']);
      expect(await owed()).toEqual(['EQ-P', 'EQ-F']);
    });
  });
}
