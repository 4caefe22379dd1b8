/**
 * The store contract, calendars of several kinds (`machine/calendars.ts`, issue #86): each host's
 * calendar has a kind; what its reads came to is kept (the last that worked, the fault since when)
 * for the console and the alerts, and a read of a calendar connected again since records nothing;
 * the firm's own connection of a kind is kept sealed, one a kind, and connecting it anew tries
 * again the writes owed to the hosts read through it. On every store (`store-contract.ts`).
 */
import { describe, expect, it } from 'vitest';
import type { HostCalendar } from '../outbox/calendar-write.ts';
import { freshStores, type StoreFactory } from './fixtures/store-factory.ts';
import { sampleSubmission } from './fixtures/outbox.ts';

const NINE = Date.UTC(2027, 2, 29, 8);

/** Ann's Microsoft 365 mailbox through the firm's connection, connected at `at`. */
const throughFirm = (address: string, at = 500): HostCalendar => ({
  address,
  kind: 'microsoft',
  url: address,
  username: '',
  sealedPassword: '',
  connectedAt: at,
  connectedBy: 'cli',
});

/** Runs the contract of calendars' kinds against one implementation. */
export function describeCalendarKindsStore(name: string, factory: StoreFactory): void {
  describe(`${name}: the outbox store contract, calendars of several kinds`, () => {
    const fresh = freshStores(factory);

    it('keeps each calendar’s kind and what its reads came to, and which cannot be read past their trust', async () => {
      const store = await fresh();
      await store.connectCalendar(throughFirm('ann@firm.example'));
      await store.connectCalendar({ ...throughFirm('bob@firm.example'), kind: 'caldav' });
      expect(await store.hostCalendars()).toMatchObject([
        { address: 'ann@firm.example', kind: 'microsoft', readAt: null, fault: null },
        { address: 'bob@firm.example', kind: 'caldav', readAt: null, fault: null },
      ]);
      const read = { address: 'ann@firm.example', connectedAt: 500 };
      await store.recordCalendarRead({ ...read, at: 1_000, fault: null });
      await store.recordCalendarRead({
        ...read,
        at: 61_000,
        fault: 'the app’s secret was refused',
      });
      await store.recordCalendarRead({
        ...read,
        at: 121_000,
        fault: 'the app’s secret was refused',
      });
      const [ann] = await store.hostCalendars();
      expect(ann).toMatchObject({
        readAt: 1_000,
        fault: 'the app’s secret was refused',
        faultAt: 61_000,
      });
      // Trusted two minutes after the last read that worked: unread past that only.
      expect(await store.unreadCalendars(1_000)).toEqual([]);
      expect(await store.unreadCalendars(1_001)).toEqual([
        {
          address: 'ann@firm.example',
          kind: 'microsoft',
          fault: 'the app’s secret was refused',
          faultAt: 61_000,
        },
      ]);
      // A read of the calendar as it was connected before records nothing on the new one.
      await store.connectCalendar(throughFirm('ann@firm.example', 200_000));
      await store.recordCalendarRead({ ...read, at: 201_000, fault: 'an old read' });
      expect(await store.unreadCalendars(300_000)).toEqual([]);
      await store.recordCalendarRead({ ...read, connectedAt: 200_000, at: 202_000, fault: null });
      expect((await store.hostCalendars())[0]).toMatchObject({ readAt: 202_000, fault: null });
    });

    it('keeps the firm’s connection of a kind, one a kind, and tries the writes owed through it again when it is made anew', async () => {
      const store = await fresh();
      expect(await store.calendarConnection('microsoft')).toBeNull();
      const connection = {
        kind: 'microsoft' as const,
        settings: { tenant: 'contoso.example', clientId: '11111111-2222-3333-4444-555555555555' },
        sealedSecret: 'v1.sealed',
        connectedAt: 100,
        connectedBy: 'cli',
      };
      await store.connectCalendarConnection(connection);
      expect(await store.calendarConnection('microsoft')).toEqual(connection);
      await store.connectCalendar(throughFirm('ann@firm.example'));
      const booked = await store.accept(
        sampleSubmission({
          reference: 'EQ-1',
          files: [],
          booking: {
            uid: 'EQ-1@test',
            question: 'call',
            start: NINE,
            end: NINE + 1_800_000,
            until: NINE + 1_800_000,
            timeZone: 'Europe/London',
            hosts: ['ann@firm.example'],
            secretHash: 'hash',
            summary: 'Call with Ada Lovelace',
            description: 'Enquiry',
            metaValue: () => 'with Ann',
            at: 1_000,
          },
        }),
      );
      expect(booked.kind).toBe('stored');
      const [claim] = await store.claimCalendarWrites('w', 60_000, 2_000, 10);
      await store.finishCalendarWrite(claim?.lease ?? { id: 0, token: 0 }, {
        kind: 'retry',
        at: 9_000_000,
        error: 'the app’s secret was refused',
        needsPerson: true,
      });
      expect(await store.nextCalendarWriteAt()).toBe(9_000_000);
      const renewed = { ...connection, sealedSecret: 'v1.new', connectedAt: 5_000 };
      await store.connectCalendarConnection(renewed);
      expect(await store.nextCalendarWriteAt()).toBe(5_000);
      expect(await store.calendarConnections()).toEqual([renewed]);
      expect(await store.disconnectCalendarConnection('microsoft')).toBe(true);
      expect(await store.disconnectCalendarConnection('microsoft')).toBe(false);
      expect(await store.calendarConnections()).toEqual([]);
    });
  });
}
