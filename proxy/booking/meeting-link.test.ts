/**
 * A meeting link per call (issue 88, item 2), end to end in memory with the built-in calendar:
 * with `booking.meeting` a link holding `{room}`, each call booked gets a room of its own, kept
 * with the booking, in its confirmation (a line and a link) and its invitation (LOCATION and
 * URL, read back as a calendar program reads them), the host's feed and the lead's page; a
 * moved call keeps its room. Without `meeting` the call is by telephone, and the words say so,
 * in English and in Welsh. The mail goes through a real SMTP server (smtp-server on loopback).
 */
import { randomBytes } from 'node:crypto';
import ICAL from 'ical.js';
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { parseFormConfigs } from '../contract/schemas/form-config.ts';
import { lawFirmBookingFile, withBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions, pressOnPage } from '../test/fixtures/call-pages.ts';
import { answerOf, confirming, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { signedInAs } from '../test/fixtures/console-people.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';
import { feedPath } from './host-feeds.ts';
import { providerNotice } from './meeting-providers.ts';

const confirmingProxy = confirmingProxies();
const TOKEN = randomBytes(32).toString('base64url');
const JITSI = 'https://meet.jit.si/marsh-pell-{room}';
const ROOM = /https:\/\/meet\.jit\.si\/marsh-pell-([a-z0-9]+)/;

/** A proxy confirming calls booked by `booking`'s rules, with its console. */
async function proxyWith(booking: object) {
  const config = { ...withBooking(booking), confirmation: confirming().confirmation };
  const options = callPagesOptions(config);
  const proxy = await confirmingProxy(config, {
    harness: { ...options, deps: { ...options.deps, adminToken: TOKEN } },
  });
  const book = async (start: string, email: string, more: object = {}) => {
    const sent = await proxy.harness.submit({
      email,
      answers: { ...validEnquiry().answers, call: start },
      ...more,
    });
    expect(sent.status).toBe(201);
    return (await answerOf(sent)).reference;
  };
  const mailTo = (email: string) =>
    proxy.mail.received.filter((each) => each.to && 'text' in each.to && each.to.text === email);
  return { ...proxy, book, mailTo };
}

/** The invitation's LOCATION and URL, as a calendar program reads them. */
function placeOf(email: ParsedMail | undefined) {
  const attached = email?.attachments.find((part) => part.contentType === 'text/calendar');
  const event = ICAL.Component.fromString(
    attached?.content.toString('utf8') ?? '',
  ).getFirstSubcomponent('vevent');
  return {
    location: event?.getFirstPropertyValue('location'),
    url: event?.getFirstPropertyValue('url'),
  };
}

describe('a meeting link per call', () => {
  it('gives two calls two rooms, each in its confirmation and its invitation, and keeps one through a move', async () => {
    const { harness, book, mailTo, send } = await proxyWith({ meeting: { link: JITSI } });
    const ada = await book('2027-03-29T08:00:00Z', 'ada@example.com');
    await book('2027-03-29T09:00:00Z', 'grace@example.com');
    await send();
    const [toAda] = mailTo('ada@example.com');
    const [toGrace] = mailTo('grace@example.com');
    const adaLink = ROOM.exec(toAda?.text ?? '')?.[0] ?? '';
    const graceLink = ROOM.exec(toGrace?.text ?? '')?.[0] ?? '';
    expect(ROOM.exec(adaLink)?.[1]?.length).toBeGreaterThanOrEqual(16);
    expect(adaLink).not.toBe(graceLink);
    expect(toAda?.text).toContain(`Join the call at this link:\n${adaLink}`);
    expect(toAda?.html).toContain(`<a href="${adaLink}">${adaLink}</a>`);
    expect(placeOf(toAda)).toEqual({ location: adaLink, url: adaLink });
    expect(placeOf(toGrace)).toEqual({ location: graceLink, url: graceLink });
    expect((await harness.store.bookingsOf(ada))[0]?.meetingUrl).toBe(adaLink);

    // The host's feed and the lead's page say the same room.
    const [call] = await harness.store.bookingsOf(ada);
    const path = await feedPath(harness.store, call?.host ?? '', { at: 0, by: 'test' });
    const feed = await (await harness.app.request(path)).text();
    expect(feed.replace(/\r\n /g, '')).toContain(`LOCATION:${adaLink}`);
    const staff = await signedInAs(harness, TOKEN, {
      email: 'sam@lovelace-law.example',
      role: 'staff',
    });
    const page = await (
      await harness.app.request(`http://localhost/admin/leads/${ada}`, {
        headers: { cookie: staff.cookie },
      })
    ).text();
    expect(page).toContain(`<a href="${adaLink}">${adaLink}</a>`);

    // Ada moves her call: the invitation of the move keeps her room.
    const link = new URL(/https?:\/\/\S+\/booking\/\S+/.exec(toAda?.text ?? '')?.[0] ?? '');
    const moved = await pressOnPage(harness, link.pathname + link.search, {
      action: 'move',
      start: '2027-03-29T13:00:00Z',
    });
    expect(moved.status).toBe(200);
    // Her call's page says where, as it is now.
    expect(await moved.text()).toContain(`<a href="${adaLink}">${adaLink}</a>`);
    await send();
    const [move] = mailTo('ada@example.com').filter((each) =>
      each.subject?.startsWith('Your call is moved'),
    );
    expect(placeOf(move)).toEqual({ location: adaLink, url: adaLink });
    expect((await harness.store.bookingsOf(ada))[0]?.meetingUrl).toBe(adaLink);
  });

  it('says a call without a meeting is by telephone, with the number the visitor gave', async () => {
    const { book, mailTo, send } = await proxyWith({});
    await book('2027-03-29T08:00:00Z', 'ada@example.com', { telephone_mobile: '07700 900123' });
    await book('2027-03-29T09:00:00Z', 'grace@example.com', { telephone_mobile: '' });
    await send();
    const [toAda] = mailTo('ada@example.com');
    expect(toAda?.text).toContain('By telephone: we will call you on 07700 900123.');
    expect(placeOf(toAda)).toEqual({ location: 'By telephone', url: null });
    expect(mailTo('grace@example.com')[0]?.text).toContain(
      'By telephone: the firm will contact you for a number to call.',
    );
  });
});

describe('a meeting link per call, in Welsh', () => {
  it('says where the call is in the language the visitor read the form in', async () => {
    // The law firm's form, its texts the same in both languages, asked in Welsh.
    const translations = parseFormConfigs({
      ...lawFirmBookingFile,
      languages: ['en', 'cy'],
      booking: { ...lawFirmBookingFile.booking, meeting: { link: JITSI } },
      confirmation: confirming().confirmation,
    });
    const config = translations.first;
    const options = callPagesOptions(config);
    const proxy = await confirmingProxy(config, { translations, harness: options });
    const sent = await proxy.harness.submit({
      lang: 'cy',
      answers: { ...validEnquiry().answers, call: '2027-03-29T08:00:00Z' },
    });
    expect(sent.status).toBe(201);
    await proxy.send();
    const [email] = proxy.mail.received;
    expect(email?.text).toMatch(/Ymunwch â’r alwad drwy’r ddolen hon:\nhttps:\/\/meet\.jit\.si\//);
  });
});

describe('a meeting a host’s calendar would make', () => {
  it('is said, at start and in the studio, to be made by the host’s calendar, by telephone without one', () => {
    expect(providerNotice(withBooking({ meeting: { link: JITSI } }))).toBeUndefined();
    const draft = {
      booking: { meeting: { provider: 'teams' } },
      routing: { teams: { property: { booking: { meeting: { provider: 'meet' } } } } },
    };
    expect(providerNotice(draft)).toBe(
      'booking.meeting asks for Microsoft Teams meetings, made in each host’s Microsoft 365 calendar, and Google Meet meetings, made in each host’s Google calendar: each call’s link is read back from its host’s calendar and emailed to the visitor. A call that may go to a host whose calendar cannot make it (CalDAV, or none connected) is by telephone, and its emails say so (docs/booking.md, “Reminders and the meeting link”).',
    );
  });
});
