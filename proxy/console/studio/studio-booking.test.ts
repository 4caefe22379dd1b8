import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  BOOKING,
  lawFirmBookingFile,
  lawFirmBookingRoutedFile,
} from '../../test/fixtures/booking-config.ts';
import type { Slot } from '../../contract/booking.ts';
import { HOST } from '../../test/fixtures/console-people.ts';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const lawFirm = () => JSON.parse(readFileSync('demo/forms/law-firm.json', 'utf8')) as unknown;
const BOOKING_PAGE = '/admin/form/booking';
const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri'] as const;
const weekdays = (hours: string) =>
  Object.fromEntries(WEEKDAYS.map((day) => [`hours.${day}`, hours]));

type Studio = Awaited<ReturnType<typeof studioConsole>>['studio'];
const publish = async (studio: Studio) =>
  studio.publish((await studio.draft()).revision, { person: 'ann', client: '' });

describe('booking a call, from the studio', () => {
  it('turns calls on with the firm’s hours and hosts, adds a question of the type, and makes it live', async () => {
    const { h, studio, as, post, submit, page } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    expect((await page(editor, '/admin/form')).html).toContain('No calls offered');
    await submit(editor, BOOKING_PAGE, {
      offer: 'yes',
      timeZone: 'Europe/London',
      ...weekdays('09:00-12:30, 13:30-17:00'),
      'hours.sat': '10:00-12:00',
      minutes: '30',
      bufferMinutes: '10',
      noticeHours: '4',
      horizonDays: '21',
      visitorMoves: '1',
      moveNoticeHours: '24',
      reminders: '24h\n30m',
      hostReminders: 'yes',
      meeting: 'link',
      meetingLink: 'https://meet.jit.si/marsh-pell-{room}',
      closed: '2026-12-25\n2026-12-28',
      people: 'ann@lovelace-law.example\nbob@lovelace-law.example',
    });
    // The weekdays with the same hours are one key again, as a person writes the file.
    expect(at((await studio.draft()).config, ['booking'])).toEqual({
      timeZone: 'Europe/London',
      hours: { 'mon-fri': ['09:00-12:30', '13:30-17:00'], sat: '10:00-12:00' },
      minutes: 30,
      bufferMinutes: 10,
      noticeHours: 4,
      horizonDays: 21,
      visitorMoves: 1,
      moveNoticeHours: 24,
      reminders: ['24h', '30m'],
      hostReminders: true,
      meeting: { link: 'https://meet.jit.si/marsh-pell-{room}' },
      closed: ['2026-12-25', '2026-12-28'],
      people: ['ann@lovelace-law.example', 'bob@lovelace-law.example'],
    });
    const added = await post(editor, '/admin/form/case-types/0/questions', {
      label: 'When shall we call you?',
      type: 'appointment',
    });
    const path = (added.headers.get('location') ?? '').split('?')[0] ?? '';
    const drawn = (await page(editor, path)).html;
    // A visitor picks a time: no first answer from the page, no options, no length.
    expect(drawn).toContain('A time to talk, booked from the hosts’ free times');
    expect(drawn).not.toContain('A first answer from the page');
    expect(drawn).not.toContain('Longest answer');
    await submit(editor, path, { hint: 'A free half hour.', required: 'on' });
    expect(at((await studio.draft()).config, ['caseTypes', 0, 'questions', 5])).toEqual({
      id: 'when_shall_we_call_you',
      label: 'When shall we call you?',
      type: 'appointment',
      hint: 'A free half hour.',
      required: true,
    });
    expect('published' in (await publish(studio))).toBe(true);
    const slots = await h.app.request('http://localhost/api/slots?case-type=conveyancing');
    expect(slots.status).toBe(200);
    expect(await slots.json()).toMatchObject({ timeZone: 'Europe/London', minutes: 30 });
    const form = (await page(editor, '/admin/form')).html;
    expect(form).toContain('30-minute calls, in Europe/London');
    // Drawn back as saved: a box per weekday, a line per day closed.
    const again = (await page(editor, BOOKING_PAGE)).html;
    expect(again).toMatch(/name="hours\.wed"[^>]*value="09:00-12:30, 13:30-17:00"/);
    expect(again).toMatch(/name="hours\.sun"[^>]*value=""/);
    expect(again).toMatch(
      /name="meetingLink"[^>]*value="https:\/\/meet\.jit\.si\/marsh-pell-\{room\}"/,
    );
    // No reminders is a word, the file's []; a calendar's own meeting is a choice of its own.
    await submit(editor, BOOKING_PAGE, {
      reminders: 'none',
      hostReminders: 'no',
      meeting: 'teams',
    });
    expect(at((await studio.draft()).config, ['booking'])).toMatchObject({
      reminders: [],
      meeting: { provider: 'teams' },
    });
    expect(at((await studio.draft()).config, ['booking', 'hostReminders'])).toBeUndefined();
    expect((await page(editor, BOOKING_PAGE)).html).toMatch(
      /name="reminders"[^>]*>\s*none<\/textarea>/,
    );
    // Off again: the block leaves the file, and the question is refused without it.
    await submit(editor, BOOKING_PAGE, { offer: 'no' });
    expect(at((await studio.draft()).config, ['booking'])).toBeUndefined();
  });

  it('says each problem beside its box, in words, and “Make changes live” refuses it', async () => {
    const { studio, as, submit, page } = await studioConsole(setUp, lawFirmBookingFile);
    const editor = await as('operator');
    expect((await submit(editor, BOOKING_PAGE, { 'hours.tue': '17:00-09:00' })).status).toBe(303);
    await submit(editor, BOOKING_PAGE, {
      timeZone: 'Mars/Olympus',
      minutes: '7',
      reminders: '2d',
      meeting: 'link',
      meetingLink: 'http://meet.example/{room}',
    });
    const html = (await page(editor, BOOKING_PAGE)).html;
    expect(html).toContain(
      'Tuesday’s hours: &quot;17:00-09:00&quot; must end after it starts (a day ends at 24:00).',
    );
    expect(html).toMatch(/id="f-hours-tue-error"/);
    expect(html).toMatch(/id="f-timeZone-error">[\s\S]{0,80}IANA time zone/);
    expect(html).toMatch(/id="f-minutes-error">[\s\S]{0,80}multiple of 5/);
    // The config schema's own words, beside the boxes of what follows the call.
    expect(html).toMatch(/id="f-reminders-error">[\s\S]{0,120}is not a duration before the call/);
    expect(html).toMatch(/id="f-meetingLink-error">[\s\S]{0,120}must start with https:\/\//);
    expect(html).not.toContain('booking.hours');
    expect('published' in (await publish(studio))).toBe(false);
  });

  it('gives a team hours of its own on the routing page, each key left empty following the form’s', async () => {
    const { studio, as, submit, page } = await studioConsole(setUp, lawFirmBookingRoutedFile);
    const editor = await as('operator');
    const html = (await page(editor, '/admin/form/routing')).html;
    // The file's "mon-fri" override is drawn in each weekday's box of the high-value team.
    const team = Object.keys(
      at(lawFirmBookingRoutedFile, ['routing', 'teams']) as Record<string, unknown>,
    ).indexOf('high-value');
    expect(html).toMatch(
      new RegExp(`name="teams\\.${String(team)}\\.booking\\.hours\\.thu"[^>]*value="10:00-12:00"`),
    );
    // Saved unchanged, the file is as it was.
    await submit(editor, '/admin/form/routing', {});
    expect(
      at((await studio.draft()).config, ['routing', 'teams', 'high-value', 'booking']),
    ).toEqual({ hours: { 'mon-fri': '10:00-12:00' }, minutes: 60 });
    await submit(editor, '/admin/form/routing', {
      [`teams.${String(team)}.booking.minutes`]: '',
      [`teams.${String(team)}.booking.hours.fri`]: '',
      [`teams.${String(team)}.booking.timeZone`]: 'Europe/Dublin',
      [`teams.${String(team)}.booking.hostReminders`]: 'no',
      [`teams.${String(team)}.booking.meeting`]: 'meet',
    });
    expect(
      at((await studio.draft()).config, ['routing', 'teams', 'high-value', 'booking']),
    ).toEqual({
      timeZone: 'Europe/Dublin',
      hours: { 'mon-thu': '10:00-12:00' },
      hostReminders: false,
      meeting: { provider: 'meet' },
    });
    expect('published' in (await publish(studio))).toBe(true);
    // The form's own hosts are refused with routing, beside the hosts' box, in words.
    await submit(editor, BOOKING_PAGE, { people: 'ann@lovelace-law.example' });
    const booking = (await page(editor, BOOKING_PAGE)).html;
    expect(booking).toContain('each team’s people are its hosts');
    expect(booking).toMatch(/id="f-people-error"/);
    expect(at((await studio.draft()).config, ['booking', 'hours'])).toEqual(BOOKING.hours);
  });

  it('previews the draft’s times, not the live form’s, by its rules alone', async () => {
    const { h, as, page, submit } = await studioConsole(setUp, lawFirmBookingFile);
    const editor = await as('operator');
    const everyDay = Object.fromEntries(
      ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'].map((day) => [
        `hours.${day}`,
        '09:00-11:00',
      ]),
    );
    await submit(editor, BOOKING_PAGE, { ...everyDay, minutes: '60', noticeHours: '0' });
    const frame = (await page(editor, '/admin/form/preview/frame')).html;
    const endpoint = /endpoint="([^"]+)"/.exec(frame)?.[1] ?? '';
    const answer = await h.app.request(`${HOST}${endpoint}/api/slots?case-type=conveyancing`);
    expect(answer.status).toBe(200);
    const slots = (await answer.json()) as { minutes: number; status: string; slots: Slot[] };
    expect(slots).toMatchObject({ minutes: 60, status: 'open' });
    // Two calls a day at most, each an hour, for the fourteen days ahead.
    expect(slots.slots.length).toBeGreaterThan(20);
    expect(slots.slots.length).toBeLessThanOrEqual(28);
    for (const slot of slots.slots)
      expect(Date.parse(slot.end) - Date.parse(slot.start)).toBe(3_600_000);
    const live = await h.app.request(`${HOST}/api/slots?case-type=conveyancing`);
    expect(((await live.json()) as { minutes: number }).minutes).toBe(30);
    const none = await h.app.request(`${HOST}${endpoint}/api/slots?case-type=wills-probate`);
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({
      issues: [{ field: 'case-type', code: 'no_appointment' }],
    });
  });
});

describe('whose calls the Booking page’s hours are (issue #85, minor 9)', () => {
  /** A page's words as a browser shows them. */
  const words = (html: string) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ');

  it('names each case type that books a call, the teams its calls go to, and links each team’s own hours', async () => {
    const { as, page } = await studioConsole(setUp, lawFirmBookingRoutedFile);
    const editor = await as('operator');
    const html = (await page(editor, BOOKING_PAGE)).html;
    expect(words(html)).toContain(
      'Buying or selling a property (“When shall we call you?”): calls go to High-value property, on these hours but for its own hours, call length ( change High-value property’s ); or Residential property, on these hours ( give Residential property hours of its own )',
    );
    expect(words(html)).toContain(
      'Divorce, separation and children (“When shall we call you?”): calls go to Private client, on these hours',
    );
    // Each link lands on its team's booking boxes on the routing page.
    const routing = (await page(editor, '/admin/form/routing')).html;
    const links = [...html.matchAll(/href="\/admin\/form\/routing#([\w-]+)"/g)].map(([, id]) => id);
    expect(links).toHaveLength(3);
    for (const id of links) expect(routing).toContain(`id="${id ?? ''}"`);
  });

  it('says every case type’s call follows them when leads are not routed', async () => {
    const { as, page } = await studioConsole(setUp, lawFirmBookingFile);
    const text = words((await page(await as('staff'), BOOKING_PAGE)).html);
    expect(text).toContain('every call follows them, whatever its case type');
    expect(text).toContain('Buying or selling a property (“When shall we call you?”): these hours');
  });
});
