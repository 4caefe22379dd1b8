/**
 * A visitor in New York books a call with a London firm (issue 85, major 3): the answer, the
 * confirmation email as a real mail server received it, the call's page, the email of a move
 * and the lead's page in the console give the call on the visitor's clock with London's beside
 * it, and no ISO 8601 value where a person reads (the answer's own `start`, for programs, aside).
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BookedCall } from '../contract/wire.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions, pressOnPage } from '../test/fixtures/call-pages.ts';
import { confirming, confirmingProxies } from '../test/fixtures/confirming-proxy.ts';
import { HOST, signedInAs } from '../test/fixtures/console-people.ts';
import { validEnquiry } from '../test/fixtures/proxy-harness.ts';

const confirmingProxy = confirmingProxies();
const config: FormConfig = { ...lawFirmBooking, confirmation: confirming().confirmation };
const TOKEN = randomBytes(32).toString('base64url');
/** Monday 29 March 2027, 09:00 in London (summer time), 04:00 in New York. */
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const IN_NEW_YORK =
  'Monday, 29 March 2027, 04:00–04:30 America/New_York (09:00–09:30 Europe/London)';
const ISO = /\d{4}-\d\d-\d\dT\d\d:\d\d(:\d\d)?(\.\d+)?Z/;

/** What a person reads of an HTML page or part: its text, no tag or attribute. */
const shown = (html: string) =>
  html
    .replace(/<style[\s\S]*?<\/style>/g, '')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&[a-z]+;|&#\d+;/g, ' ');

describe('a New York visitor’s call with a London firm', () => {
  it('is given on their clock with London’s beside it, and never as an ISO value a person reads', async () => {
    const options = callPagesOptions(config);
    const proxy = await confirmingProxy(config, {
      harness: { ...options, deps: { ...options.deps, adminToken: TOKEN } },
    });
    const { harness, mail, send } = proxy;
    const sent = await harness.submit({
      answers: { ...validEnquiry().answers, call: MONDAY_NINE },
      time_zone: 'America/New_York',
    });
    expect(sent.status).toBe(201);
    const answer = (await sent.json()) as { reference: string; call?: BookedCall };
    const { reference, call } = answer;
    expect(call).toMatchObject({
      start: MONDAY_NINE,
      end: '2027-03-29T08:30:00Z',
      timeZone: 'Europe/London',
      visitorZone: 'America/New_York',
      emailed: true,
    });

    await send();
    const [confirmation] = mail.received;
    const text = confirmation?.text ?? '';
    const html = String(confirmation?.html);
    expect(text).toContain(`Your call: ${IN_NEW_YORK}`);
    // "Your answers" writes the call in words too, in both parts.
    expect(text).toContain(`When shall we call you?\n  ${IN_NEW_YORK}`);
    expect(shown(html)).toContain(IN_NEW_YORK);
    expect(text).not.toMatch(ISO);
    expect(shown(html)).not.toMatch(ISO);

    // The call's page: the same words, the zone said once, no ISO value in what it shows.
    const path = new URL(call?.page ?? '').pathname;
    expect(call?.page).toContain(path);
    const page = await (await harness.app.request(path)).text();
    expect(shown(page)).toContain(IN_NEW_YORK);
    expect(shown(page).split('Times are in').length - 1).toBe(1);
    expect(shown(page)).toContain('Times are in America/New_York.');
    expect(shown(page)).not.toMatch(ISO);

    // A move: the email and the page say the new time on the visitor's clock.
    const moved = await pressOnPage(harness, path, {
      action: 'move',
      start: '2027-03-29T13:00:00Z',
    });
    expect(shown(await moved.text())).toContain(
      'Your call is now Monday, 29 March 2027, 09:00–09:30 America/New_York (14:00–14:30 Europe/London).',
    );
    await send();
    const movedEmail = mail.received.find((email) =>
      email.subject?.startsWith('Your call is moved'),
    );
    expect(movedEmail?.text).toContain(
      'Now: Monday, 29 March 2027, 09:00–09:30 America/New_York (14:00–14:30 Europe/London)',
    );
    expect(movedEmail?.text).toContain(`It was ${IN_NEW_YORK}.`);
    expect(movedEmail?.text).not.toMatch(ISO);

    // The lead's page in the console: the answer in words, the visitor's time beside the firm's.
    const staff = await signedInAs(harness, TOKEN, {
      email: 'sam@lovelace-law.example',
      role: 'staff',
    });
    const lead = await (
      await harness.app.request(`${HOST}/admin/leads/${reference}`, {
        headers: { cookie: staff.cookie },
      })
    ).text();
    expect(shown(lead)).toContain('Monday, 29 March 2027, 09:00–09:30 Europe/London, with ann@');
    expect(shown(lead)).toContain('America/New_York');
    expect(shown(lead)).not.toMatch(ISO);
  });
});
