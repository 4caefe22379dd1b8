/**
 * The booking limits (`docs/booking.md`, "Limits") as a visitor meets them: calls held a day per
 * client address, per network and per mailbox domain, an hour for everybody, each on the
 * harness's clock; past one, the enquiry is taken and delivered without its call, the time
 * chosen sent as preferred, and the visitor told so in the language they read the form in.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { parseFormConfigs } from '../contract/schemas/form-config.ts';
import {
  BOOKING,
  CALL_QUESTION,
  HOSTS,
  lawFirmBookingAsShipped,
  withBooking,
} from '../test/fixtures/booking-config.ts';
import { plainForm, postPlain } from '../test/fixtures/plain-post.ts';
import {
  harnessPerTest,
  validEnquiry,
  type HarnessOptions,
  type ProxyHarness,
} from '../test/fixtures/proxy-harness.ts';

const setUp = harnessPerTest();
const HOUR = 3_600_000;

/** The law firm booking calls with the limits a firm gets, or `limits` instead. */
const bookingProxy = (options: HarnessOptions = {}) =>
  setUp({
    config: lawFirmBookingAsShipped,
    deps: { aftercare: { receiptSecret: 'limits-test-receipt-secret', emailOn: false } },
    ...options,
  });

/** Monday's half hours from 09:00 London (08:00 UTC), each a new time for the next visitor. */
const slot = (n: number) =>
  new Date(Date.UTC(2027, 2, 29, 8, 30 * n)).toISOString().slice(0, 19) + 'Z';

/** A visitor from `ip` writing from `email` asks for time `n`; what they are answered. */
async function book(h: ProxyHarness, n: number, ip: string, email: string, more: object = {}) {
  const res = await h.submit(
    { email, answers: { ...validEnquiry().answers, call: slot(n) }, ...more },
    [],
    { 'x-test-ip': ip },
  );
  const body = (await res.json()) as { reference: string; call?: { message: string } };
  const booked = (await h.store.bookingsOf(body.reference)).length === 1;
  return { status: res.status, body, booked };
}

describe('the booking limits', () => {
  it('hold two calls a day for an address, and take the third enquiry without its call', async () => {
    const h = bookingProxy();
    expect((await book(h, 0, '198.51.100.7', 'a@one.example')).booked).toBe(true);
    expect((await book(h, 1, '198.51.100.7', 'b@two.example')).booked).toBe(true);
    const third = await book(h, 2, '198.51.100.7', 'c@three.example');
    expect(third.status).toBe(201);
    expect(third.booked).toBe(false);
    expect(third.body.call).toEqual({
      status: 'not_held',
      message:
        'We could not hold a call at the time you chose (Monday, 29 March 2027, 10:00–10:30 Europe/London): many calls were booked in a short time. We have your enquiry, with that time as the one you prefer, and will contact you to agree a time.',
    });
    const create = h.calls.filter((call) => call.endpoint === 'create').at(-1);
    expect(create?.enquiry?.meta).toContainEqual({
      id: 'call',
      label: 'When shall we call you?',
      value:
        'Preferred times: Monday, 29 March 2027, 10:00–10:30 Europe/London, chosen from the times offered, but not held: calls were being booked faster than people book',
    });
    expect(h.logs.lines()).toContainEqual(
      expect.objectContaining({ msg: 'call not held: past the booking limits', limit: 'client' }),
    );
    // The time is still offered to others, and the address books again as the day goes by.
    expect((await book(h, 2, '198.51.101.7', 'd@four.example')).booked).toBe(true);
    h.clock.now += 12 * HOUR;
    expect((await book(h, 3, '198.51.100.7', 'c@three.example')).booked).toBe(true);
  });

  it('count a network’s addresses together, and a throwaway domain’s names as one', async () => {
    const h = bookingProxy();
    const network = [1, 2, 3, 4, 5].map((i) =>
      book(h, i, `198.51.100.${String(i)}`, `n${i}@x${i}.example`),
    );
    const fromNetwork = [];
    for (const asked of network) fromNetwork.push((await asked).booked);
    expect(fromNetwork).toEqual([true, true, true, true, false]);
    const domain = [];
    for (const i of [6, 7, 8, 9])
      domain.push(
        (await book(h, i, `192.0.${String(i)}.7`, `v@mail${i}.throwaway.example`)).booked,
      );
    expect(domain).toEqual([true, true, true, false]);
  });

  it('let a big free-mail domain’s many visitors book, and a firm add its own', async () => {
    const h = bookingProxy({
      config: withBooking({
        people: [...HOSTS],
        limits: { freeMailDomains: ['local-isp.example'] },
      }),
    });
    for (let i = 0; i < 8; i += 1) {
      const email = i % 2 === 0 ? `person${i}@gmail.com` : `person${i}@local-isp.example`;
      expect((await book(h, i, `192.0.${String(i)}.7`, email)).booked, email).toBe(true);
    }
  });

  it('hold no more than the hour’s share for everybody together, and again the hour after', async () => {
    // 2 % of 320 calls: 6 an hour, each visitor from their own network and domain.
    const h = bookingProxy({
      config: withBooking({ people: [...HOSTS], limits: { perHour: '2%' } }),
    });
    const held = [];
    for (let i = 0; i < 7; i += 1)
      held.push((await book(h, i, `192.0.${String(i)}.7`, `v@d${i}.example`)).booked);
    expect(held).toEqual([true, true, true, true, true, true, false]);
    h.clock.now += HOUR;
    expect((await book(h, 7, '192.0.7.7', 'v@d7.example')).booked).toBe(true);
  });

  it('take nothing for a time just taken, nor for a caught bot', async () => {
    const h = bookingProxy();
    const ip = '198.51.100.7';
    // Both hosts take 09:00 from elsewhere; this visitor's 09:00 is refused beside the question.
    await book(h, 0, '192.0.2.1', 'x@one.example');
    await book(h, 0, '192.0.2.2', 'y@two.example');
    expect((await book(h, 0, ip, 'a@a.example')).status).toBe(400);
    // A bot filling the honeypot is answered as a person, and books nothing.
    expect((await book(h, 1, ip, 'a@a.example', { website: 'spam' })).booked).toBe(false);
    expect((await book(h, 2, ip, 'a@a.example')).booked).toBe(true);
    expect((await book(h, 3, ip, 'a@a.example')).booked).toBe(true);
  });

  it('count an address no visitor has (an untrusted reverse proxy) by its domains and the hour alone', async () => {
    const h = bookingProxy();
    const held = [];
    for (let i = 0; i < 6; i += 1)
      held.push((await book(h, i, '10.0.0.2', `v${i}@gmail.com`)).booked);
    expect(held).toEqual([true, true, true, true, true, true]);
    const said = h.logs.lines().filter((line) => String(line.msg).includes('TRUSTED_PROXIES'));
    expect(said).toHaveLength(1);
  });

  it('tell a visitor who said their time zone the time on their own clock, the firm’s beside it', async () => {
    const h = bookingProxy({
      config: withBooking({ people: [...HOSTS], limits: { perClientPerDay: 0 } }),
    });
    const told = await book(h, 0, '198.51.100.7', 'a@one.example', {
      time_zone: 'America/New_York',
    });
    expect(told.booked).toBe(false);
    expect(told.body.call?.message).toContain(
      '(Monday, 29 March 2027, 04:00–04:30 America/New_York (09:00–09:30 Europe/London))',
    );
  });

  it('tell a visitor without JavaScript on the page after their post', async () => {
    const h = bookingProxy({
      config: withBooking({ people: [...HOSTS], limits: { perClientPerDay: 0 } }),
    });
    const sent = await postPlain(h, plainForm(h.formToken(), { 'answers.call': slot(0) }));
    expect(sent.status).toBe(303);
    const page = await (await h.app.request(sent.headers.get('location') ?? '')).text();
    expect(page).toContain(
      '<p class="not-held">We could not hold a call at the time you chose (Monday, 29 March 2027, 09:00–09:30 Europe/London)',
    );
    expect(h.calls.filter((call) => call.endpoint === 'create')).toHaveLength(1);
  });

  it('tell a Welsh visitor in Welsh, and the firm in its own words', async () => {
    const file = JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as {
      caseTypes: { questions: object[] }[];
    };
    file.caseTypes[0]?.questions.push({
      id: CALL_QUESTION.id,
      type: CALL_QUESTION.type,
      label: { en: CALL_QUESTION.label, cy: 'Pryd hoffech chi i ni eich ffonio?' },
    });
    const forms = parseFormConfigs({
      ...file,
      booking: { ...BOOKING, people: [...HOSTS], limits: { perClientPerDay: 0 } },
    });
    const h = bookingProxy({ config: forms.first, translations: forms });
    const res = await h.submit(
      {
        case_type: 'conveyancing',
        lang: 'cy',
        answers: { transaction: 'selling', call: slot(0) },
        consent: { consent_contact: true },
      },
      [],
      { 'x-test-ip': '198.51.100.7' },
    );
    expect(res.status).toBe(201);
    expect(((await res.json()) as { call?: { message: string } }).call?.message).toBe(
      'Ni allem gadw galwad ar yr amser a ddewisoch (Dydd Llun, 29 Mawrth 2027, 09:00–09:30 Europe/London): trefnwyd llawer o alwadau mewn amser byr. Mae eich ymholiad gyda ni, gyda’r amser hwnnw fel yr un sydd orau gennych, a byddwn yn cysylltu â chi i gytuno ar amser.',
    );
    const create = h.calls.find((call) => call.endpoint === 'create');
    expect(create?.enquiry?.meta.find((entry) => entry.id === 'call')?.value).toMatch(
      /^Preferred times: Monday, 29 March 2027, 09:00–09:30 Europe\/London, chosen from/,
    );
  });
});
