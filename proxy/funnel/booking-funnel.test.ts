/**
 * Booking in the funnel (issue 75, item 8), in memory (`app.request()`): times offered are
 * counted from the form view's report (once per view, and only where the appointment question
 * was shown), a call booked with the enquiry in its campaign, and its cancel in the same cell,
 * whatever day it comes; a move is neither. `GET /admin/funnel` gives them per campaign beside
 * views and sends, in JSON, CSV and the totals, under the same small-group rule.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FunnelReport } from '../contract/funnel.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { lawFirmBooking } from '../test/fixtures/booking-config.ts';
import { callPagesOptions, pressOnPage } from '../test/fixtures/call-pages.ts';
import {
  answerOf,
  confirming,
  confirmingProxies,
  outboxCommand,
} from '../test/fixtures/confirming-proxy.ts';
import { ORIGIN, validEnquiry, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import type { FunnelResponse } from './funnel-report.ts';

const confirmingProxy = confirmingProxies();
const config: FormConfig = { ...lawFirmBooking, confirmation: confirming().confirmation };
const ADMIN_TOKEN = randomBytes(32).toString('base64url');
const auth = { authorization: `Bearer ${ADMIN_TOKEN}` };
const MONDAY_NINE = '2027-03-29T08:00:00Z';
const MONDAY_TEN = '2027-03-29T09:00:00Z';
const PERIOD = 'from=2027-03-01&to=2027-04-30';

/** A form view of conveyancing shown its call question, its free times offered or not. */
const viewed = (changes: Partial<FunnelReport> = {}): FunnelReport => ({
  outcome: 'started',
  caseType: 'conveyancing',
  campaign: 'spring-2027',
  variant: '',
  shown: ['transaction', 'property_value', 'completion_date', 'notes', 'call'],
  answered: ['transaction'],
  errors: {},
  reached: 'transaction',
  offered: true,
  ...changes,
});

const post = (h: ProxyHarness, body: unknown) =>
  h.app.request('/api/events', {
    method: 'POST',
    body: JSON.stringify(body),
    headers: { origin: ORIGIN, 'content-type': 'text/plain;charset=UTF-8' },
  });

/** A proxy booking calls in the funnel, whose calls' pages are on, counting groups of `minCount`. */
async function bookingProxy(minCount: number) {
  const options = callPagesOptions(config);
  const proxy = await confirmingProxy(config, {
    harness: {
      ...options,
      deps: { ...options.deps, adminToken: ADMIN_TOKEN, funnelMinCount: minCount },
    },
  });
  const h = proxy.harness;
  const book = async (start: string, campaign: string, email = 'ada@example.com') => {
    const response = await h.submit({
      email,
      marketing: { campaign },
      answers: { ...validEnquiry().answers, call: start },
    });
    expect(response.status).toBe(201);
    return (await answerOf(response)).reference;
  };
  const funnel = async () =>
    (await (
      await h.app.request(`/admin/funnel?${PERIOD}`, { headers: auth })
    ).json()) as FunnelResponse;
  return { ...proxy, h, book, funnel };
}

describe('booking in the funnel', () => {
  it('counts times offered once per view where the call was shown, and refuses them anywhere else', async () => {
    const { h, funnel } = await bookingProxy(1);
    expect((await post(h, viewed())).status).toBe(204);
    expect((await post(h, viewed({ offered: undefined }))).status).toBe(204);
    const refused = [
      // Not shown the call, or a case type that asks for none: no times were offered.
      viewed({ shown: ['transaction', 'property_value', 'completion_date', 'notes'] }),
      { ...viewed({ caseType: 'wills-probate', shown: [], answered: [] }), reached: undefined },
      // A flag, never a count.
      { ...viewed(), offered: 12 },
      { ...viewed(), offered: false },
    ];
    for (const body of refused)
      expect((await post(h, body)).status, JSON.stringify(body)).toBe(400);
    const { rows, totals } = await funnel();
    expect(rows).toEqual([
      expect.objectContaining({
        campaign: 'spring-2027',
        views: 2,
        starts: 2,
        offered: 1,
        booked: 0,
      }),
    ]);
    expect(totals).toMatchObject({ views: 2, offered: 1, booked: 0, cancelled: 0 });
  });

  it('counts a call booked in its enquiry’s campaign, and its cancel there; a move is neither', async () => {
    const { h, book, funnel, send, mail } = await bookingProxy(1);
    const spring = await book(MONDAY_NINE, 'spring-2027', 'ada@example.com');
    const autumn = await book(MONDAY_TEN, 'autumn', 'grace@example.com');
    await send();
    /** Presses the page the link in `reference`'s email opens, with the page's own check. */
    const press = async (reference: string, fields: Record<string, string>) => {
      const email = mail.received.find((each) => each.subject?.includes(reference));
      const link = new URL(/https?:\/\/\S+\/booking\/\S+/.exec(email?.text ?? '')?.[0] ?? '');
      const answer = await pressOnPage(h, link.pathname + link.search, fields);
      expect(answer.status).toBe(200);
    };
    await press(spring, { action: 'cancel' });
    await press(autumn, { action: 'move', start: '2027-03-29T13:00:00Z' });
    expect((await h.store.bookingsOf(autumn))[0]).toMatchObject({ state: 'booked', sequence: 1 });
    // Sent from the widget: its sends are counted by the view's report, its call by the outbox.
    const report = await funnel();
    const byCampaign = Object.fromEntries(report.rows.map((row) => [row.campaign, row]));
    expect(byCampaign['spring-2027']).toMatchObject({ booked: 1, cancelled: 1 });
    expect(byCampaign.autumn).toMatchObject({ booked: 1, cancelled: 0 });
    expect(report.totals).toMatchObject({ booked: 2, cancelled: 1 });

    const csv = await h.app.request(`/admin/funnel?${PERIOD}&campaign=spring-2027`, {
      headers: { ...auth, accept: 'text/csv' },
    });
    const [header, first] = (await csv.text()).trim().split('\r\n');
    expect(
      header?.endsWith(
        ',errors,offered,booked,cancelled,attended,noShow,keptUnfinished,finishedLater',
      ),
    ).toBe(true);
    expect(first?.endsWith(',0,1,1,0,0,0,0')).toBe(true);
  });

  it('counts a call marked no-show in its campaign, and one that took place in its own (issue 88)', async () => {
    const { h, book, funnel } = await bookingProxy(1);
    const spring = await book(MONDAY_NINE, 'spring-2027', 'ada@example.com');
    const autumn = await book(MONDAY_TEN, 'autumn', 'grace@example.com');
    h.clock.now = Date.parse(MONDAY_TEN) + 60 * 60_000;
    // As staff mark them from the command line (the console's presses do the same).
    expect((await outboxCommand(h, 'calls', 'mark', spring, 'no-show')).exit).toBe(0);
    expect((await outboxCommand(h, 'calls', 'mark', autumn, 'attended')).exit).toBe(0);
    const report = await funnel();
    const byCampaign = Object.fromEntries(report.rows.map((row) => [row.campaign, row]));
    expect(byCampaign['spring-2027']).toMatchObject({ booked: 1, attended: 0, noShow: 1 });
    expect(byCampaign.autumn).toMatchObject({ booked: 1, attended: 1, noShow: 0 });
    expect(report.totals).toMatchObject({ attended: 1, noShow: 1 });
    const csv = await h.app.request(`/admin/funnel?${PERIOD}&campaign=spring-2027`, {
      headers: { ...auth, accept: 'text/csv' },
    });
    expect((await csv.text()).trim().split('\r\n')[1]?.endsWith(',0,1,0,0,1,0,0')).toBe(true);
  });

  it('keeps a small campaign’s calls out of its row, and in the totals and what is withheld', async () => {
    const { h, book, funnel } = await bookingProxy(3);
    const reference = await book(MONDAY_NINE, 'one-visitor');
    expect((await post(h, viewed({ campaign: 'one-visitor' }))).status).toBe(204);
    const report = await funnel();
    expect(report.rows).toEqual([]);
    expect(report.totals).toMatchObject({ offered: 1, booked: 1 });
    expect(report.withheld).toMatchObject({ groups: 1, offered: 1, booked: 1, cancelled: 0 });
    // Its call marked: counted in the totals and what is withheld, never in a row of its own.
    h.clock.now = Date.parse(MONDAY_NINE) + 60 * 60_000;
    const [call] = await h.store.bookingsOf(reference);
    await h.store.markCall(call?.uid ?? '', { outcome: 'no_show', by: 'sam', at: h.clock.now });
    const marked = await funnel();
    expect(marked.rows).toEqual([]);
    expect(marked.withheld).toMatchObject({ groups: 1, booked: 1, noShow: 1 });
  });
});
