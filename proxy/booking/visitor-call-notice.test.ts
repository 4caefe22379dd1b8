/**
 * The visitor told of their call cancelled or moved, end to end in memory: the enquiry books a
 * time and its confirmation goes out through a real SMTP server (smtp-server on loopback); the
 * visitor on their page, or staff in the console, cancel or move the call; the email the visitor
 * then receives is read back as a calendar program reads its invitation (mailparser, ical.js).
 */
import { randomBytes } from 'node:crypto';
import type { ParsedMail } from 'mailparser';
import { afterEach, describe, expect, it } from 'vitest';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { HOSTS, lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { attachedInvitation } from '../test/fixtures/call-invitations.ts';
import { callPagesOptions, pressOnPage } from '../test/fixtures/call-pages.ts';
import { answerOf, confirming, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { startMailServer, type RunningMailServer } from '../test/fixtures/mail-server.ts';
import { validEnquiry, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';

const confirmingProxy = confirmingProxies();
/** The firm's own ways in, which the call's page gives once its visitor may not move it. */
const FIRM = { name: 'Lovelace & Co', phone: '020 7946 0018', email: 'calls@lovelace-law.example' };
const config: FormConfig = {
  ...lawFirmBooking,
  confirmation: confirming().confirmation,
  firm: FIRM,
};
const TOKEN = randomBytes(32).toString('base64url');
const [ANN] = HOSTS;
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const WAS = 'Monday, 29 March 2027, 09:00–09:30 Europe/London';

const restarted: RunningMailServer[] = [];
afterEach(async () => {
  await Promise.all(restarted.splice(0).map((server) => server.close()));
});

/** A proxy booking and confirming calls, with its console; Ada's call booked Monday 09:00. */
async function adasCall() {
  const options = callPagesOptions(config);
  const proxy = await confirmingProxy(config, {
    harness: { ...options, deps: { ...options.deps, adminToken: TOKEN } },
  });
  const { harness } = proxy;
  const sent = await harness.submit({ answers: { ...validEnquiry().answers, call: MONDAY_NINE } });
  expect(sent.status).toBe(201);
  const { reference } = await answerOf(sent);
  await proxy.send();
  const [confirmation] = proxy.mail.received;
  const link = /https?:\/\/\S+\/booking\/\S+/.exec(confirmation?.text ?? '')?.[0] ?? '';
  const path = new URL(link).pathname + new URL(link).search;
  const staff = await signedInAs(harness, TOKEN, {
    email: 'sam@lovelace-law.example',
    role: 'staff',
  });
  /** Staff's press in the console on the call as it is at `sequence`. */
  const staffPress = async (press: 'cancel' | 'move', sequence: number, start = '') => {
    const [booking] = await harness.store.bookingsOf(reference);
    const fields = { uid: booking?.uid ?? '', sequence: String(sequence), start };
    const answer = await postForm(
      harness,
      `/admin/leads/${reference}/call/${press}`,
      staff,
      fields,
    );
    expect(answer.status).toBe(303);
  };
  /** The emails Ada has received whose subject starts so. */
  const adas = (subject: string, mail = proxy.mail) =>
    mail.received.filter(
      (email) =>
        email.to &&
        'text' in email.to &&
        email.to.text === 'ada@example.com' &&
        email.subject?.startsWith(subject),
    );
  return {
    ...proxy,
    reference,
    link,
    path,
    staffPress,
    adas,
    invitation: invitationOf(confirmation),
  };
}

/** The visitor's press on their call's page, with the page's own check. */
async function visitorPress(h: ProxyHarness, path: string, fields: Record<string, string>) {
  expect((await pressOnPage(h, path, fields)).status).toBe(200);
}

/** The invitation an email carries, as a calendar program reads it. */
function invitationOf(email: ParsedMail | undefined) {
  const { calendar, event } = attachedInvitation(email);
  return {
    method: calendar.getFirstPropertyValue('method'),
    uid: event?.getFirstPropertyValue('uid'),
    sequence: Number(event?.getFirstPropertyValue('sequence')),
    status: event?.getFirstPropertyValue('status'),
    start: event?.getFirstPropertyValue('dtstart')?.toString(),
    organizer: event?.getFirstPropertyValue('organizer'),
    attendee: event?.getFirstPropertyValue('attendee'),
  };
}

describe('the visitor of a call cancelled or moved', () => {
  it('is sent METHOD:CANCEL for the same UID at a higher SEQUENCE when they cancel it', async () => {
    const { harness, path, adas, send, invitation } = await adasCall();
    expect(invitation).toMatchObject({ method: 'REQUEST', sequence: 0 });
    await visitorPress(harness, path, { action: 'cancel' });
    await send();

    const [email, ...more] = adas('Your call is cancelled');
    expect(more).toEqual([]);
    expect(email?.text).toContain('Your call is cancelled, as you asked.');
    expect(email?.text).toContain(`It was ${WAS}, with ${ANN}.`);
    expect(invitationOf(email)).toEqual({
      ...invitation,
      method: 'CANCEL',
      sequence: 1,
      status: 'CANCELLED',
    });
  });

  it('is sent the call at its new time when staff move it, with a link that still opens its page', async () => {
    const { harness, link, path, staffPress, adas, send, invitation } = await adasCall();
    await staffPress('move', 0, '2027-03-29T09:30:00Z');
    await send();

    const [email, ...more] = adas('Your call is moved');
    expect(more).toEqual([]);
    const text = email?.text ?? '';
    expect(text).toContain('The firm has moved your call to another time.');
    expect(text).toContain(`Now: Monday, 29 March 2027, 10:30–11:00 Europe/London, with ${ANN}.`);
    expect(text).toContain(`It was ${WAS}.`);
    expect(text).toContain(link);
    expect(String(email?.html)).toContain(`<a href="${link}">`);
    expect(invitationOf(email)).toEqual({
      ...invitation,
      sequence: 1,
      start: '2027-03-29T09:30:00Z',
    });
    const page = await harness.app.request(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Monday, 29 March 2027, 10:30–11:00 Europe/London');

    // Then cancelled by staff: the visitor is told so, and how to book again.
    await staffPress('cancel', 1);
    await send();
    const [cancelled] = adas('Your call is cancelled');
    expect(cancelled?.text).toContain('We are sorry: the firm has had to cancel your call.');
    expect(cancelled?.text).toContain('send the enquiry form on the firm’s website again');
    expect(invitationOf(cancelled)).toMatchObject({
      method: 'CANCEL',
      uid: invitation.uid,
      sequence: 2,
      start: '2027-03-29T09:30:00Z',
    });
  });

  it('is sent one email of a move made while the mail server was down, once it is back', async () => {
    const { harness, path, adas, send, mail } = await adasCall();
    await mail.close();
    await visitorPress(harness, path, { action: 'move', start: '2027-03-29T13:00:00Z' });
    await send();
    expect(adas('Your call is moved')).toEqual([]);

    const back = await startMailServer({ port: mail.port });
    restarted.push(back);
    for (let hour = 1; hour <= 3; hour += 1) {
      harness.clock.now += 3_600_000;
      await send();
    }
    const [email, ...more] = adas('Your call is moved', back);
    expect(more).toEqual([]);
    expect(invitationOf(email)).toMatchObject({ method: 'REQUEST', start: '2027-03-29T13:00:00Z' });
  });

  it('is told of booking, moving and cancelling with the default limits, the cancel as METHOD:CANCEL', async () => {
    // Two a mailbox a day (the default): the confirmation, the move and the cancel all go.
    expect(config.confirmation?.limits.perAddressPerDay).toBe(2);
    const { harness, path, adas, send, invitation } = await adasCall();
    await visitorPress(harness, path, { action: 'move', start: '2027-03-29T13:00:00Z' });
    await visitorPress(harness, path, { action: 'cancel' });
    await send();

    expect(adas('Your call is moved').map((email) => invitationOf(email).sequence)).toEqual([1]);
    const [cancelled, ...more] = adas('Your call is cancelled');
    expect(more).toEqual([]);
    expect(invitationOf(cancelled)).toEqual({
      ...invitation,
      method: 'CANCEL',
      sequence: 2,
      status: 'CANCELLED',
      start: '2027-03-29T13:00:00Z',
    });
  });

  it('is confirmed a call booked after the day’s confirmations of other enquiries went', async () => {
    const { harness, send, mail } = await confirmingProxy(config, {
      harness: callPagesOptions(config),
    });
    for (const notes of ['First', 'Second', 'Third'])
      await harness.submit({ answers: { ...validEnquiry().answers, notes } });
    const sent = await harness.submit({
      answers: { ...validEnquiry().answers, call: MONDAY_NINE },
    });
    const { reference } = await answerOf(sent);
    await send();
    const confirmed = mail.received.map((email) => email.subject);
    // The mailbox's two of the day went to the first two enquiries; the call has its own.
    expect(confirmed.filter((subject) => subject?.startsWith('We have your enquiry'))).toHaveLength(
      3,
    );
    expect(confirmed).toContain(`We have your enquiry (${reference})`);
  });

  it('may move it as often as booking.visitorMoves allows, then is given the firm’s telephone and email, and may still cancel', async () => {
    const { harness, path, adas, send, staffPress } = await adasCall();
    for (const start of ['2027-03-29T13:00:00Z', '2027-03-29T14:00:00Z'])
      await visitorPress(harness, path, { action: 'move', start });
    const page = await (await harness.app.request(path)).text();
    expect(page).toContain('This call has been moved as often as it can be here.');
    expect(page).toContain('<a href="tel:02079460018">020 7946 0018</a>');
    expect(page).toContain('<a href="mailto:calls@lovelace-law.example">');
    expect(page).not.toContain('name="start"');
    // A third press (a page drawn before, or made by hand) changes nothing, in words.
    const third = await pressOnPage(harness, path, {
      action: 'move',
      start: '2027-03-29T15:00:00Z',
    });
    expect(third.status).toBe(409);
    expect(await third.text()).toContain(
      'We will gladly help you change it by telephone or email.',
    );
    await send();
    expect(adas('Your call is moved').map((email) => invitationOf(email).sequence)).toEqual([1, 2]);

    // Staff are not limited; the visitor may still cancel.
    await staffPress('move', 2, '2027-03-29T15:00:00Z');
    await visitorPress(harness, path, { action: 'cancel' });
    await send();
    expect(adas('Your call is cancelled').map((email) => invitationOf(email).sequence)).toEqual([
      4,
    ]);
  });

  it('may not move it themselves once it starts within moveNoticeHours', async () => {
    const { harness, path, reference } = await adasCall();
    // Monday 09:00 in London; the notice is two hours: at 07:30 it is too soon.
    harness.clock.now = Date.parse('2027-03-29T06:30:00Z');
    const page = await (await harness.app.request(path)).text();
    expect(page).toContain('This call starts too soon to be moved here.');
    expect(page).toContain('Cancel the call');
    const press = await pressOnPage(harness, path, {
      action: 'move',
      start: '2027-03-29T13:00:00Z',
    });
    expect(press.status).toBe(409);
    expect((await harness.store.bookingsOf(reference))[0]).toMatchObject({
      start: Date.parse(MONDAY_NINE),
      sequence: 0,
    });
  });

  it('is sent nothing when their enquiry was sent no confirmation', async () => {
    const options = callPagesOptions(lawFirmBooking);
    const { harness, send, mail } = await confirmingProxy(lawFirmBooking, {
      harness: { ...options, deps: { ...options.deps, adminToken: TOKEN } },
    });
    const sent = await harness.submit({
      answers: { ...validEnquiry().answers, call: MONDAY_NINE },
    });
    const { reference } = await answerOf(sent);
    const staff = await signedInAs(harness, TOKEN, {
      email: 'sam@lovelace-law.example',
      role: 'staff',
    });
    const [booking] = await harness.store.bookingsOf(reference);
    await postForm(harness, `/admin/leads/${reference}/call/cancel`, staff, {
      uid: booking?.uid ?? '',
      sequence: '0',
    });
    expect((await harness.store.bookingsOf(reference))[0]?.state).toBe('cancelled');
    await send();
    const kinds = (await harness.store.notificationsFor(reference)).map((each) => each.kind);
    expect(kinds).toContain('call.cancelled');
    expect(kinds.filter((kind) => kind.startsWith('visitor.'))).toEqual([]);
    expect(mail.received.filter((email) => email.subject?.startsWith('Your call'))).toEqual([]);
  });
});
