/**
 * The appointment question (issue #75) against mocked routes: the free times fetched for the
 * case type and the answers the routing reads, picked with the keyboard alone, sent as the
 * slot's start exactly as served; a time just taken; a call the proxy could not hold; no time
 * free; the times not loaded; none of them suiting; a time chosen before a reload.
 */
import { expect, test, type Locator } from '@playwright/test';
import {
  bookingConfig,
  DECEMBER,
  SLOT_TAKEN,
  slot,
  slotsReply,
  WHEN,
} from '../e2e/support/booking-form.ts';
import { openForm, type HarnessOptions } from '../e2e/support/widget-harness.ts';
import { send } from '../e2e/support/visitor.ts';

test.use({ viewport: { width: 390, height: 844 }, timezoneId: 'Europe/London', locale: 'en-GB' });

const open = (page: Parameters<typeof openForm>[0], options: Partial<HarnessOptions> = {}) =>
  openForm(page, {
    config: bookingConfig(),
    attributes: { campaign: 'spring-2027' },
    slots: () => slotsReply(DECEMBER),
    ...options,
  });

/** Fills in who the visitor is and chooses the consultation about family law. */
async function aboutFamily(form: Locator) {
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Book a first consultation' }).check();
  await form.getByRole('radio', { name: 'Family' }).check();
}

const picker = (form: Locator) => form.getByRole('group', { name: WHEN });

test('a visitor picks a time with the keyboard alone, and the enquiry carries its start exactly as served', async ({
  page,
}) => {
  const harness = await open(page);
  const { form } = harness;
  const { keyboard } = page;
  await form.getByLabel('First name').focus();
  await keyboard.type('Ada');
  await keyboard.press('Tab');
  await keyboard.press('Tab');
  await keyboard.type('ada@example.com');
  await keyboard.press('Tab');
  await keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Book a first consultation' })).toBeFocused();
  await keyboard.press('Space');
  await keyboard.press('Tab');
  await keyboard.press('Space');
  await expect(form.getByRole('radio', { name: 'Family' })).toBeChecked();
  // The days: one stop, the arrows move between them.
  await expect(picker(form).getByRole('radio', { name: 'Tue 1 Dec' })).toBeVisible();
  await keyboard.press('Tab');
  await expect(form.getByRole('radio', { name: 'Tue 1 Dec' })).toBeFocused();
  await expect(form.getByRole('radio', { name: 'Tue 1 Dec' })).toBeChecked();
  await keyboard.press('ArrowRight');
  await expect(form.getByRole('radio', { name: 'Wed 2 Dec' })).toBeChecked();
  const times = form.getByRole('radiogroup', { name: 'Times on Wednesday 2 December' });
  await expect(times.locator('label')).toHaveText(['10:00', '10:30']);
  // The times: one stop; the arrows choose.
  await keyboard.press('Tab');
  await expect(times.getByRole('radio', { name: '10:00' })).toBeFocused();
  await keyboard.press('ArrowRight');
  await expect(times.getByRole('radio', { name: '10:30' })).toBeChecked();
  const chosen = /You have chosen Wednesday,?\s2\sDecember,?\s10:30\s?–\s?11:00\./;
  await expect(picker(form).getByText(chosen)).toBeVisible();
  await expect(form.getByRole('status')).toHaveText(chosen);
  await keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'None of these times suit me' })).toBeFocused();
  await keyboard.press('Tab');
  await keyboard.press('Tab');
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeFocused();
  await keyboard.press('Enter');

  await expect(form.locator('[part=confirmation]')).toBeFocused();
  expect(harness.submissions[0]?.enquiry.answers).toEqual({
    area: 'Family',
    call: '2026-12-02T10:30:00Z',
  });
});

test('the picker’s chunk is fetched once a case type with an appointment question is chosen, and asks for the routing’s facts', async ({
  page,
}) => {
  const harness = await open(page);
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await form.getByRole('radio', { name: 'Something else' }).check();
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toBeVisible();
  // The late bundle is here (the form's Send would work), its chunks for what the form uses.
  await expect.poll(() => harness.lateBundleRequests).toBe(1);
  expect(harness.lateChunkRequests).toEqual([]);
  expect(harness.slotsRequests).toEqual([]);

  await form.getByRole('radio', { name: 'Book a first consultation' }).check();
  await expect(picker(form).getByRole('radio', { name: 'Tue 1 Dec' })).toBeVisible();
  expect(harness.lateChunkRequests).toHaveLength(1);
  await form.getByRole('radio', { name: 'Wills' }).check();
  await expect
    .poll(() => harness.slotsRequests.map((query) => query.toString()))
    .toEqual([
      'case-type=consultation&campaign=spring-2027',
      'case-type=consultation&campaign=spring-2027&answer.area=Wills',
    ]);
});

test('the times are asked for again when an answer the routing reads changes, and only then', async ({
  page,
}) => {
  const wills = [slot('2026-12-04T11:00:00Z')];
  const harness = await open(page, {
    slots: (query) => slotsReply(query.get('answer.area') === 'Wills' ? wills : DECEMBER),
  });
  const { form } = harness;
  await aboutFamily(form);
  await picker(form).getByRole('radio', { name: '09:30' }).check();
  const asked = harness.slotsRequests.length;
  await form.getByLabel('Anything else we should know? (optional)').fill('A question of custody');
  await form.getByLabel('Last name (optional)').fill('Lovelace');
  await expect(picker(form).getByRole('radio', { name: '09:30' })).toBeChecked();
  expect(harness.slotsRequests).toHaveLength(asked);

  // Another area is another team, with other times: the one chosen is no longer offered.
  await form.getByRole('radio', { name: 'Wills' }).check();
  await expect(picker(form).getByRole('radio', { name: 'Fri 4 Dec' })).toBeChecked();
  await expect(
    picker(form).getByText(
      /^The time you chose, Tuesday,? 1 December 2026 at 09:30, is no longer free\. Choose another time\.$/,
    ),
  ).toBeVisible();
  expect(harness.slotsRequests).toHaveLength(asked + 1);
  // Back to the first area: its times are still fresh, and are not asked for again.
  await form.getByRole('radio', { name: 'Family' }).check();
  await expect(picker(form).getByRole('radio', { name: 'Tue 1 Dec' })).toBeChecked();
  expect(harness.slotsRequests).toHaveLength(asked + 1);
});

test('a time just taken is said beside the question, fresh times come, and every other answer stays', async ({
  page,
}) => {
  let taken = false;
  const harness = await open(page, {
    replies: [SLOT_TAKEN],
    slots: () => slotsReply(taken ? DECEMBER.slice(1) : DECEMBER),
  });
  const { form } = harness;
  await aboutFamily(form);
  await form.getByLabel('Anything else we should know? (optional)').fill('A question of custody');
  await picker(form).getByRole('radio', { name: '09:00' }).check();
  const asked = harness.slotsRequests.length;
  taken = true;
  await send(form);

  const summary = form.locator('[part=error-summary]');
  await expect(summary).toBeFocused();
  const message = `That time was just taken. Choose another time for “${WHEN}”`;
  await expect(summary.getByRole('link', { name: message })).toBeVisible();
  await expect(picker(form).locator('.error-message')).toHaveText(`Error: ${message}`);
  await expect.poll(() => harness.slotsRequests.length).toBe(asked + 1);
  const times = picker(form).getByRole('radiogroup', { name: 'Times on Tuesday 1 December' });
  await expect(times.locator('label')).toHaveText(['09:30', '14:00']);
  await expect(times.getByRole('radio', { checked: true })).toHaveCount(0);
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
  await expect(form.getByRole('radio', { name: 'Family' })).toBeChecked();
  await expect(form.getByLabel('Anything else we should know? (optional)')).toHaveValue(
    'A question of custody',
  );

  // The summary's link leads to the question's choices.
  await summary.getByRole('link', { name: message }).click();
  await expect(picker(form).getByRole('radio', { name: 'Tue 1 Dec' })).toBeFocused();
  await times.getByRole('radio', { name: '09:30' }).check();
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions.map((sent) => sent.enquiry.answers?.call)).toEqual([
    '2026-12-01T09:00:00Z',
    '2026-12-01T09:30:00Z',
  ]);
});

test('a call the proxy could not hold is said on the confirmation, in the proxy’s words', async ({
  page,
}) => {
  const message =
    'We could not hold a call at the time you chose (Tuesday, 1 December 2026, 09:00–09:30 Europe/London): many calls were booked in a short time. We have your enquiry, with that time as the one you prefer, and will contact you to agree a time.';
  const harness = await open(page, {
    replies: [
      {
        status: 201,
        body: {
          status: 'delivered',
          reference: 'ENQ-7Q4M-2K',
          enquiryId: 4711,
          files: [],
          call: { status: 'not_held', message },
        },
      },
    ],
  });
  const { form } = harness;
  await aboutFamily(form);
  await picker(form).getByRole('radio', { name: '09:00' }).check();
  await send(form);
  const confirmation = form.locator('[part=confirmation]');
  await expect(confirmation).toBeFocused();
  await expect(confirmation.getByText(message)).toBeVisible();
  expect(harness.submissions[0]?.enquiry.answers?.call).toBe('2026-12-01T09:00:00Z');
});

for (const [status, says] of [
  ['full', 'There are no free times to book at the moment.'],
  ['unavailable', 'We cannot show our free times just now.'],
] as const)
  test(`with the times ${status}, the question asks for the times that would suit, required as the question is`, async ({
    page,
  }) => {
    const harness = await open(page, { slots: () => slotsReply([], status) });
    const { form } = harness;
    await aboutFamily(form);
    await expect(picker(form).getByText(says)).toBeVisible();
    const preferred = picker(form).getByRole('textbox', { name: 'Which days and times suit you?' });
    await expect(preferred).toHaveAttribute('required', '');
    await send(form);
    await expect(form.getByRole('link', { name: `Enter your answer to “${WHEN}”` })).toBeVisible();
    await preferred.fill('Any weekday after 4pm');
    await send(form);
    await expect(form.locator('[part=confirmation]')).toBeVisible();
    expect(harness.submissions[0]?.enquiry.answers?.call).toBe('Any weekday after 4pm');
  });

test('times that could not be loaded can be asked for again; meanwhile the visitor can say which would suit', async ({
  page,
}) => {
  let failing = true;
  const harness = await open(page, {
    slots: () => (failing ? { status: 503, body: { error: 'unavailable' } } : slotsReply(DECEMBER)),
  });
  const { form } = harness;
  await aboutFamily(form);
  await expect(
    picker(form).getByText(
      'The free times could not be loaded. Check your connection and try again.',
    ),
  ).toBeVisible();
  await expect(
    picker(form).getByRole('textbox', { name: 'Which days and times suit you?' }),
  ).toBeVisible();
  failing = false;
  await picker(form).getByRole('button', { name: 'Try again' }).click();
  await expect(picker(form).getByRole('radio', { name: 'Tue 1 Dec' })).toBeChecked();
});

test('none of the times suiting, the visitor writes the times that would, and may go back to the list', async ({
  page,
}) => {
  const harness = await open(page);
  const { form } = harness;
  await aboutFamily(form);
  await picker(form).getByRole('radio', { name: '14:00' }).check();
  await picker(form).getByRole('button', { name: 'None of these times suit me' }).click();
  const preferred = picker(form).getByRole('textbox', { name: 'Which days and times suit you?' });
  await expect(preferred).toBeFocused();
  await page.keyboard.type('Saturday morning');
  await picker(form).getByRole('button', { name: 'Choose one of the free times instead' }).click();
  await expect(picker(form).getByRole('radio', { name: 'Tue 1 Dec' })).toBeFocused();
  await expect(picker(form).getByRole('radio', { checked: true, name: '14:00' })).toHaveCount(0);
  await picker(form).getByRole('button', { name: 'None of these times suit me' }).click();
  await expect(preferred).toHaveValue('Saturday morning');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.answers?.call).toBe('Saturday morning');
});

test('a time chosen before a reload is chosen still; once it is no longer free, it is said so and goes', async ({
  page,
}) => {
  let offered = DECEMBER;
  const harness = await open(page, { slots: () => slotsReply(offered) });
  const { form } = harness;
  await aboutFamily(form);
  await picker(form).getByRole('radio', { name: 'Wed 2 Dec' }).check();
  await picker(form).getByRole('radio', { name: '10:30' }).check();
  await page.reload();
  await expect(picker(form).getByRole('radio', { name: 'Wed 2 Dec' })).toBeChecked();
  await expect(picker(form).getByRole('radio', { name: '10:30' })).toBeChecked();

  offered = DECEMBER.filter((free) => free.start !== '2026-12-02T10:30:00Z');
  await page.reload();
  await expect(
    picker(form).getByText(
      /^The time you chose, Wednesday,? 2 December 2026 at 10:30, is no longer free\. Choose another time\.$/,
    ),
  ).toBeVisible();
  await expect(picker(form).getByRole('radio', { checked: true, name: '10:00' })).toHaveCount(0);
  await send(form);
  await expect(form.getByRole('link', { name: `Enter your answer to “${WHEN}”` })).toBeVisible();
  expect(harness.submissions).toHaveLength(0);
});

test('while the picker cannot be fetched, the question is a text area for the times that would suit, and the enquiry goes', async ({
  page,
}) => {
  const harness = await open(page, { lateChunks: { failures: 1000 } });
  const { form } = harness;
  await aboutFamily(form);
  const preferred = form.getByRole('textbox', { name: WHEN });
  await expect(preferred).toHaveAccessibleDescription(
    'A 30-minute call with one of our solicitors.',
  );
  await preferred.fill('Any weekday after 4pm');
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.answers?.call).toBe('Any weekday after 4pm');
  expect(harness.slotsRequests).toEqual([]);
});
