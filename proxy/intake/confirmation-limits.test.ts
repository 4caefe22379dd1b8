/**
 * How many confirmation emails go out: at most a share per mailbox a day (however its address
 * is spelt), per client an hour, and for everybody together an hour, with the firm told when
 * that ceiling is reached. A form can be used to send email to someone else's address; these
 * bound how much.
 */
import { describe, expect, it } from 'vitest';
import { confirming, confirmingProxies, FIRM_ADDRESS } from '../test/fixtures/confirming-proxy.ts';

const confirmingProxy = confirmingProxies();

/** Each address a message went to. */
const recipients = (mail: { received: { to?: unknown }[] }) =>
  mail.received.map((email) => (email.to as { text: string }).text);

describe('the confirmation email’s limits', () => {
  it('sends an address at most its daily share, and each client its hourly share', async () => {
    const { harness, mail, send } = await confirmingProxy(
      confirming({ limits: { perAddressPerDay: 2, perClientPerHour: 3, perHour: 50 } }),
    );
    for (const ip of ['198.51.100.1', '198.51.100.2', '198.51.100.3'])
      expect((await harness.submit({}, [], { 'x-test-ip': ip })).status).toBeLessThan(300);
    for (const email of ['b@example.com', 'c@example.com'])
      await harness.submit({ email }, [], { 'x-test-ip': '198.51.100.9' });
    await harness.submit({ email: 'd@example.com' }, [], { 'x-test-ip': '198.51.100.9' });
    await harness.submit({ email: 'e@example.com' }, [], { 'x-test-ip': '198.51.100.9' });
    await send();
    const to = mail.received.map((email) => (email.to as { text: string }).text).sort();
    expect(to).toEqual([
      'ada@example.com',
      'ada@example.com',
      'b@example.com',
      'c@example.com',
      'd@example.com',
    ]);
  });

  it('counts every plus-addressed and dotted spelling of one mailbox as that mailbox', async () => {
    const { harness, mail, send } = await confirmingProxy();
    const spellings = [
      'victim+1@example.com',
      'Victim+2@example.com',
      'victim+3@example.com',
      'v.i.c.t.i.m@gmail.com',
      'vic.tim+x@googlemail.com',
      'victim@gmail.com',
    ];
    for (const [n, email] of spellings.entries())
      await harness.submit({ email }, [], { 'x-test-ip': `198.51.100.${String(n + 1)}` });
    await send();
    // Two a day per mailbox: the first two spellings of each, however many clients send them.
    expect(recipients(mail).sort()).toEqual([
      'Victim+2@example.com',
      'v.i.c.t.i.m@gmail.com',
      'vic.tim+x@googlemail.com',
      'victim+1@example.com',
    ]);
  });

  it('sends no more than the hourly ceiling for everybody together, and tells the firm once', async () => {
    const { harness, mail, send } = await confirmingProxy(
      confirming({ limits: { perAddressPerDay: 2, perClientPerHour: 2, perHour: 3 } }),
      { firm: true },
    );
    for (let n = 1; n <= 5; n += 1)
      await harness.submit({ email: `person${String(n)}@example.com` }, [], {
        'x-test-ip': `198.51.100.${String(n)}`,
      });
    await send();
    await send();
    const visitors = recipients(mail).filter((to) => to !== FIRM_ADDRESS);
    expect(visitors.sort()).toEqual([
      'person1@example.com',
      'person2@example.com',
      'person3@example.com',
    ]);
    const alerts = mail.received.filter(
      (email) => recipients({ received: [email] })[0] === FIRM_ADDRESS,
    );
    expect(alerts.map((email) => email.subject)).toEqual([
      'Confirmation emails stopped for this hour',
    ]);
    expect(alerts[0]?.text).toContain('3 confirmation emails an hour');

    // The next hour the ceiling is not reached: visitors get their copy again, and the firm is
    // told nothing more (the ceiling's end, with its hour, is not news).
    harness.clock.now += 3_600_000;
    await harness.submit({ email: 'person6@example.com' }, [], { 'x-test-ip': '198.51.100.6' });
    await send();
    expect(recipients(mail)).toContain('person6@example.com');
    expect(recipients(mail).filter((to) => to === FIRM_ADDRESS)).toHaveLength(1);
  });
});
