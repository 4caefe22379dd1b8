/**
 * The time picker in every state it can be in, light and dark, on a 320 px phone and at 390 px:
 * axe finds nothing, nothing scrolls sideways, and each state is kept as a screenshot
 * (`test-results/screenshots/booking-*.png`) to be looked at.
 */
import { expect, test, type Page } from '@playwright/test';
import { sweep } from '../e2e/support/axe.ts';
import {
  bookingConfig,
  DECEMBER,
  SLOT_TAKEN,
  slotsReply,
  WHEN,
} from '../e2e/support/booking-form.ts';
import { held, openForm, type Reply } from '../e2e/support/widget-harness.ts';

// Each test sweeps five states with axe, which takes seconds apiece on a loaded machine.
test.describe.configure({ timeout: 60_000 });

/** Makes the page dark, as a page that declares `color-scheme: dark` is. */
async function dark(page: Page) {
  await page.emulateMedia({ colorScheme: 'dark' });
  await page.evaluate(() => {
    document.documentElement.style.colorScheme = 'dark';
    document.documentElement.style.background = 'Canvas';
  });
}

for (const scheme of ['light', 'dark'] as const)
  for (const width of [320, 390])
    test.describe(`${scheme} at ${String(width)} px`, () => {
      test.use({
        viewport: { width, height: 800 },
        timezoneId: 'America/New_York',
        locale: 'en-GB',
      });
      const name = (state: string) => `booking-${scheme}-${String(width)}-${state}`;

      /** Opens the form with `slots` answering, and shows the question. */
      async function picker(page: Page, slots: () => Reply, replies: Reply[] = []) {
        const harness = await openForm(page, { config: bookingConfig(), slots, replies });
        if (scheme === 'dark') await dark(page);
        const { form } = harness;
        await form.getByLabel('First name').fill('Ada');
        await form.getByLabel('Email address').fill('ada@example.com');
        await form.getByRole('radio', { name: 'Book a first consultation' }).check();
        await form.getByRole('radio', { name: 'Family' }).check();
        return { harness, form, group: form.getByRole('group', { name: WHEN }) };
      }

      test('loading, open, chosen, taken, none suiting', async ({ page }, testInfo) => {
        const waiting = held(slotsReply(DECEMBER));
        let taken = false;
        const { form, group } = await picker(
          page,
          () => (taken ? slotsReply(DECEMBER.slice(1)) : waiting.reply),
          [SLOT_TAKEN],
        );
        await expect(group.getByText('Finding free times…')).toBeVisible();
        await sweep(page, testInfo, name('loading'));
        waiting.release();
        await expect(group.getByRole('radio', { name: 'Tue 1 Dec' })).toBeChecked();
        await sweep(page, testInfo, name('open'));
        await group.getByRole('radio', { name: '04:00' }).check();
        await group.getByRole('radio', { name: '04:00' }).focus();
        await sweep(page, testInfo, name('chosen'));
        taken = true;
        await form.getByRole('button', { name: 'Send enquiry' }).click();
        await expect(group.locator('.error-message')).toBeVisible();
        await expect(group.getByRole('radio', { name: '04:30' })).toBeVisible();
        await sweep(page, testInfo, name('taken'));
        await group.getByRole('button', { name: 'None of these times suit me' }).click();
        await sweep(page, testInfo, name('none-suit'));
      });

      test('full, unavailable, failed, a time no longer free', async ({ page }, testInfo) => {
        let reply: Reply = slotsReply([], 'full');
        const { harness, form, group } = await picker(page, () => reply);
        await expect(
          group.getByText('There are no free times to book at the moment.'),
        ).toBeVisible();
        await sweep(page, testInfo, name('full'));
        // Required: sending without the times that would suit says so beside the text area.
        await form.getByRole('button', { name: 'Send enquiry' }).click();
        await expect(group.locator('.error-message')).toBeVisible();
        await sweep(page, testInfo, name('full-error'));
        expect(harness.submissions).toHaveLength(0);

        const again = async (next: Reply) => {
          reply = next;
          await page.reload();
          if (scheme === 'dark') await dark(page);
        };
        await again(slotsReply([], 'unavailable'));
        await expect(group.getByText('We cannot show our free times just now.')).toBeVisible();
        await sweep(page, testInfo, name('unavailable'));

        await again({ status: 503, body: {} });
        await expect(group.getByRole('button', { name: 'Try again' })).toBeVisible();
        await sweep(page, testInfo, name('failed'));

        await again(slotsReply(DECEMBER));
        await group.getByRole('radio', { name: '04:30' }).check();
        await again(slotsReply(DECEMBER.filter((free) => free.start !== '2026-12-01T09:30:00Z')));
        await expect(group.getByText(/is no longer free/)).toBeVisible();
        await sweep(page, testInfo, name('gone'));
      });
    });
