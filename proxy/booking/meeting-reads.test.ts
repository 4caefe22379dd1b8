/**
 * A call's meeting made by its host's calendar (issue 88, item 2: `"meeting": {"provider": …}`),
 * end to end against the stand-ins of Microsoft Graph and Google's Calendar API, with mail
 * through a real SMTP server (smtp-server on loopback): the confirmation says the link follows;
 * the calendar writer asks the host's calendar for the meeting with the event, reads its link
 * back (again, a little later, while Google's conference is pending), keeps it with the call
 * and sends the visitor their updated invitation (the same UID, the next SEQUENCE, the link in
 * LOCATION and URL and in the email), and the lead's page and the host's feed say it; a move
 * updates the same event and keeps the link. A
 * Workspace that does not allow Meet leaves the call by telephone, the visitor told in words,
 * nothing read again; a host whose calendar cannot make the meeting (the built-in calendar,
 * CalDAV) takes the call by telephone from the start, and the start-up warning names them.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OutboxStore } from '../outbox/store.ts';
import { HOSTS, withBooking } from '../test/fixtures/booking-config.ts';
import { pressOnPage } from '../test/fixtures/call-pages.ts';
import { confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { signedInAs } from '../test/fixtures/console-people.ts';
import {
  googlePerSuite,
  outboxWithGoogle,
  standInAdapter,
  TEST_CALENDAR_KEY,
} from '../test/fixtures/google-calendars.ts';
import { connectMicrosoft, graphPlaces } from '../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../test/fixtures/graph-stand-in.ts';
import {
  invitationOf,
  MEETING_KEY,
  MEETING_TOKEN,
  meetingProxy,
  type MeetingProxy,
} from '../test/fixtures/meeting-proxies.ts';
import { START } from '../test/fixtures/proxy-harness.ts';
import {
  connectHostCalendar,
  radicaleMissing,
  radicalePerSuite,
} from '../test/fixtures/radicale-server.ts';
import { calendarAdapters } from './calendar-adapters.ts';
import { feedPath } from './host-feeds.ts';
import { meetingHostsNotice } from './meeting-providers.ts';

const confirmingProxy = confirmingProxies();
const google = googlePerSuite();
const [ANN, BOB] = HOSTS as [string, string];
const key = MEETING_KEY;
let graph: GraphStandIn;
beforeAll(async () => {
  graph = await startGraphStandIn();
});
afterAll(async () => {
  await graph.close();
});

const connectTeams = async (store: OutboxStore, now: () => number) => {
  graph.addMailbox(ANN);
  await connectMicrosoft(store, graph, [ANN], { calendarKey: { key: TEST_CALENDAR_KEY }, now });
  return calendarAdapters(graphPlaces(graph), now);
};

/** Ann's Google calendar connected through the firm's service account, `meet` allowed or not. */
const connectMeet =
  (pendingReads: number, meet = true) =>
  async (store: OutboxStore) => {
    const standIn = google();
    const account = await standIn.serviceAccount();
    const calendar = standIn.user(ANN, 'Europe/London');
    calendar.meetPendingReads = pendingReads;
    calendar.meet = meet;
    for (const args of [
      ['calendars', 'google', '--key-file', '<key file>', '--host', ANN],
      ['people', 'calendar', ANN, 'google'],
    ])
      expect((await outboxWithGoogle(store, standIn, account, ...args)).exit).toBe(0);
    return [standInAdapter(standIn)];
  };

/**
 * What the call's page (at the link in `confirmation`), the file for the visitor's calendar and
 * the lead's page (to staff) say now, the file's folded lines joined.
 */
async function placesOf(proxy: MeetingProxy, reference: string, confirmation: string) {
  const { harness } = proxy;
  const page = new URL(/https?:\/\/\S+\/booking\/\S+/.exec(confirmation)?.[0] ?? '');
  const read = async (path: string, init?: RequestInit) =>
    (await harness.app.request(`http://localhost${path}`, init)).text();
  const staff = await signedInAs(harness, MEETING_TOKEN, {
    email: 'sam@lovelace-law.example',
    role: 'staff',
  });
  return {
    callPage: await read(page.pathname + page.search),
    calendarFile: (await read(`${page.pathname}/calendar.ics${page.search}`)).replace(/\r\n /g, ''),
    leadPage: await read(`/admin/leads/${reference}`, { headers: { cookie: staff.cookie } }),
  };
}

describe('a meeting made by the host’s calendar', () => {
  it('reads a Teams host’s join link back into the call, the visitor’s updated invitation, the lead’s page and the feed', async () => {
    const proxy = await meetingProxy(confirmingProxy, { provider: 'teams' }, connectTeams);
    const reference = await proxy.book();
    await proxy.send();
    const [confirmation] = proxy.mail.received;
    expect(confirmation?.text).toContain('Online: the link to join the call follows by email.');
    expect(invitationOf(confirmation)).toMatchObject({
      method: 'REQUEST',
      sequence: 0,
      location: 'Online meeting (link to follow)',
      url: null,
    });

    expect(await proxy.writeAll()).toBe(1);
    const [event] = graph.events(ANN);
    expect(event).toMatchObject({
      isOnlineMeeting: true,
      onlineMeetingProvider: 'teamsForBusiness',
    });
    const joinUrl = event?.onlineMeeting?.joinUrl ?? '';
    expect(joinUrl).toMatch(/^https:\/\/teams\.microsoft\.com\/l\/meetup-join\//);
    const call = await proxy.callOf(reference);
    expect(call).toMatchObject({ meetingUrl: joinUrl, meetingProvider: 'teams', sequence: 1 });

    await proxy.send();
    const [, updated, ...more] = proxy.mail.received;
    expect(more).toEqual([]);
    expect(updated?.subject).toBe(`The link to your call (${reference})`);
    expect(updated?.text).toContain('The link to join your call is ready.');
    expect(updated?.text).toContain(joinUrl);
    expect(updated?.html).toContain(`<a href="${joinUrl}">`);
    expect(invitationOf(updated)).toEqual({
      method: 'REQUEST',
      uid: invitationOf(confirmation).uid,
      sequence: 1,
      location: joinUrl,
      url: joinUrl,
    });

    const { harness } = proxy;
    const feed = await (
      await harness.app.request(await feedPath(harness.store, ANN, { at: 0, by: 'test' }))
    ).text();
    expect(feed.replace(/\r\n /g, '')).toContain(`URL:${joinUrl}`);
    const staff = await signedInAs(harness, MEETING_TOKEN, {
      email: 'sam@lovelace-law.example',
      role: 'staff',
    });
    const page = await (
      await harness.app.request(`http://localhost/admin/leads/${reference}`, {
        headers: { cookie: staff.cookie },
      })
    ).text();
    expect(page).toContain(`<a href="${joinUrl}">`);

    // Ada moves her call: the same event is moved, no new meeting made, and her move's
    // invitation keeps the link.
    const callPage = new URL(
      /https?:\/\/\S+\/booking\/\S+/.exec(confirmation?.text ?? '')?.[0] ?? '',
    );
    const moved = await pressOnPage(harness, callPage.pathname + callPage.search, {
      action: 'move',
      start: '2027-03-29T13:00:00Z',
    });
    expect(moved.status).toBe(200);
    await proxy.writeAll();
    expect(graph.events(ANN)).toEqual([
      expect.objectContaining({ onlineMeeting: expect.objectContaining({ joinUrl }) as unknown }),
    ]);
    expect(await proxy.callOf(reference)).toMatchObject({ meetingUrl: joinUrl, sequence: 2 });
    await proxy.send();
    const move = proxy.mail.received.find((each) => each.subject?.startsWith('Your call is moved'));
    expect(invitationOf(move)).toMatchObject({ sequence: 2, location: joinUrl, url: joinUrl });
  });

  it('reads a Google host’s Meet link again while its conference is pending, and keeps it once made', async () => {
    const proxy = await meetingProxy(confirmingProxy, { provider: 'meet' }, connectMeet(3));
    const reference = await proxy.book();
    await proxy.writer.round();
    // Still pending: nothing kept, the read owed again later (not at once).
    expect(await proxy.callOf(reference)).toMatchObject({
      meetingUrl: null,
      meetingProvider: 'meet',
    });
    expect(await proxy.store.nextCalendarWriteAt()).toBeGreaterThan(START);
    // Meanwhile her call's page, the file for her calendar and the lead's page say it follows.
    await proxy.send();
    const where = await placesOf(proxy, reference, proxy.mail.received[0]?.text ?? '');
    expect(where.callPage).toContain('Online meeting (link to follow)');
    expect(where.calendarFile).toContain('LOCATION:Online meeting (link to follow)');
    expect(where.leadPage).toContain('Online (Google Meet): the link follows');
    expect(await proxy.writeAll()).toBeGreaterThan(1);
    const [event, ...others] = google().events(ANN);
    expect(others).toEqual([]);
    const link = String(event?.hangoutLink);
    expect(link).toMatch(/^https:\/\/meet\.google\.com\/[a-z]{3}-[a-z]{4}-[a-z]{3}$/);
    expect((await proxy.callOf(reference))?.meetingUrl).toBe(link);
    await proxy.send();
    const updated = proxy.mail.received.find((each) => each.subject?.startsWith('The link'));
    expect(updated?.text).toContain(link);
    expect(invitationOf(updated)).toMatchObject({ sequence: 1, location: link, url: link });
    const made = await placesOf(proxy, reference, proxy.mail.received[0]?.text ?? '');
    expect(made.callPage).toContain(`<a href="${link}">`);
    expect(made.calendarFile).toContain(`URL:${link}`);
    expect(made.leadPage).toContain(`<a href="${link}">`);
  });

  it('leaves a call by telephone where the Workspace does not allow Meet, tells the visitor in words, and reads no more', async () => {
    const proxy = await meetingProxy(confirmingProxy, { provider: 'meet' }, connectMeet(0, false));
    const reference = await proxy.book();
    expect(await proxy.writeAll()).toBe(1);
    expect(await proxy.callOf(reference)).toMatchObject({
      meetingUrl: null,
      meetingProvider: null,
    });
    const reads = () => google().state.requests.filter((each) => each.method === 'GET').length;
    const readsSoFar = reads();
    expect(await proxy.writer.round()).toBe(0);
    expect(reads()).toBe(readsSoFar);
    await proxy.send();
    const told = proxy.mail.received.find((each) => each.subject?.includes('by telephone'));
    expect(told?.subject).toBe(`Your call will be by telephone (${reference})`);
    expect(told?.text).toContain(
      'The online meeting could not be made, so your call will be by telephone: the firm will call you.',
    );
    expect(invitationOf(told)).toMatchObject({ sequence: 1, location: 'By telephone', url: null });
  });

  it('books a host without a calendar that makes it by telephone from the start, and names such hosts at start-up', async () => {
    const proxy = await meetingProxy(confirmingProxy, { provider: 'teams' });
    const reference = await proxy.book();
    await proxy.send();
    const [confirmation] = proxy.mail.received;
    expect(confirmation?.text).toContain('By telephone: we will call you on');
    expect(invitationOf(confirmation)).toMatchObject({ location: 'By telephone' });
    expect(await proxy.callOf(reference)).toMatchObject({
      meetingUrl: null,
      meetingProvider: null,
    });

    const config = withBooking({ people: [ANN, BOB], meeting: { provider: 'teams' } });
    expect(
      meetingHostsNotice(
        config,
        new Map([
          [ANN, 'caldav'],
          [BOB, 'microsoft'],
        ]),
      ),
    ).toBe(
      `booking.meeting asks hosts' calendars for meetings, but these cannot make them: ${ANN} (caldav). The calls that may go to them are by telephone, and their emails say so (docs/booking.md, “Reminders and the meeting link”).`,
    );
    expect(
      meetingHostsNotice(
        config,
        new Map([
          [ANN, 'microsoft'],
          [BOB, 'microsoft'],
        ]),
      ),
    ).toBeUndefined();
  });
});

describe.skipIf(radicaleMissing())(
  'a meeting asked of a host with a CalDAV calendar (Radicale)',
  () => {
    const radicale = radicalePerSuite();

    it('books her call by telephone, writes its event without a meeting, and names her at start-up', async () => {
      const url = await radicale().calendar('ann', 'meetings');
      const connectCaldav = async (store: OutboxStore, now: () => number) => {
        await connectHostCalendar(store, key, { address: ANN, url, at: now() });
        return calendarAdapters();
      };
      const proxy = await meetingProxy(confirmingProxy, { provider: 'teams' }, connectCaldav);
      const reference = await proxy.book();
      expect(await proxy.writeAll()).toBe(1);
      await proxy.send();
      const [confirmation, ...more] = proxy.mail.received;
      expect(more).toEqual([]);
      expect(confirmation?.text).toContain('By telephone: we will call you on');
      expect(await proxy.callOf(reference)).toMatchObject({
        meetingUrl: null,
        meetingProvider: null,
      });
      const kinds = new Map(
        (await proxy.store.hostCalendars()).map((each) => [each.address, each.kind]),
      );
      const config = withBooking({ people: [ANN], meeting: { provider: 'teams' } });
      expect(meetingHostsNotice(config, kinds)).toContain(`cannot make them: ${ANN} (caldav).`);
    });
  },
);
