/**
 * A host's calls in the console, in Chromium (issue #88's "the console pages axe clean"): Sam,
 * one of the form's hosts, signs in through the firm's identity provider and reads "Your calls"
 * (the calls that ended waiting for a mark, the one still to come, the sign-in that connects her
 * own calendar, her feed) and the lead's page of a call that ended (when, with whom, its meeting
 * link, the presses that mark it): axe finds nothing on either, light and dark, at 320 px. Then
 * she marks a call "Took place" and the page says so. The calls are kept in the outbox before the
 * proxy starts, as intake keeps them, since no form books a call that has already begun.
 */
import { expect, test, type Page } from '@playwright/test';
import { meetingLinkFor } from '../proxy/booking/meeting-link.ts';
import { asking, call } from '../proxy/test/fixtures/asked-calls.ts';
import {
  BOOKING,
  lawFirmBookingFile,
  ROOMY_LIMITS,
} from '../proxy/test/fixtures/booking-config.ts';
import type { OutboxStore } from '../proxy/outbox/store.ts';
import { sweep } from './support/axe.ts';
import {
  openPeopleStack,
  signInThroughProvider,
  type PeopleStack,
} from './support/people-stack.ts';

/** The host: the issuer's staff account (`people-stack.ts`), one of the form's hosts. */
const HOST = 'sam@firm.example';
const MEETING = { link: 'https://meet.jit.si/firm-{room}' };
const HOUR = 3_600_000;
/** The leads with calls: two ended unmarked (one swept, one marked), one to come. */
const CALLS = { swept: 'EQ-CALL-0001', marked: 'EQ-CALL-0002', coming: 'EQ-CALL-0003' };

/** Sam's calls, each with a room of its own, and the firm's web app she signs in through. */
async function seedCalls(store: OutboxStore, now: number) {
  const starts = { swept: now - 3 * HOUR, marked: now - 2 * HOUR, coming: now + 48 * HOUR };
  for (const [which, reference] of Object.entries(CALLS) as [keyof typeof CALLS, string][]) {
    const booking = call(`${reference}@e2e`, starts[which], {
      hosts: [HOST],
      meetingUrl: meetingLinkFor(MEETING),
      at: now - 24 * HOUR,
    });
    const taken = await store.accept(asking(reference, booking));
    if (taken.kind !== 'stored') throw new Error(`${reference}'s call was not kept`);
  }
  // "Connect my Microsoft 365 calendar" is offered once the firm registered its web app.
  await store.connectCalendarConnection({
    kind: 'microsoft-web',
    settings: { tenant: 'firm.example', clientId: 'e2e-console-calls' },
    sealedSecret: '',
    connectedAt: now,
    connectedBy: 'e2e',
  });
}

let running: PeopleStack | undefined;
const on = () => {
  if (!running) throw new Error('the stack did not start');
  return running;
};
test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.beforeAll(async () => {
  running = await openPeopleStack('sqlite', {
    form: {
      ...lawFirmBookingFile,
      booking: { ...BOOKING, limits: ROOMY_LIMITS, people: [HOST], meeting: MEETING },
    },
    seed: seedCalls,
  });
});
test.afterAll(async () => {
  await running?.close();
});

/** Sam signed in, on "Your calls" with everything it shows drawn. */
async function yourCalls(page: Page) {
  await signInThroughProvider(page, on().console, 'sam');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
  await page.goto(`${on().console}/admin/calls`);
  await expect(page.getByRole('heading', { name: 'Your calls', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: CALLS.coming })).toBeVisible();
  await expect(
    page.getByRole('button', { name: 'Connect my Microsoft 365 calendar' }),
  ).toBeVisible();
}

for (const colorScheme of ['light', 'dark'] as const)
  test(`"Your calls" and an ended call's lead page pass axe, ${colorScheme}, at 320 px`, async ({
    page,
  }, testInfo) => {
    // Two axe sweeps of whole pages beside a full CI run on two cores.
    test.setTimeout(120_000);
    const name = (view: string) => `console-calls-${view}-320-${colorScheme}`;
    await page.emulateMedia({ colorScheme });
    await page.setViewportSize({ width: 320, height: 720 });
    await yourCalls(page);
    await expect(
      page.getByRole('group', {
        name: `Did the call take place: Call with Ada Lovelace, ${CALLS.swept}?`,
      }),
    ).toBeVisible();
    await sweep(page, testInfo, name('your-calls'));

    await page.goto(`${on().console}/admin/leads/${CALLS.swept}`);
    await expect(page.getByRole('heading', { name: 'Call booked' })).toBeVisible();
    await expect(
      page.getByRole('link', { name: /^https:\/\/meet\.jit\.si\/firm-[a-z0-9]{20}$/ }),
    ).toBeVisible();
    await expect(page.getByRole('group', { name: 'Did the call take place?' })).toBeVisible();
    await sweep(page, testInfo, name('lead'));
  });

test('a host marks an ended call "Took place" in "Your calls", and the page says so', async ({
  page,
}) => {
  await yourCalls(page);
  const marks = page.getByRole('group', {
    name: `Did the call take place: Call with Ada Lovelace, ${CALLS.marked}?`,
  });
  await marks.getByRole('button', { name: 'Took place' }).click();
  await expect(page.getByRole('status')).toHaveText('The call is marked: it took place.');
  await expect(marks).toHaveCount(0);
  // The call swept above still waits for its mark.
  await expect(page.getByRole('link', { name: CALLS.swept })).toBeVisible();
});
