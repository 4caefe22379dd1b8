/**
 * A host connecting their own Microsoft 365 calendar from "Your calls" by signing in (issue #86
 * item 4), on the Graph stand-in's delegated sign-in (`test/fixtures/graph-delegated.ts`): the
 * firm's web app registered (`calendars microsoft-web`), the button, the provider's authorize
 * with PKCE, the callback taking the code only with its flow cookie and state, the refresh token
 * sealed (never in a page, the audit log or a log line), the calendar read through `/me`, the new
 * refresh token kept; a state that does not match, a wrong verifier and a reused code refused;
 * the access revoked saying "sign in again" on the People page; the host disconnecting; a host
 * already connected whose reconnect fails (declined, a forged answer, a code refused, a read
 * that fails) keeping the calendar they had, read and owed its calls' events, and told so; a
 * sign-in at Microsoft with another account than the host's refused naming both, unless the
 * firm's web app allows any.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { postForm } from '../test/fixtures/console-people.ts';
import { graphPlaces, microsoftWebApp } from '../test/fixtures/graph-connect.ts';
import { startGraphStandIn, type GraphStandIn } from '../test/fixtures/graph-stand-in.ts';
import {
  ANN,
  CALLBACK,
  consoleOfAnn as signInConsole,
  operatorTypes,
} from '../test/fixtures/host-sign-in-console.ts';
import { harnessPerTest, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const BOB = 'bob.personal@lovelace-law.example';

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

const register = () => microsoftWebApp(graph);

/** A console whose firm registered its Microsoft web app, Ann signed in to it as herself. */
const consoleOfAnn = () =>
  signInConsole(setUp, store, {
    places: graphPlaces(graph),
    kind: 'microsoft',
    register: register(),
    secret: graph.delegated.webSecret,
  });

describe('a host connecting their own Microsoft 365 calendar by signing in', () => {
  it('is offered the button, signs in with PKCE, and has their calendar read through /me, its refresh token sealed and the newest kept', async () => {
    const { ann, signsIn, kept, disconnects, pageOf } = await consoleOfAnn();
    const calls = await pageOf('/admin/calls', ann);
    expect(calls).toContain('Connect my Microsoft 365 calendar');
    expect(calls).not.toContain('Connect my Google calendar');

    const { sent, status, page } = await signsIn();
    expect(sent.searchParams.get('code_challenge_method')).toBe('S256');
    expect(sent.searchParams.get('scope')).toBe('offline_access Calendars.ReadWrite');
    expect(sent.searchParams.get('redirect_uri')).toBe(CALLBACK);
    expect(status).toBe(200);
    expect(page).toContain('Your Microsoft 365 calendar is connected and was read just now');

    const { calendar, token } = await kept();
    expect(calendar).toMatchObject({ address: ANN, kind: 'microsoft' });
    expect(
      graph.requests.some((request) => request.startsWith('GET /me/calendar/calendarView')),
    ).toBe(true);
    // Sealed: the outbox holds no token in the clear, and the newest one given is the one kept.
    const issued = graph.delegated.refreshTokens;
    expect(issued.length).toBeGreaterThan(1);
    for (const token of issued) expect(calendar?.sealedPassword).not.toContain(token);
    expect(token).toBe(issued.at(-1));
    const audit = JSON.stringify(await store.listAudit({ limit: 20 }));
    expect(audit).toContain('by their own sign-in');
    const after = await pageOf('/admin/calls', ann);
    expect(after).toContain('Your Microsoft 365 calendar is connected');
    for (const token of issued)
      for (const text of [page, audit, after]) expect(text).not.toContain(token);

    await disconnects();
  });

  it('refuses an answer whose state is not the flow’s, one without its cookie, and one after signing out', async () => {
    const { h, ann, pressConnect, callback, forgedAnswer } = await consoleOfAnn();
    const { back, status, page } = await forgedAnswer();
    expect(status).toBe(401);
    expect(page).toContain('did not come from the sign-in started here');
    expect((await callback(back.search, '')).status).toBe(401);

    const second = await pressConnect();
    await postForm(h, '/admin/sign-out', ann);
    const signedOut = await callback(second.back.search, second.flow);
    expect(signedOut.status).toBe(401);
    expect(await signedOut.text()).toContain('You signed out of the console');
    expect(await store.hostCalendars()).toEqual([]);
  });

  it('is refused by the provider with a wrong verifier and a code used twice, in words', async () => {
    const { begunSignIn } = await consoleOfAnn();
    const { code, finish } = await begunSignIn();
    const first = await code();
    expect(await finish(first, 'not the verifier of this sign-in, 43 chars long')).toContain(
      "sign in again: Microsoft no longer accepts the host's sign-in (invalid_grant: AADSTS501481: The Code_Verifier does not match",
    );
    const second = await code();
    expect(await finish(second)).toBe('connected');
    expect(await finish(second)).toContain(
      'AADSTS54005: OAuth2 Authorization code was already redeemed',
    );
  });

  it('says “sign in again” on the People page once the host’s access is revoked, and withdraws their times', async () => {
    const { clock, parts, logs, pressConnect, callback, peoplePage } = await consoleOfAnn();
    const { flow, back } = await pressConnect();
    expect((await callback(back.search, flow)).status).toBe(200);
    graph.delegated.revoke(ANN);
    clock.now += 61_000;
    await parts.busy.refresh();
    const [calendar] = await store.hostCalendars();
    expect(calendar?.fault).toContain(
      "sign in again: Microsoft no longer accepts the host's sign-in (invalid_grant: AADSTS700082",
    );
    const people = await peoplePage();
    expect(people).toContain(`${ANN}’s Microsoft 365 calendar: sign in again`);
    for (const token of graph.delegated.refreshTokens)
      expect(logs.text() + people).not.toContain(token);
  });

  it('keeps the calendar a host had when their reconnect fails, and says nothing changed', async () => {
    const { h, clock, parts, pressConnect, callback, signsIn, forgedAnswer, peoplePage } =
      await consoleOfAnn();
    expect((await signsIn()).status).toBe(200);
    // A call booked with her, its event owed to her calendar while she reconnects.
    await parts.busy.refresh();
    const booked = await h.submit({
      answers: { ...validEnquiry().answers, call: '2027-03-29T09:00:00Z' },
    });
    expect(booked.status).toBe(201);
    const calendarOfAnn = async () =>
      (await store.hostCalendars()).map(({ address, kind, sealedPassword, connectedAt }) => ({
        address,
        kind,
        sealedPassword,
        connectedAt,
      }));
    const had = await calendarOfAnn();
    const unchanged =
      'Nothing changed: your Microsoft 365 calendar connected before is still connected and read.';
    const fails = async (answer: Promise<{ status: number; page: string }>, words: string) => {
      clock.now += 1_000;
      const { status, page } = await answer;
      expect(status).toBeGreaterThanOrEqual(400);
      expect(page).toContain(words);
      expect(page).toContain(unchanged);
      expect(await calendarOfAnn()).toEqual(had);
    };

    graph.delegated.signedIn = null;
    await fails(signsIn(), 'the sign-in answered “access_denied”');
    graph.delegated.signedIn = ANN;
    await fails(forgedAnswer(), 'did not come from the sign-in started here');
    const refusedCode = async () => {
      const { flow, back } = await pressConnect();
      back.searchParams.set('code', 'a code Microsoft never gave');
      const done = await callback(back.search, flow);
      return { status: done.status, page: await done.text() };
    };
    await fails(refusedCode(), 'sign in again: Microsoft no longer accepts');
    // Her calendar, signed in to again, cannot be read (Graph asks to wait an hour): not kept.
    graph.throttle('GET /me/calendar/calendarView', 1, 3600);
    await fails(signsIn(), 'Your Microsoft 365 calendar was not connected');
    // Signed in at Microsoft as someone else.
    graph.addMailbox(BOB);
    graph.delegated.signedIn = BOB;
    await fails(signsIn(), `you signed in to Microsoft as ${BOB}, not as ${ANN}`);
    graph.delegated.signedIn = ANN;

    // Still read, as before, with the token it had.
    clock.now += 61_000;
    await parts.busy.refresh();
    const [after] = await store.hostCalendars();
    expect(after).toMatchObject({ connectedAt: had[0]?.connectedAt, fault: null });
    expect(await peoplePage()).not.toContain('sign in again');
    // And the call's event, owed all along, is written into it.
    while ((await parts.writer.round()) > 0);
    expect(graph.events(ANN)).toEqual([
      expect.objectContaining({ subject: 'Call with Ada Lovelace' }),
    ]);
  });

  it('refuses a sign-in with another account than the host’s, naming both, unless the firm allows any', async () => {
    graph.addMailbox(BOB);
    graph.delegated.signedIn = BOB;
    const { signsIn, pageOf, ann } = await consoleOfAnn();
    const { status, page } = await signsIn();
    expect(status).toBe(502);
    expect(page).toContain(
      `Your Microsoft 365 calendar was not connected: you signed in to Microsoft as ${BOB}, not as ${ANN}, the address your calls are booked with: sign out of Microsoft, then sign in as ${ANN}. Nothing was connected.`,
    );
    expect(await store.hostCalendars()).toEqual([]);
    expect(await pageOf('/admin/calls', ann)).toContain('Connect my Microsoft 365 calendar');

    // The firm registers its web app again, letting hosts sign in with any account.
    const again = await operatorTypes(
      store,
      graphPlaces(graph),
      [...register(), '--other-accounts'],
      graph.delegated.webSecret,
    );
    expect(again.said).toContain('for hosts to sign in to, any account they sign in with');
    expect((await signsIn()).status).toBe(200);
    expect(await store.hostCalendars()).toEqual([expect.objectContaining({ address: ANN })]);
  });
});
