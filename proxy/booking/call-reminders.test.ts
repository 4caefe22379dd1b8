/**
 * Reminders before a call (issue 88, item 1), end to end in memory with the built-in calendar, on
 * a clock the test moves: a call booked a few minutes ahead with a reminder due in between gets
 * exactly that one (none of those whose time had passed when it was booked), with its time, its
 * meeting link and its page, and the host theirs where `hostReminders` asks; a moved call's
 * reminder follows it, a cancelled call's never goes; a reminder counts under the visitor's daily
 * emails; the words in Welsh, on the visitor's own clock, and in Arabic right to left. The mail goes through a real SMTP
 * server (smtp-server on loopback). Several instances and restarts on PostgreSQL:
 * `test/postgres/call-reminders.test.ts`.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseFormConfigs, type FormConfig } from '../contract/schemas/form-config.ts';
import { wordsIn, type Translations } from '../http/form-language.ts';
import { lawFirmBookingFile, withBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions, CONSOLE_ORIGIN, pressOnPage } from '../test/fixtures/call-pages.ts';
import {
  answerOf,
  confirming,
  confirmingProxies,
  RECEIPT_SECRET,
} from '../test/fixtures/confirming-proxy.ts';
import { fixedForm, validEnquiry } from '../test/fixtures/proxy-harness.ts';
import { CallReminders } from './call-reminders.ts';
import { isoStart } from './call-words.ts';

const confirmingProxy = confirmingProxies();
const JITSI = 'https://meet.jit.si/marsh-pell-{room}';
const MINUTE = 60_000;
/** Monday 29 March 2027, 09:00 in London (BST). */
const NINE = Date.UTC(2027, 2, 29, 8);
const ANN = 'ann@lovelace-law.example';

/** A confirming proxy for `config`, its reminders on its clock, and the mail each address got. */
async function proxyWith(config: FormConfig, translations?: Translations) {
  const options = callPagesOptions(config);
  const proxy = await confirmingProxy(config, {
    harness: options,
    ...(translations ? { translations } : {}),
  });
  const form = fixedForm(config, translations);
  const reminders = new CallReminders({
    store: proxy.harness.store,
    form,
    visitors: { receiptSecret: RECEIPT_SECRET, wordsIn: (lang) => wordsIn(form.current(), lang) },
    hostsTold: true,
    publicUrl: CONSOLE_ORIGIN,
    log: proxy.harness.logs.log,
    now: () => proxy.harness.clock.now,
  });
  const book = async (start: number, email: string, more: object = {}) => {
    const sent = await proxy.harness.submit({
      email,
      answers: { ...validEnquiry().answers, call: isoStart(start) },
      ...more,
    });
    expect(sent.status).toBe(201);
    return (await answerOf(sent)).reference;
  };
  /** Moves the clock to `at` and looks for reminders there. */
  const at = async (time: number) => {
    proxy.harness.clock.now = time;
    return reminders.tick();
  };
  const remindersTo = (email: string) =>
    proxy.mail.received.filter(
      (each) =>
        each.to &&
        'text' in each.to &&
        each.to.text === email &&
        /Reminder|atgoffa/.test(each.subject ?? ''),
    );
  return { ...proxy, book, at, remindersTo };
}

/** The law firm's calls, booked up to the minute, with `booking`'s keys. */
const calls = (booking: object) => ({
  ...withBooking({ noticeHours: 0, people: [ANN], ...booking }),
  confirmation: confirming().confirmation,
});

describe('reminders before a call', () => {
  it('sends a call booked ten minutes ahead exactly the one reminder due in between, to its visitor and its host', async () => {
    const config = calls({
      reminders: ['24h', '1h', '5m'],
      hostReminders: true,
      meeting: { link: JITSI },
    });
    const proxy = await proxyWith(config);
    proxy.harness.clock.now = NINE - 10 * MINUTE;
    const reference = await proxy.book(NINE, 'ada@example.com', {
      telephone_mobile: '07700 900123',
    });
    expect(await proxy.at(NINE - 9 * MINUTE)).toBe(0);
    expect(await proxy.at(NINE - 5 * MINUTE)).toBe(1);
    expect(await proxy.at(NINE - 4 * MINUTE)).toBe(0);
    expect(await proxy.at(NINE - MINUTE)).toBe(0);
    await proxy.send();

    const [reminder, ...more] = proxy.remindersTo('ada@example.com');
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe(`Reminder: your call (${reference})`);
    const [booking] = await proxy.harness.store.bookingsOf(reference);
    const room = booking?.meetingUrl ?? 'no room';
    expect(reminder?.text).toContain('A reminder of your call with the firm:');
    expect(reminder?.text).toContain(
      `Monday, 29 March 2027, 09:00–09:30 Europe/London, with ${ANN}.`,
    );
    expect(reminder?.text).toContain(`Join the call at this link:\n${room}`);
    const page = /https?:\/\/\S+\/booking\/\S+/.exec(reminder?.text ?? '')?.[0] ?? '';
    expect(reminder?.text).toContain(
      `To cancel the call or choose another time, open this link:\n${page}`,
    );
    expect(reminder?.html).toContain(`<a href="${room}">${room}</a>`);
    // Its page opens the call.
    const opened = await proxy.harness.app.request(new URL(page).pathname + new URL(page).search);
    expect(await opened.text()).toContain(reference);

    const [toHost, ...moreToHost] = proxy.remindersTo(ANN);
    expect(moreToHost).toEqual([]);
    expect(toHost?.subject).toBe(`Reminder: Call with Ada Lovelace (${reference})`);
    expect(toHost?.text).toContain(
      'A reminder of your call: Monday, 29 March 2027, 09:00–09:30 Europe/London.',
    );
    expect(toHost?.text).toContain(`Join the call at this link: ${room}`);
    expect(toHost?.text).toContain(`${CONSOLE_ORIGIN}/admin/leads/${reference}`);
  });

  it('follows a moved call, drops a cancelled one’s, and reminds no host unless asked', async () => {
    const proxy = await proxyWith(calls({ reminders: ['1h'] }));
    const ada = await proxy.book(NINE + 60 * MINUTE, 'ada@example.com', {
      telephone_mobile: '07700 900123',
    });
    const grace = await proxy.book(NINE + 120 * MINUTE, 'grace@example.com');
    await proxy.send();
    // Ada moves hers from 10:00 to 13:00 on her page; Grace cancels hers.
    const pageOf = async (email: string) => {
      const [confirmation] = proxy.mail.received.filter(
        (each) => each.to && 'text' in each.to && each.to.text === email,
      );
      const link = new URL(
        /https?:\/\/\S+\/booking\/\S+/.exec(confirmation?.text ?? '')?.[0] ?? '',
      );
      return link.pathname + link.search;
    };
    const moved = await pressOnPage(proxy.harness, await pageOf('ada@example.com'), {
      action: 'move',
      start: isoStart(NINE + 240 * MINUTE),
    });
    expect(moved.status).toBe(200);
    const cancelled = await pressOnPage(proxy.harness, await pageOf('grace@example.com'), {
      action: 'cancel',
    });
    expect(cancelled.status).toBe(200);
    expect(await proxy.at(NINE)).toBe(0);
    expect(await proxy.at(NINE + 60 * MINUTE)).toBe(0);
    expect(await proxy.at(NINE + 180 * MINUTE)).toBe(1);
    await proxy.send();

    const [reminder, ...more] = proxy.remindersTo('ada@example.com');
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe(`Reminder: your call (${ada})`);
    expect(reminder?.text).toContain('Monday, 29 March 2027, 13:00–13:30 Europe/London');
    expect(reminder?.text).toContain('By telephone: we will call you on 07700 900123.');
    expect(proxy.remindersTo('grace@example.com')).toEqual([]);
    expect(proxy.remindersTo(ANN)).toEqual([]);
    expect(grace).not.toBe(ada);
  });

  it('counts a reminder under the visitor’s emails of the day', async () => {
    const config = calls({ reminders: ['1h'] });
    const limited = {
      ...config,
      confirmation: {
        ...config.confirmation,
        limits: { ...config.confirmation.limits, perAddressPerDay: 1 },
      },
    };
    const proxy = await proxyWith(limited);
    // Booked the same day: the confirmation took the address's one email of the day.
    proxy.harness.clock.now = NINE - 120 * MINUTE;
    await proxy.book(NINE, 'ada@example.com');
    expect(await proxy.at(NINE - 60 * MINUTE)).toBe(1);
    await proxy.send();
    expect(proxy.remindersTo('ada@example.com')).toEqual([]);
    expect(proxy.harness.logs.text()).toContain('a call reminder was not emailed to its visitor');
  });

  it('reminds in the visitor’s language, on their own clock', async () => {
    const translations = parseFormConfigs({
      ...lawFirmBookingFile,
      languages: ['en', 'cy'],
      booking: { ...lawFirmBookingFile.booking, noticeHours: 0, reminders: ['1h'] },
      confirmation: confirming().confirmation,
    });
    const proxy = await proxyWith(translations.first, translations);
    const reference = await proxy.book(NINE, 'ada@example.com', {
      lang: 'cy',
      time_zone: 'America/New_York',
    });
    expect(await proxy.at(NINE - 60 * MINUTE)).toBe(1);
    await proxy.send();
    const [reminder] = proxy.remindersTo('ada@example.com');
    expect(reminder?.subject).toBe(`Nodyn atgoffa: eich galwad (${reference})`);
    expect(reminder?.text).toContain('Nodyn i’ch atgoffa am eich galwad gyda’r cwmni:');
    expect(reminder?.text).toMatch(/04:00–04:30 America\/New_York \(09:00–09:30 Europe\/London\)/);
    expect(reminder?.text).toContain('Dros y ffôn');
  });
  it('reminds an Arabic reader right to left, as their confirmation reads', async () => {
    const arabic: unknown = JSON.parse(
      readFileSync(new URL('../../demo/strings/ar.json', import.meta.url), 'utf8'),
    );
    const translations = parseFormConfigs(
      {
        ...lawFirmBookingFile,
        languages: ['en', 'ar'],
        strings: { ar: 'ar.json' },
        booking: { ...lawFirmBookingFile.booking, noticeHours: 0, reminders: ['1h'] },
        confirmation: confirming().confirmation,
      },
      () => arabic,
    );
    const proxy = await proxyWith(translations.first, translations);
    const reference = await proxy.book(NINE, 'ada@example.com', { lang: 'ar' });
    expect(await proxy.at(NINE - 60 * MINUTE)).toBe(1);
    await proxy.send();
    const [confirmation, reminder, ...more] = proxy.mail.received.filter(
      (each) => each.to && 'text' in each.to && each.to.text === 'ada@example.com',
    );
    expect(more).toEqual([]);
    expect(reminder?.subject).toBe(`تذكير: مكالمتك (${reference})`);
    for (const mail of [confirmation, reminder])
      expect(mail?.html).toContain('<html lang="ar" dir="rtl">');
  });
});
