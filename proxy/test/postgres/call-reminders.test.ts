/**
 * Reminders before calls (issue 88 item 1) on two proxies sharing PostgreSQL, their mail on a real
 * SMTP server: two visitors book through different instances, one cancels on her call's page
 * through the other. The rounds of reminders and of emails are then run as each instance runs
 * them (`booking/call-reminders.ts`, the notifier), on a clock the test moves to the hour before
 * the calls: two instances at once, then one started afresh after the first two are gone, then
 * later still. The visitor who kept her call gets one reminder and her host one; the cancelled
 * call's visitor none.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { CallReminders } from '../../booking/call-reminders.ts';
import { invitationText } from '../../booking/event-ical.ts';
import type { SlotsResponse } from '../../contract/booking.ts';
import { parseFormConfig } from '../../contract/schemas/form-config.ts';
import { wordsIn } from '../../http/form-language.ts';
import { emailChannel } from '../../notify/channels.ts';
import { Notifier } from '../../notify/notifier.ts';
import { openPostgresOutbox } from '../../outbox/postgres/store.ts';
import { storedSecret } from '../../outbox/stored-secret.ts';
import { lawFirmBookingFile } from '../fixtures/booking-config.ts';
import { pressOnPage } from '../fixtures/call-pages.ts';
import { confirming } from '../fixtures/confirming-proxy.ts';
import { startMailServer, type RunningMailServer } from '../fixtures/mail-server.ts';
import { createMemoryLogger } from '../fixtures/memory-logger.ts';
import { fixedForm, validEnquiry } from '../fixtures/proxy-harness.ts';
import { waitFor } from '../reliability/proxy-process.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();
let mail: RunningMailServer | undefined;
afterEach(async () => {
  await mail?.close();
});

const ANN = 'ann@lovelace-law.example';
const HOUR = 3_600_000;
const CONFIRMATION_FROM = 'Lovelace & Co <enquiries@lovelace-law.example>';
const file = {
  ...lawFirmBookingFile,
  booking: { ...lawFirmBookingFile.booking, people: [ANN], reminders: ['1h'], hostReminders: true },
  confirmation: confirming().confirmation,
};

describe.skipIf(absent)('reminders before calls on two proxies sharing PostgreSQL', () => {
  it('sends one reminder of a kept call, whichever instances look and however often they start, and none of a cancelled one', async () => {
    mail = await startMailServer();
    const smtpUrl = `smtp://127.0.0.1:${String(mail.port)}`;
    const form = join(mkdtempSync(join(tmpdir(), 'call-reminders-pg-')), 'form.json');
    writeFileSync(form, JSON.stringify(file));
    const group = await sharedGroup(2, {
      env: {
        FORM_CONFIG: form,
        SMTP_URL: smtpUrl,
        NOTIFY_EMAIL: 'alerts@lovelace-law.example',
        CONFIRMATION_FROM,
      },
    });
    const [a, b] = group.instances;
    if (!a || !b) throw new Error('two instances');
    const to = (email: string) =>
      mail?.received.filter((each) => each.to && 'text' in each.to && each.to.text === email) ?? [];
    const reminders = (email: string) =>
      to(email).filter((each) => each.subject?.startsWith('Reminder:'));

    // Ada books through one instance, Grace the next time through the other.
    const { body } = await a.get('/api/slots?case-type=conveyancing');
    const [first, second] = (body as unknown as SlotsResponse).slots.map((slot) => slot.start);
    if (!first || !second) throw new Error('two free times');
    const book = async (via: typeof a, email: string, call: string) => {
      const answer = await via.submit({
        enquiry: { email, answers: { ...validEnquiry().answers, call } },
      });
      expect(answer.status).toBe(201);
    };
    await book(a, 'ada@example.com', first);
    await book(b, 'grace@example.com', second);
    expect(
      await waitFor(
        () => to('ada@example.com').length + to('grace@example.com').length >= 2,
        30_000,
      ),
    ).toBe(true);

    // Grace cancels on her call's page, opened from her confirmation, through the other instance.
    const link = /https?:\/\/\S+\/booking\/\S+/.exec(to('grace@example.com')[0]?.text ?? '')?.[0];
    const page = new URL(link ?? 'http://no.link/');
    const viaA = {
      app: { request: (path: string, init?: RequestInit) => fetch(`${a.proxy.url}${path}`, init) },
    };
    const cancelled = await pressOnPage(viaA, page.pathname + page.search, { action: 'cancel' });
    expect(cancelled.status).toBe(200);

    // The rounds each instance runs, on a clock a minute past Ada's reminder's time (an hour
    // before her call); later, half an hour before Grace's, when hers would have been due.
    const clock = { now: Date.parse(first) - HOUR + 60_000 };
    const config = parseFormConfig(file);
    const logs = createMemoryLogger('debug');
    const instance = async () => {
      const store = await openPostgresOutbox(group.databaseUrl, { poolSize: 2 });
      const live = fixedForm(config);
      const rounds = new CallReminders({
        store,
        form: live,
        visitors: {
          receiptSecret: await storedSecret(store, 'receipt_secret'),
          wordsIn: (lang) => wordsIn(live.current(), lang),
        },
        hostsTold: true,
        log: logs.log,
        now: () => clock.now,
      });
      const notifier = new Notifier({
        store,
        channels: {
          email: emailChannel({
            smtpUrl,
            from: 'enquiry-form <alerts@lovelace-law.example>',
            confirmationFrom: CONFIRMATION_FROM,
            store,
            invitationText,
          }),
        },
        log: logs.log,
        pauseState: () => undefined,
        queuedAlertMs: HOUR,
        now: () => clock.now,
      });
      return {
        tick: () => rounds.tick(),
        send: () => notifier.tick(),
        close: () => store.close(),
      };
    };
    const [one, two] = await Promise.all([instance(), instance()]);
    expect((await Promise.all([one.tick(), two.tick()])).sort()).toEqual([0, 1]);
    await Promise.all([one.send(), two.send()]);
    await Promise.all([one.close(), two.close()]);
    const restarted = await instance();
    expect(await restarted.tick()).toBe(0);
    clock.now = Date.parse(second) - HOUR / 2;
    expect(await restarted.tick()).toBe(0);
    await restarted.send();
    await restarted.close();

    expect(reminders('ada@example.com').map((each) => each.subject)).toEqual([
      expect.stringMatching(/^Reminder: your call \(/),
    ]);
    expect(reminders(ANN)).toHaveLength(1);
    expect(reminders('grace@example.com')).toEqual([]);
  }, 90_000);
});
