/**
 * The appointment question on the form without JavaScript where the routing rules read answers
 * of the case type (`slotsDependOn`), in memory: the page drawn first says the times come once
 * it is sent and marks its post; a marked post that ticked no time is drawn again with the times
 * of the team its answers choose, nothing stored; with no time free, its words are taken; a post
 * without the mark is taken as before (`docs/booking.md`, "Hosts that depend on answers").
 */
import { describe, expect, it } from 'vitest';
import { parseFormConfig, type FormConfigFile } from '../../contract/schemas/form-config.ts';
import {
  BOOKING,
  lawFirmBookingRouted,
  lawFirmBookingRoutedFile,
} from '../../test/fixtures/booking-config.ts';
import {
  bookingProxies,
  callEntry,
  offered,
  radioStarts,
} from '../../test/fixtures/appointment-page.ts';
import { inputs, plainForm, postPlain } from '../../test/fixtures/plain-post.ts';
import {
  harnessPerTest,
  validEnquiry,
  type ProxyHarness,
} from '../../test/fixtures/proxy-harness.ts';

const bookingProxy = bookingProxies(harnessPerTest());
/** A property worth a high-value team's call, and that team's first time (10:00 London). */
const HIGH = 'Over £1 million';
const HIGH_QUERY = `&answer.property_value=${encodeURIComponent(HIGH)}`;
const HIGH_TEN = '2027-03-29T09:00:00Z';
/** Open on Sundays only, and both Sundays of the fortnight closed: no time is ever free. */
const NO_HOURS = { hours: { sun: '09:00-10:00' }, closed: ['2027-03-28', '2027-04-04'] };

/** A post of the page whose property is the high-value team's, with `more` fields. */
const highValue = (h: ProxyHarness, more: Record<string, string> = {}) =>
  plainForm(h.formToken(), { 'answers.property_value': HIGH, ...more });

/** The same, from the first page, drawn before the team was known: it carries that page's mark. */
const unseen = (h: ProxyHarness, more: Record<string, string> = {}) =>
  highValue(h, { times_unseen: 'call', ...more });

/** `file` with its appointment question required. */
const requiredCall = (file: FormConfigFile) =>
  parseFormConfig({
    ...file,
    caseTypes: file.caseTypes.map((caseType) => ({
      ...caseType,
      questions: caseType.questions?.map((q) => (q.id === 'call' ? { ...q, required: true } : q)),
    })),
  });

describe('the appointment question without JavaScript, its hosts chosen by answers', () => {
  it('for hosts chosen by answers, says the times come once the form is sent, and offers that team’s times on the page drawn again', async () => {
    const h = bookingProxy(lawFirmBookingRouted);
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(radioStarts(page)).toEqual([]);
    expect(page).toContain('Our free times depend on your answers: send the form to see them');
    expect(inputs(page, 'times_unseen', 'call')).toHaveLength(1);
    expect(page).toMatch(/<textarea[^>]*name="preferred\.call"/);
    const refused = await postPlain(
      h,
      plainForm(h.formToken(), { email: 'not an address', 'answers.property_value': HIGH }),
    );
    expect(refused.status).toBe(400);
    const again = await refused.text();
    // The high-value team's own hours: an hour from 10:00, London time.
    expect(radioStarts(again)).toEqual(await offered(h, HIGH_QUERY));
    expect(radioStarts(again)[0]).toBe(HIGH_TEN);
    expect(again).toMatch(/value="2027-03-29T09:00:00Z"[^>]*\/>\s*10:00–11:00/);
    expect(inputs(again, 'times_unseen')).toEqual([]);
  });

  it('draws a first post that ticked no time again with the times of the team its answers choose, every answer kept and nothing stored', async () => {
    const h = bookingProxy(lawFirmBookingRouted);
    const refused = await postPlain(h, unseen(h, { 'answers.notes': 'Ground floor' }));
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(again).toMatch(
      /<a href="#field-answers-call">Choose a time for “When shall we call you\?” below, or tell us which days and times suit you<\/a>/,
    );
    expect(radioStarts(again)).toEqual(await offered(h, HIGH_QUERY));
    expect(inputs(again, 'forename', 'Ada')).toHaveLength(1);
    expect(again).toMatch(/<option value="Over £1 million" selected>/);
    expect(again).toMatch(/<textarea[^>]*name="answers\.notes"[^>]*>\s*Ground floor<\/textarea>/);
    // Drawn with its times, the page asks nothing more: it carries no mark.
    expect(inputs(again, 'times_unseen')).toEqual([]);
    expect(h.calls.filter((call) => call.endpoint === 'create')).toEqual([]);
    expect(await h.store.counts()).toMatchObject({ queued: 0, delivered: 0 });

    const sent = await postPlain(h, highValue(h, { 'answers.call': HIGH_TEN }));
    expect(sent.status).toBe(303);
    expect(callEntry(h)?.value).toMatch(
      new RegExp(`^${HIGH_TEN} \\(Monday, 29 March 2027, 10:00–11:00 .*hal@lovelace-law`),
    );
  });

  it('keeps the times typed on the first post for the page drawn with times, and sends them the second time', async () => {
    const h = bookingProxy(lawFirmBookingRouted);
    const refused = await postPlain(h, unseen(h, { 'preferred.call': 'Evenings' }));
    expect(refused.status).toBe(400);
    const again = await refused.text();
    expect(radioStarts(again)).toContain(HIGH_TEN);
    expect(again).toMatch(/<textarea[^>]*name="preferred\.call"[^>]*>\s*Evenings<\/textarea>/);
    const sent = await postPlain(h, highValue(h, { 'preferred.call': 'Evenings' }));
    expect(sent.status).toBe(303);
    expect(callEntry(h)?.value).toBe('Preferred times: Evenings');
  });

  it('takes an enquiry without the page’s mark as before: an API client’s, or a post of the page drawn with times', async () => {
    const h = bookingProxy(lawFirmBookingRouted);
    const answers = { ...validEnquiry().answers, property_value: HIGH };
    expect((await h.submit({ answers })).status).toBe(201);
    expect((await postPlain(h, highValue(h))).status).toBe(303);
    const { queued, delivered } = await h.store.counts();
    expect(queued + delivered).toBe(2);
  });

  it('takes the times typed on the first post when the team has no free time', async () => {
    const h = bookingProxy(
      parseFormConfig({ ...lawFirmBookingRoutedFile, booking: { ...BOOKING, ...NO_HOURS } }),
    );
    const sent = await postPlain(
      h,
      plainForm(h.formToken(), { times_unseen: 'call', 'preferred.call': 'Mornings' }),
    );
    expect(sent.status).toBe(303);
    expect(callEntry(h)?.value).toBe('Preferred times: Mornings');
  });

  it('asks a required question’s times on the page drawn again, never refusing the first post as unanswered', async () => {
    const h = bookingProxy(requiredCall(lawFirmBookingRoutedFile));
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(page).not.toMatch(/<textarea[^>]*name="preferred\.call"[^>]*required/);
    const again = await (await postPlain(h, unseen(h))).text();
    expect(again).toContain('Choose a time for “When shall we call you?” below');
    expect(again).not.toContain('Enter your answer to “When shall we call you?”');
    expect(radioStarts(again)).toContain(HIGH_TEN);

    // With no time free, the times that suit are the answer it asks for.
    const closed = bookingProxy(
      requiredCall({ ...lawFirmBookingRoutedFile, booking: { ...BOOKING, ...NO_HOURS } }),
    );
    const first = plainForm(closed.formToken(), { times_unseen: 'call' });
    const unanswered = await (await postPlain(closed, first)).text();
    expect(unanswered).toContain('Enter your answer to “When shall we call you?”');
    expect(unanswered).toMatch(/<textarea[^>]*name="preferred\.call"[^>]*required/);
  });

  it('names each hint and error once, where the times that suit stand for the question', async () => {
    const h = bookingProxy(requiredCall(lawFirmBookingRoutedFile));
    const page = await (await h.app.request('/form?case-type=conveyancing')).text();
    expect(repeatedIds(page)).toEqual([]);
    const closed = bookingProxy(
      requiredCall({ ...lawFirmBookingRoutedFile, booking: { ...BOOKING, ...NO_HOURS } }),
    );
    const first = plainForm(closed.formToken(), { times_unseen: 'call' });
    const unanswered = await (await postPlain(closed, first)).text();
    expect(repeatedIds(unanswered)).toEqual([]);
    // The error is the text area's own, and the summary's link lands on it.
    expect(unanswered).toMatch(/<textarea[^>]*id="field-answers-call"[^>]*aria-invalid="true"/);
    expect(unanswered).toContain('href="#field-answers-call"');
  });
});

/** The ids a page gives more than one element: a screen reader reads only the first. */
function repeatedIds(page: string): string[] {
  const ids = [...page.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1] ?? '');
  return ids.filter((id, i) => ids.indexOf(id) !== i);
}
