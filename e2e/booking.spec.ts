/**
 * Booking a call in the same form (issue #75) through the whole stack: the law firm with a call
 * to book (`proxy/test/fixtures/booking-config.ts`) with one host, whose own calendar is on a
 * real CalDAV server (Radicale, started here, connected as `npm run outbox -- people calendar`
 * does, to the proxy already running with no calendar key yet). A visitor on a phone, with the keyboard alone, picks a time and
 * sends: the platform receives the meta entry with that start, the host's calendar holds the
 * event at that time, and the time is no longer offered. A second visitor who had the same time
 * on screen sends it too: they are told beside the question that it was just taken, are offered
 * fresh times without it, keep every other answer, and send with another.
 */
import { join } from 'node:path';
import type { Browser, Locator } from '@playwright/test';
import type { SlotsResponse } from '../proxy/contract/booking.ts';
import { openSqliteOutbox } from '../proxy/outbox/sqlite/store.ts';
import { BOOKING, HOSTS, lawFirmBookingFile } from '../proxy/test/fixtures/booking-config.ts';
import { peopleCalendar } from '../proxy/test/fixtures/calendar-cli.ts';
import {
  busyEvent,
  radicaleMissing,
  startRadicale,
  type RadicaleServer,
} from '../proxy/test/fixtures/radicale-process.ts';
import { openStack, expect, test as stacks, type Stack } from './support/stack.ts';
import { send, tabTo } from './support/visitor.ts';

/** The one host: a time once booked is free for nobody. */
const HOST = HOSTS[0];

interface BookingStack extends Stack {
  radicale: RadicaleServer;
  calendarUrl: string;
  /** What `GET /api/slots` offers now for a conveyancing enquiry. */
  offered(): Promise<SlotsResponse>;
  /** The calls' events in the host's calendar (not the court hearing that was there first). */
  calls(): Promise<{ ics: string }[]>;
}

const test = stacks.extend<object, { booking: BookingStack | undefined }>({
  booking: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from it
    async ({}, use) => {
      if (radicaleMissing()) return use(undefined);
      const radicale = await startRadicale();
      const calendarUrl = await radicale.calendar('ann');
      const config = { ...lawFirmBookingFile, booking: { ...BOOKING, people: [HOST] } };
      let dataDir = '';
      const stack = await openStack('booking-spec', {
        config,
        prepare: (dir) => {
          dataDir = dir;
          return Promise.resolve();
        },
      });
      const offered = async () => {
        const url = new URL('/api/slots?case-type=conveyancing', stack.demo.proxyUrl);
        return (await (await fetch(url)).json()) as SlotsResponse;
      };
      // The host is in court at the last time offered: once that time goes, the calendar is read.
      const hearing = (await offered()).slots.at(-1)?.start ?? '';
      await radicale.put(
        calendarUrl,
        'court.ics',
        busyEvent('court', 'In court', Date.parse(hearing)),
      );
      // Connected to the proxy once it runs, with no key yet, as a firm does first (issue #86).
      await peopleCalendar(
        openSqliteOutbox(join(dataDir, 'outbox.sqlite')),
        [HOST, calendarUrl, '--username', 'ann'],
        { calendarKey: { dataDir }, booking: { timeZone: BOOKING.timeZone, hosts: [HOST] } },
      );
      // The running proxy reads it within seconds, with no restart.
      await expect
        .poll(
          async () => {
            const now = await offered();
            return now.status === 'open' && !now.slots.some((slot) => slot.start === hearing);
          },
          { timeout: 15_000 },
        )
        .toBe(true);
      const calls = async () =>
        (await radicale.events(calendarUrl)).filter((event) => !event.ics.includes('UID:court'));
      await use({ ...stack, radicale, calendarUrl, offered, calls });
      await stack.demo.close();
      await radicale.destroy();
    },
    { scope: 'worker' },
  ],
});

const WHEN = 'When shall we call you?';
const NOTES = 'Anything else we should know? (optional)';

/** A visitor on a phone, on the landing page, the form on screen. */
async function visitor(browser: Browser, stack: Stack) {
  const context = await browser.newContext({
    viewport: { width: 390, height: 844 },
    locale: 'en-GB',
    timezoneId: 'Europe/London',
  });
  const page = await context.newPage();
  await page.goto(stack.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await expect(form.getByLabel('First name')).toBeVisible();
  return { context, page, form, picker: form.getByRole('group', { name: WHEN }) };
}

/** The start of the time checked in `picker`, exactly as the radio carries it. */
const checkedStart = (picker: Locator) =>
  picker.locator('input[type=radio][name="answers.call"]:checked').getAttribute('value');

/** The meta entry of the appointment in what the platform received. */
const callOf = (enquiry: { meta?: { id: string; value: string }[] } | undefined) =>
  enquiry?.meta?.find((entry) => entry.id === 'call')?.value;

/** `2027-03-29T08:00:00Z` as iCalendar writes it in UTC: `20270329T080000Z`. */
const icalUtc = (start: string) => start.replace(/[-:]/g, '');

test('a time picked with the keyboard alone reaches the platform and the host’s calendar, and is offered no more; the same time sent again is just taken, and another goes', async ({
  browser,
  booking,
}) => {
  test.skip(booking === undefined, radicaleMissing() ?? '');
  if (!booking) return;
  const before = (await booking.inbox()).length;
  const first = await visitor(browser, booking);
  const second = await visitor(browser, booking);
  const { form, page, picker } = first;
  // The second visitor fills in the same enquiry, and has the same times on screen.
  const other = second.form;
  await other.getByLabel('First name').fill('Grace');
  await other.getByLabel('Last name').fill('Hopper');
  await other.getByLabel('Email address').fill('grace@example.com');
  await other.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await other.getByRole('radio', { name: 'Buying', exact: true }).check();
  await other.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
  await other.getByLabel(NOTES).fill('Buying our first home');
  await expect(second.picker.getByRole('radiogroup', { name: 'Day', exact: true })).toBeVisible();
  const { keyboard } = page;

  // The first visitor, with the keyboard alone: the contact fields, the case type and its
  // questions, then Tab to the days (the first chosen), Tab to the day's times, Space on the first.
  await form.getByLabel('First name').focus();
  for (const typed of ['Ada', 'Lovelace', 'ada@example.com']) {
    await keyboard.type(typed);
    await keyboard.press('Tab');
  }
  await keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Buying or selling a property' })).toBeFocused();
  await keyboard.press('Space');
  await keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Buying', exact: true })).toBeFocused();
  await keyboard.press('Space');
  await keyboard.press('Tab');
  await expect(form.getByLabel('Roughly what is the property worth?')).toBeFocused();
  await keyboard.type('Under');
  await expect(form.getByLabel('Roughly what is the property worth?')).toHaveValue(
    'Under £250,000',
  );
  await expect(picker.getByRole('radiogroup', { name: 'Day', exact: true })).toBeVisible();
  const firstDay = picker
    .getByRole('radiogroup', { name: 'Day', exact: true })
    .getByRole('radio', { checked: true });
  // Past the lender, the completion date's fields and the notes to the days.
  await tabTo(page, firstDay, 8);
  await expect(firstDay).toBeFocused();
  await keyboard.press('Tab');
  await keyboard.press('Space');
  const start = String(await checkedStart(picker));
  expect(start).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/);
  await expect(form.getByRole('status')).toContainText('You have chosen');
  const sendButton = form.getByRole('button', { name: 'Send enquiry' });
  await tabTo(page, sendButton, 5);
  await expect(sendButton).toBeFocused();
  await keyboard.press('Enter');
  await expect(form.locator('[part=confirmation]')).toBeFocused();

  // The platform has the start, the firm's time and the host; the host's calendar, the event.
  const [taken] = await booking.arrivals(before);
  expect(callOf(taken)).toMatch(
    new RegExp(`^${start} \\(.+ Europe/London, with ${HOST.replace(/\./g, '\\.')}\\)$`),
  );
  await expect
    .poll(async () => (await booking.calls()).length, {
      timeout: 20_000,
    })
    .toBe(1);
  const [event] = await booking.calls();
  expect(event?.ics).toContain(`DTSTART:${icalUtc(start)}`);
  const offered = await booking.offered();
  expect(offered.status).toBe('open');
  expect(offered.slots.map((slot) => slot.start)).not.toContain(start);

  // The second visitor, who had the same time on screen, sends it.
  await second.picker.locator(`input[type=radio][value="${start}"]`).check();
  await send(other);
  const message = `That time was just taken. Choose another time for “${WHEN}”`;
  await expect(other.locator('[part=error-summary]')).toBeFocused();
  await expect(
    other.locator('[part=error-summary]').getByRole('link', { name: message }),
  ).toBeVisible();
  await expect(second.picker.locator('.error-message')).toHaveText(`Error: ${message}`);
  // Fresh times, without the one taken; every other answer as it was.
  await expect(second.picker.getByRole('radiogroup', { name: 'Day', exact: true })).toBeVisible();
  await expect(second.picker.locator(`input[type=radio][value="${start}"]`)).toHaveCount(0);
  await expect(other.getByLabel(NOTES)).toHaveValue('Buying our first home');
  await expect(other.getByRole('radio', { name: 'Buying', exact: true })).toBeChecked();
  await expect(other.getByLabel('Email address')).toHaveValue('grace@example.com');
  await second.picker
    .getByRole('radiogroup', { name: /^Times on / })
    .getByRole('radio')
    .first()
    .check();
  const another = String(await checkedStart(second.picker));
  expect(another).not.toBe(start);
  await send(other);
  await expect(other.locator('[part=confirmation]')).toBeVisible();
  const [, sentAgain] = await booking.arrivals(before, 2);
  expect(callOf(sentAgain)?.startsWith(`${another} (`)).toBe(true);
  expect((await booking.inbox()).length).toBe(before + 2);
  await expect
    .poll(async () => (await booking.calls()).length, {
      timeout: 20_000,
    })
    .toBe(2);
  await first.context.close();
  await second.context.close();
});
