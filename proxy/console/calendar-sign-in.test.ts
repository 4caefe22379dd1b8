/**
 * A host connecting their own Microsoft 365 calendar from "Your calls" by signing in (issue #86
 * item 4), on the Graph stand-in's delegated sign-in (`test/fixtures/graph-delegated.ts`): the
 * firm's web app registered (`calendars microsoft-web`), the button, the provider's authorize
 * with PKCE, the callback taking the code only with its flow cookie and state, the refresh token
 * sealed (never in a page, the audit log or a log line), the calendar read through `/me`, the new
 * refresh token kept; a state that does not match, a wrong verifier and a reused code refused;
 * the access revoked saying "sign in again" on the People page; the host disconnecting.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { calendarAdapters, CalendarOpener } from '../booking/calendar-adapters.ts';
import { calendarKey, type CalendarKey } from '../booking/calendar-key.ts';
import { CalendarFault } from '../booking/caldav/calendar-fault.ts';
import { HostSignIn } from '../booking/host-sign-in/host-sign-in.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { HOSTS, withBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../test/fixtures/call-pages.ts';
import { cookieOf } from '../test/fixtures/console-sign-in.ts';
import { HOST, postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { graphPlaces, operatorRuns } from '../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../test/fixtures/graph-stand-in.ts';
import { createMemoryLogger } from '../test/fixtures/memory-logger.ts';
import { harnessPerTest, START } from '../test/fixtures/proxy-harness.ts';
import { calendarParts } from '../test/fixtures/radicale-server.ts';

const [ANN] = HOSTS;
const TOKEN = 'an admin token of the calendar sign-in test, long enough';
const KEY = 'a test key of thirty-two characters!';
const key = calendarKey({ key: KEY }) as CalendarKey;
const CALLBACK = `${HOST}/admin/calendar/callback`;
const setUp = harnessPerTest();
const reading = () => ({ floatingZone: 'Europe/London', isOwnBooking: () => false });

let graph: GraphStandIn;
let store: OutboxStore;
beforeEach(async () => {
  graph = await startGraphStandIn();
  graph.addMailbox(ANN);
  graph.delegated.redirectUris.add(CALLBACK);
  graph.delegated.signedIn = ANN;
  store = openSqliteOutbox(':memory:');
});
afterEach(async () => {
  await graph.close();
});

/** A console whose firm registered its web app, Ann signed in to it as herself. */
async function consoleOfAnn() {
  const clock = { now: START };
  const now = () => clock.now;
  const registered = await operatorRuns(
    store,
    [
      'calendars',
      'microsoft-web',
      '--tenant',
      graph.tenant,
      '--client-id',
      graph.delegated.webClientId,
    ],
    { graph, calendarKey: { key: KEY }, secret: graph.delegated.webSecret, now },
  );
  expect(registered).toMatchObject({ code: 0 });
  expect(registered.said).not.toContain(graph.delegated.webSecret);
  const adapters = calendarAdapters(graphPlaces(graph), now);
  const opener = new CalendarOpener({ adapters, key: () => key, store });
  const hostSignIn = new HostSignIn({ opener, store, keySource: { key: KEY }, reading, now });
  const options = callPagesOptions(withBooking({ people: [ANN] }), store, undefined, clock);
  const h = setUp({ ...options, deps: { ...options.deps, adminToken: TOKEN, hostSignIn } });
  const ann = await signedInAs(h, TOKEN, { email: ANN, role: 'staff' });
  /** Ann presses the button: the flow's cookie, and where the provider sends her back. */
  const pressConnect = async () => {
    const page = await postForm(h, '/admin/calendar/connect', ann, { kind: 'microsoft' });
    const flow = cookieOf(page, 'console_calendar') ?? '';
    const to = /content="0;url=([^"]+)"/.exec(await page.text())?.[1]?.replaceAll('&amp;', '&');
    const authorize = await fetch(to ?? '', { redirect: 'manual' });
    const back = new URL(authorize.headers.get('location') ?? '');
    return { flow, back, sent: new URL(to ?? '') };
  };
  const callback = (search: string, flow: string) =>
    h.app.request(`${CALLBACK}${search}`, { headers: { cookie: flow } });
  return { h, ann, clock, adapters, hostSignIn, pressConnect, callback };
}

describe('a host connecting their own Microsoft 365 calendar by signing in', () => {
  it('is offered the button, signs in with PKCE, and has their calendar read through /me, its refresh token sealed and the newest kept', async () => {
    const { h, ann, pressConnect, callback } = await consoleOfAnn();
    const calls = await (
      await h.app.request(`${HOST}/admin/calls`, { headers: { cookie: ann.cookie } })
    ).text();
    expect(calls).toContain('Connect my Microsoft 365 calendar');
    expect(calls).not.toContain('Connect my Google calendar');

    const { flow, back, sent } = await pressConnect();
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('scope')).toBe('offline_access Calendars.ReadWrite');
    expect(sent.searchParams.get('redirect_uri')).toBe(CALLBACK);
    const done = await callback(back.search, flow);
    const page = await done.text();
    expect(done.status).toBe(200);
    expect(page).toContain('Your Microsoft 365 calendar is connected and was read just now');

    const [calendar] = await store.hostCalendars();
    expect(calendar).toMatchObject({ address: ANN, kind: 'microsoft' });
    expect(
      graph.requests.some((request) => request.startsWith('GET /me/calendar/calendarView')),
    ).toBe(true);
    // Sealed: the outbox holds no token in the clear, and the newest one given is the one kept.
    const issued = graph.delegated.refreshTokens;
    expect(issued.length).toBeGreaterThan(1);
    for (const token of issued) expect(calendar?.sealedPassword).not.toContain(token);
    expect(key.open(calendar?.sealedPassword ?? '', { address: ANN, url: ANN, username: '' })).toBe(
      issued.at(-1),
    );
    const audit = JSON.stringify(await store.listAudit({ limit: 20 }));
    expect(audit).toContain('by their own sign-in');
    const after = await (
      await h.app.request(`${HOST}/admin/calls`, { headers: { cookie: ann.cookie } })
    ).text();
    expect(after).toContain('Your Microsoft 365 calendar is connected');
    for (const token of issued)
      for (const text of [page, audit, after]) expect(text).not.toContain(token);

    // Disconnecting erases the sealed token.
    const gone = await postForm(h, '/admin/calendar/disconnect', ann);
    expect(gone.status).toBe(303);
    expect(await store.hostCalendars()).toEqual([]);
  });

  it('refuses an answer whose state is not the flow’s, one without its cookie, and one after signing out', async () => {
    const { h, ann, pressConnect, callback } = await consoleOfAnn();
    const { flow, back } = await pressConnect();
    const forged = new URLSearchParams(back.search);
    forged.set('state', 'a state of another sign-in');
    const wrongState = await callback(`?${forged.toString()}`, flow);
    expect(wrongState.status).toBe(401);
    expect(await wrongState.text()).toContain('did not come from the sign-in started here');
    expect((await callback(back.search, '')).status).toBe(401);

    const second = await pressConnect();
    await postForm(h, '/admin/sign-out', ann);
    const signedOut = await callback(second.back.search, second.flow);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain('You signed out of the console');
    expect(await store.hostCalendars()).toEqual([]);
  });

  it('is refused by the provider with a wrong verifier and a code used twice, in words', async () => {
    const { hostSignIn } = await consoleOfAnn();
    const begun = await hostSignIn.begin('microsoft', ANN, CALLBACK);
    const code = async () => {
      const authorize = await fetch(begun?.url ?? '', { redirect: 'manual' });
      return new URL(authorize.headers.get('location') ?? '').searchParams.get('code') ?? '';
    };
    const finish = (grant: { code: string; verifier: string }) =>
      hostSignIn.finish('microsoft', ANN, { ...grant, redirectUri: CALLBACK }, ANN).then(
        () => 'connected',
        (error: unknown) => (error instanceof CalendarFault ? error.message : String(error)),
      );
    const first = await code();
    expect(
      await finish({ code: first, verifier: 'not the verifier of this sign-in, 43 chars long' }),
    ).toContain(
      "sign in again: Microsoft no longer accepts the host's sign-in (invalid_grant: AADSTS501481: The Code_Verifier does not match",
    );
    const second = await code();
    expect(await finish({ code: second, verifier: begun?.verifier ?? '' })).toBe('connected');
    expect(await finish({ code: second, verifier: begun?.verifier ?? '' })).toContain(
      'AADSTS54005: OAuth2 Authorization code was already redeemed',
    );
  });

  it('says “sign in again” on the People page once the host’s access is revoked, and withdraws their times', async () => {
    const { h, clock, adapters, pressConnect, callback } = await consoleOfAnn();
    const { flow, back } = await pressConnect();
    expect((await callback(back.search, flow)).status).toBe(200);
    graph.delegated.revoke(ANN);
    clock.now += 61_000;
    const logs = createMemoryLogger();
    const { busy } = calendarParts(store, key, () => clock.now, logs.log, adapters);
    await busy.refresh();
    const [calendar] = await store.hostCalendars();
    expect(calendar?.fault).toContain(
      "sign in again: Microsoft no longer accepts the host's sign-in (invalid_grant: AADSTS700082",
    );
    const operator = await signedInAs(h, TOKEN, {
      email: 'olive@lovelace-law.example',
      role: 'operator',
    });
    const people = await (
      await h.app.request(`${HOST}/admin/people`, { headers: { cookie: operator.cookie } })
    ).text();
    expect(people.replaceAll('<wbr />', '')).toContain(
      `${ANN}’s Microsoft 365 calendar: sign in again`,
    );
    for (const token of graph.delegated.refreshTokens)
      expect(logs.text() + people).not.toContain(token);
  });
});
