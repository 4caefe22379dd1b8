/**
 * What the console says of a call staff cancelled, as the environment can email: the hosts'
 * notices are queued only where the proxy has an email channel (`emailChannelOn`, the test the
 * channels are made by), so none waits for a channel that is not there, and the lead page's
 * notice says email only where email goes. In memory, the mail to a real SMTP server on loopback.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { emailChannelOn, notifyChannels, type NotifySettings } from '../notify/channels.ts';
import { Notifier } from '../notify/notifier.ts';
import { HOSTS, lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions } from '../test/fixtures/call-pages.ts';
import { postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { startMailServer, type RunningMailServer } from '../test/fixtures/mail-server.ts';
import { harnessPerTest, validEnquiry } from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const TOKEN = randomBytes(32).toString('base64url');
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const FROM = 'Lovelace alerts <alerts@lovelace-law.example>';

const servers: RunningMailServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

/**
 * A proxy whose mail is `env`'s (pointed at a mail server of its own), as `lifecycle/` wires it:
 * hosts told by `emailChannelOn`, the notifier on `notifyChannels`; staff cancel Ada's call.
 */
async function staffCancelUnder(env: Omit<NotifySettings, 'SMTP_URL' | 'NOTIFY_FROM'>) {
  const mail = await startMailServer();
  servers.push(mail);
  const settings = { ...env, SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`, NOTIFY_FROM: FROM };
  const options = callPagesOptions(lawFirmBooking);
  // Visitors are told only with CONFIRMATION_FROM (none here): their part is call-routes' own.
  const callChanges = { ...options.callChanges, hostsTold: emailChannelOn(settings) };
  const deps = { ...options.deps, callChanges: { ...callChanges, visitors: undefined } };
  const h = setUp({ ...options, deps: { ...deps, adminToken: TOKEN } });
  const channels = notifyChannels(settings, h.store);
  const notifier = new Notifier({
    store: h.store,
    channels,
    log: h.logs.log,
    pauseState: () => undefined,
    queuedAlertMs: 3_600_000,
    now: () => h.clock.now,
  });
  const sent = await h.submit({ answers: { ...validEnquiry().answers, call: MONDAY_NINE } });
  const { reference } = (await sent.json()) as { reference: string };
  const [booking] = await h.store.bookingsOf(reference);
  const staff = await signedInAs(h, TOKEN, { email: 'sam@lovelace-law.example', role: 'staff' });
  const cancelled = await postForm(h, `/admin/leads/${reference}/call/cancel`, staff, {
    uid: booking?.uid ?? '',
    sequence: '0',
  });
  expect((await h.store.bookingsOf(reference))[0]?.state).toBe('cancelled');
  const location = cancelled.headers.get('location') ?? '';
  const page = await (
    await h.app.request(`http://localhost${location}`, { headers: { cookie: staff.cookie } })
  ).text();
  await notifier.tick();
  const queued = await h.store.notificationsFor(reference);
  return { mail, page, channels, queued: queued.filter((each) => each.kind.startsWith('call.')) };
}

describe('a call staff cancel, as the proxy can email', () => {
  it('with SMTP_URL alone: no host notice is queued, and the page says nothing of email', async () => {
    const { mail, page, channels, queued } = await staffCancelUnder({});
    expect(channels.email).toBeUndefined();
    expect(queued).toEqual([]);
    expect(page).toContain('The call is cancelled, and its time is offered again.');
    expect(page).not.toContain('emailed');
    expect(mail.received).toEqual([]);
  });

  it('with SMTP_URL and NOTIFY_EMAIL: its host is emailed, and the page says so', async () => {
    const { mail, page, queued } = await staffCancelUnder({
      NOTIFY_EMAIL: ['office@lovelace-law.example'],
    });
    expect(queued.map((each) => [each.kind, each.state])).toEqual([['call.cancelled', 'sent']]);
    const [notice] = mail.received;
    expect(notice?.subject).toMatch(/^Call cancelled: /);
    expect(notice?.to && 'text' in notice.to ? notice.to.text : '').toBe(HOSTS[0]);
    expect(notice?.from?.value[0]?.address).toBe('alerts@lovelace-law.example');
    expect(page).toContain(
      'The call is cancelled, and its time is offered again. Its host is emailed.',
    );
    expect(page).not.toContain('so is the visitor');
  });
});
