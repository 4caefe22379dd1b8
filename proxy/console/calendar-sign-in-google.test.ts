/**
 * A host connecting their own Google calendar from "Your calls" by signing in (issue #86 item 4),
 * on the Google stand-in's OAuth 2.0 for web server applications (`test/fixtures/
 * google-standin-oauth.ts`), with the set-up the Microsoft tests share
 * (`test/fixtures/host-sign-in-console.ts`): the firm's OAuth client registered (`calendars
 * google-web`, a wrong secret refused in words), the authorization request (offline, consent,
 * PKCE S256), the callback taking the code only with its flow cookie and state, the refresh token
 * sealed; her busy times never offered and a booking written once into her primary calendar,
 * with her own token (the firm has no service account); a declined consent, a wrong verifier and
 * a reused code refused; the access revoked withdrawing her times and saying "sign in again",
 * signing in again bringing them back; disconnecting handing the token back to Google (erased all
 * the same when Google cannot be reached); a sign-in with another Google account than hers
 * refused naming both, its token handed back, unless the firm's client allows any.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SlotsResponse } from '../contract/booking.ts';
import { DEFAULT_CALENDAR_PLACES, type CalendarPlaces } from '../booking/calendar-env.ts';
import { CALENDAR_SCOPE } from '../booking/google/service-account.ts';
import { openSqliteOutbox } from '../outbox/sqlite/store.ts';
import type { OutboxStore } from '../outbox/store.ts';
import { startGoogleStandIn, type GoogleStandIn } from '../test/fixtures/google-standin.ts';
import {
  ANN,
  CALLBACK,
  consoleOfAnn as signInConsole,
  operatorTypes,
} from '../test/fixtures/host-sign-in-console.ts';
import { harnessPerTest, ORIGIN, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const london = (date: string, clock: string) => ({
  dateTime: `${date}T${clock}:00`,
  timeZone: 'Europe/London',
});

let google: GoogleStandIn;
let store: OutboxStore;
let places: CalendarPlaces;
beforeEach(async () => {
  google = await startGoogleStandIn();
  google.user(ANN, 'Europe/London');
  google.web.redirectUris.add(CALLBACK);
  google.web.signedIn = ANN;
  store = openSqliteOutbox(':memory:');
  places = {
    ...DEFAULT_CALENDAR_PLACES,
    GOOGLE_CALENDAR_URL: google.calendarUrl,
    GOOGLE_AUTH_URL: google.authUrl,
    GOOGLE_TOKEN_URL: google.tokenUri,
  };
});
afterEach(async () => {
  await google.close();
});

/** What Google's token endpoint answers the firm's client refreshing `refreshToken`. */
const refreshAtGoogle = async (refreshToken: string) =>
  (
    await fetch(google.tokenUri, {
      method: 'POST',
      body: new URLSearchParams({
        grant_type: 'refresh_token',
        refresh_token: refreshToken,
        client_id: google.web.clientId,
        client_secret: google.web.clientSecret,
      }),
    })
  ).json() as Promise<unknown>;

const REGISTER = () => ['calendars', 'google-web', '--client-id', google.web.clientId];

/** A console whose firm registered its Google OAuth client, Ann signed in to it as herself. */
async function consoleOfAnn() {
  const kit = await signInConsole(setUp, store, {
    places,
    kind: 'google',
    register: REGISTER(),
    secret: google.web.clientSecret,
  });
  const offered = async () =>
    (
      (await (
        await kit.h.app.request('/api/slots?case-type=conveyancing', {
          headers: { origin: ORIGIN },
        })
      ).json()) as SlotsResponse
    ).slots.map((slot) => slot.start);
  return { ...kit, offered };
}

describe('a host connecting their own Google calendar by signing in', () => {
  it('is registered by the firm only with the client’s secret, the client proved by a made-up code', async () => {
    const wrong = await operatorTypes(store, places, REGISTER(), 'GOCSPX-not-the-secret');
    expect(wrong.code).toBe(1);
    expect(wrong.said).toContain(
      "Not connected: Google refused the firm's web app (invalid_client: Unauthorized): give its client ID and a new secret with npm run outbox -- calendars google-web",
    );
    const notAnId = await operatorTypes(
      store,
      places,
      ['calendars', 'google-web', '--client-id', 'GOCSPX-a-secret-pasted-as-the-id'],
      google.web.clientSecret,
    );
    expect(notAnId.code).toBe(2);
    expect(notAnId.said).toContain('ending .apps.googleusercontent.com');
    expect(await store.calendarConnections()).toEqual([]);

    const right = await operatorTypes(store, places, REGISTER(), google.web.clientSecret);
    expect(right).toMatchObject({ code: 0 });
    expect(right.said).toContain(
      `Connected the firm's google-web connection (the OAuth client ${google.web.clientId}, for hosts to sign in to): its secret was proved just now`,
    );
    expect(right.said).not.toContain(google.web.clientSecret);
    // The proof's code was refused as Google refuses a code it never gave: no token came of it.
    expect(google.web.refreshTokens).toEqual([]);
  });

  it('signs in offline with PKCE, never offers her busy times, and writes a booking once into her primary calendar with her own token', async () => {
    const calendar = google.state.calendars.get(ANN);
    calendar?.events.set('court1', {
      id: 'court1',
      status: 'confirmed',
      start: london('2027-03-29', '09:00'),
      end: london('2027-03-29', '10:00'),
    });
    const kit = await consoleOfAnn();
    const { h, ann, signsIn, kept, disconnects, pageOf } = kit;
    const calls = await pageOf('/admin/calls', ann);
    expect(calls).toContain('Connect my Google calendar');
    expect(calls).not.toContain('Connect my Microsoft 365 calendar');

    const { sent, back, status, page } = await signsIn();
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({
      access_type: 'offline',
      prompt: 'consent',
      response_type: 'code',
      code_challenge_method: 'S256',
      scope: CALENDAR_SCOPE,
      redirect_uri: CALLBACK,
      login_hint: ANN,
    });
    expect(back.searchParams.get('state')).toBe(sent.searchParams.get('state'));
    expect(status).toBe(200);
    expect(page).toContain('Your Google calendar is connected and was read just now');

    const { calendar: connected, token } = await kept();
    expect(connected).toMatchObject({ address: ANN, kind: 'google' });
    const [refreshToken] = google.web.refreshTokens;
    expect(connected?.sealedPassword).not.toContain(refreshToken);
    expect(token).toBe(refreshToken);
    // Her own token: the firm connected no service account.
    expect(await store.calendarConnection('google')).toBeNull();
    expect(google.state.requests.map((request) => request.path)).toContainEqual(
      expect.stringMatching(/^\/calendar\/v3\/calendars\/primary\/events\?/),
    );

    await kit.parts.busy.refresh();
    const starts = await kit.offered();
    for (const busy of ['2027-03-29T08:00:00Z', '2027-03-29T08:30:00Z'])
      expect(starts).not.toContain(busy);
    expect(starts).toContain('2027-03-29T09:00:00Z');
    const taken = await h.submit({
      answers: { ...validEnquiry().answers, call: '2027-03-29T09:00:00Z' },
    });
    expect(taken.status).toBe(201);
    while ((await kit.parts.writer.round()) > 0);
    const ours = google.events(ANN).filter((event) => event.id !== 'court1');
    expect(ours).toEqual([
      expect.objectContaining({
        summary: 'Call with Ada Lovelace',
        start: { dateTime: '2027-03-29T09:00:00.000Z' },
      }),
    ]);
    const audit = JSON.stringify(await store.listAudit({ limit: 20 }));
    expect(audit).toContain('google, by their own sign-in');
    const after = await pageOf('/admin/calls', ann);
    expect(after).toContain('Your Google calendar is connected');
    for (const text of [page, audit, after, kit.logs.text()])
      expect(text).not.toContain(refreshToken);

    expect(await disconnects()).toContain(
      'Your calendar is disconnected and your sign-in forgotten: it is no longer read nor written.',
    );
    // Handed back to Google first: the refresh token it gave is good there no more.
    expect(await refreshAtGoogle(refreshToken ?? '')).toEqual({
      error: 'invalid_grant',
      error_description: 'Token has been expired or revoked.',
    });
  });

  it('refuses an answer whose state is not the flow’s, a declined consent, a wrong verifier and a code used twice, in words', async () => {
    const { begunSignIn, forgedAnswer, signsIn } = await consoleOfAnn();
    const { status, page } = await forgedAnswer();
    expect(status).toBe(401);
    expect(page).toContain('did not come from the sign-in started here');
    google.web.signedIn = null;
    const declined = await signsIn();
    expect(declined.status).toBe(400);
    expect(declined.page).toContain(
      'Your Google calendar was not connected: the sign-in answered “access_denied” (the access was not granted)',
    );
    expect(await store.hostCalendars()).toEqual([]);
    google.web.signedIn = ANN;

    const { code, finish } = await begunSignIn();
    expect(await finish(await code(), 'not the verifier of this sign-in, 43 chars')).toContain(
      "sign in again: Google no longer accepts the host's sign-in (invalid_grant: Invalid code verifier.)",
    );
    const second = await code();
    expect(await finish(second)).toBe('connected');
    expect(await finish(second)).toContain('(invalid_grant: Malformed auth code.)');
  });

  it('withdraws her times once she revokes the access, and the People page says “sign in again”', async () => {
    const kit = await consoleOfAnn();
    const { clock, parts, logs, ann, pressConnect, callback, offered, pageOf, peoplePage } = kit;
    const { flow, back } = await pressConnect();
    expect((await callback(back.search, flow)).status).toBe(200);
    await parts.busy.refresh();
    expect(await offered()).toContain('2027-03-29T09:00:00Z');

    google.web.revoke(ANN);
    clock.now += 61_000;
    await parts.busy.refresh();
    const [calendar] = await store.hostCalendars();
    expect(calendar?.fault).toContain(
      "sign in again: Google no longer accepts the host's sign-in (invalid_grant: Token has been expired or revoked.)",
    );
    // Past the two minutes a read is trusted, no time of hers is offered.
    clock.now += 61_000;
    await parts.busy.refresh();
    expect(await offered()).toEqual([]);
    const people = await peoplePage();
    expect(people).toContain(`${ANN}’s Google calendar: sign in again`);
    expect(await pageOf('/admin/calls', ann)).toContain('Your Google calendar: sign in again');
    for (const token of google.web.refreshTokens) expect(logs.text() + people).not.toContain(token);

    // She signs in again: her times come back, and nobody is told to sign in again.
    const again = await pressConnect();
    expect((await callback(again.back.search, again.flow)).status).toBe(200);
    await parts.busy.refresh();
    expect(await offered()).toContain('2027-03-29T09:00:00Z');
    expect(await peoplePage()).not.toContain('sign in again');
    expect(await pageOf('/admin/calls', ann)).toContain('Your Google calendar is connected');

    // Disconnecting while Google cannot be reached still erases the token, and says so.
    await google.close();
    expect(await kit.disconnects()).toContain('Google did not confirm taking the access back');
    const audit = JSON.stringify(await store.listAudit({ limit: 20 }));
    expect(audit).toContain('by their own sign-in; not revoked: ');
  });

  it('refuses a sign-in with another Google account than hers, naming both, its token handed back, unless the firm allows any', async () => {
    const BOB = 'bob.personal@lovelace-law.example';
    google.user(BOB, 'Europe/London');
    google.web.signedIn = BOB;
    const { signsIn } = await consoleOfAnn();
    const { status, page } = await signsIn();
    expect(status).toBe(502);
    expect(page).toContain(
      `Your Google calendar was not connected: you signed in to Google as ${BOB}, not as ${ANN}, the address your calls are booked with: sign out of Google, then sign in as ${ANN}. Nothing was connected.`,
    );
    expect(await store.hostCalendars()).toEqual([]);
    // Nothing kept at Google either: the token it gave is good there no more.
    const [given] = google.web.refreshTokens;
    expect(await refreshAtGoogle(given ?? '')).toMatchObject({ error: 'invalid_grant' });

    const again = await operatorTypes(
      store,
      places,
      [...REGISTER(), '--other-accounts'],
      google.web.clientSecret,
    );
    expect(again.said).toContain('for hosts to sign in to, any account they sign in with');
    expect((await signsIn()).status).toBe(200);
    expect(await store.hostCalendars()).toEqual([expect.objectContaining({ address: ANN })]);
  });
});
