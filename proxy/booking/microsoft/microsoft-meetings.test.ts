/**
 * A call asking a Teams meeting (`booking.meeting` `{"provider": "teams"}`) written into a host's
 * Microsoft 365 calendar through the Graph stand-in: the event is made with its meeting
 * (`isOnlineMeeting` on `teamsForBusiness`), its join link read back; a write throttled first
 * and one repeated after a lost answer make one event and one link; a move keeps the link; a
 * calendar that does not allow Teams makes the event without one, and no link is read.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CalendarEvent } from '../../outbox/booking.ts';
import { HOSTS } from '../../test/fixtures/booking-config.ts';
import { startGraphStandIn, type GraphStandIn } from '../../test/fixtures/graph-stand-in.ts';
import { GraphClient } from './graph-client.ts';
import { graphCalendar } from './graph-calendar.ts';

const [ANN, BOB] = HOSTS;
const CALL: CalendarEvent = {
  uid: 'call-teams-1@forms.firm.example',
  start: Date.UTC(2027, 2, 29, 9),
  end: Date.UTC(2027, 2, 29, 9, 30),
  summary: 'Call: Ada Lovelace (EQ-7K2M-9QXD)',
  description: 'Conveyancing',
  sequence: 0,
  stamp: Date.UTC(2027, 2, 27, 9),
  onlineMeeting: 'teams',
};

describe('a Teams meeting made by the host’s Microsoft 365 calendar (Graph stand-in)', () => {
  let graph: GraphStandIn;
  let client: GraphClient;
  beforeAll(async () => {
    graph = await startGraphStandIn();
    graph.addMailbox(ANN);
    graph.addMailbox(BOB, 'GMT Standard Time', false);
    client = new GraphClient(
      { tenant: graph.tenant, clientId: graph.clientId, secret: graph.secret },
      { loginUrl: graph.loginUrl, graphUrl: graph.graphUrl },
      Date.now,
    );
  });
  afterAll(async () => {
    await graph.close();
  });

  it('makes one event with one meeting though the first write is throttled and another repeated, and a move keeps its link', async () => {
    const ann = graphCalendar(client, ANN);
    graph.throttle('POST', 1, 1);
    await ann.writeEvent(CALL).catch(() => 'throttled');
    await ann.writeEvent(CALL);
    // The answer lost after the event was made: Graph answers the same event, no second meeting.
    await ann.writeEvent(CALL);
    const events = graph.events(ANN);
    expect(events).toHaveLength(1);
    const joinUrl = events[0]?.onlineMeeting?.joinUrl ?? '';
    expect(joinUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\/19%3ameeting_/);
    expect(await ann.meetingLinkOf?.(CALL.uid)).toBe(joinUrl);
    const posted = graph.requests.filter((request) => request.startsWith('POST /users/'));
    expect(posted.length).toBeGreaterThanOrEqual(2);
    await ann.writeEvent({
      ...CALL,
      start: CALL.start + 86_400_000,
      end: CALL.end + 86_400_000,
      sequence: 1,
    });
    expect(graph.events(ANN)).toHaveLength(1);
    expect(await ann.meetingLinkOf?.(CALL.uid)).toBe(joinUrl);
  });

  it('reads no link where the calendar does not allow Teams, and none for a call that asked none', async () => {
    const bob = graphCalendar(client, BOB);
    await bob.writeEvent(CALL);
    expect(await bob.meetingLinkOf?.(CALL.uid)).toBeUndefined();
    const ann = graphCalendar(client, ANN);
    const byTelephone = {
      ...CALL,
      uid: 'call-phone-1@forms.firm.example',
      onlineMeeting: undefined,
    };
    await ann.writeEvent(byTelephone);
    expect(await ann.meetingLinkOf?.(byTelephone.uid)).toBeUndefined();
    expect(await ann.meetingLinkOf?.('never-written@forms.firm.example')).toBeUndefined();
  });
});
