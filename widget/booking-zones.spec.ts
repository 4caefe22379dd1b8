/**
 * The free times on the visitor's own clock (issue #75): in their time zone, the firm's named
 * where the two differ, right across a change to summer time, and written by `Intl` in the
 * form's language: English, Welsh, and Arabic right to left.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import {
  bookingConfig,
  bookingConfigIn,
  DECEMBER,
  slot,
  slotsReply,
  WHEN,
} from '../e2e/support/booking-form.ts';
import { englishOn, englishToFind } from '../e2e/support/english-left.ts';
import { DELIVERED, openForm } from '../e2e/support/widget-harness.ts';

/** The call the proxy answers the New York visitor's enquiry booked (`docs/http-api.md`). */
const BOOKED = {
  status: 'booked',
  start: '2026-12-03T16:30:00Z',
  end: '2026-12-03T17:00:00Z',
  timeZone: 'Europe/London',
  visitorZone: 'America/New_York',
  page: 'https://forms.lovelace-law.example/booking/abc.def',
  calendar: 'https://forms.lovelace-law.example/booking/abc.def/calendar.ics',
  emailed: true,
};

/** 9:00 in London on the Friday before the clocks go forward (28 March 2027), and the Monday after. */
const AROUND_SUMMER_TIME = [slot('2027-03-26T09:00:00Z'), slot('2027-03-29T08:00:00Z')];

async function consultation(
  form: Locator,
  [kind, area]: [string, string] = ['Book a first consultation', 'Family'],
) {
  await form.getByRole('radio', { name: kind }).check();
  await form.getByRole('radio', { name: area }).check();
}

/** The picker of a form whose firm's times are those around the change to summer time. */
async function aroundSummerTime(page: Page) {
  const { form } = await openForm(page, {
    config: bookingConfig(),
    slots: () => slotsReply(AROUND_SUMMER_TIME),
  });
  await consultation(form);
  return form.getByRole('group', { name: WHEN });
}

test.describe('a visitor in New York', () => {
  test.use({
    timezoneId: 'America/New_York',
    locale: 'en-US',
    viewport: { width: 390, height: 844 },
  });

  test('reads the times on their own clock, is told the firm’s zone, sends the start as served, and the sent panel gives the call with its links', async ({
    page,
  }) => {
    const harness = await openForm(page, {
      config: bookingConfig(),
      slots: () => slotsReply(DECEMBER),
      replies: [{ status: 201, body: { ...(DELIVERED.body as object), call: BOOKED } }],
    });
    const { form } = harness;
    await consultation(form);
    const picker = form.getByRole('group', { name: WHEN });
    await expect(
      picker.getByText('Times are in your time zone (Eastern Time). Ours is United Kingdom Time.'),
    ).toBeVisible();
    // 09:00 in London is 4:00 in the morning in New York; 16:30 is half past eleven.
    await expect(
      picker.getByRole('radiogroup', { name: 'Times on Tuesday, December 1' }).locator('label'),
    ).toHaveText(['4:00 AM', '4:30 AM', '9:00 AM']);
    await picker.getByRole('radio', { name: 'Thu Dec 3' }).check();
    await picker.getByRole('radio', { name: '11:30 AM' }).check();
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Email address').fill('ada@example.com');
    await form.getByRole('button', { name: 'Send enquiry' }).click();
    const panel = form.locator('[part=confirmation]');
    await expect(panel).toBeVisible();
    expect(harness.submissions[0]?.enquiry.answers?.call).toBe('2026-12-03T16:30:00Z');
    // The call as chosen, on their clock, London's beside it; its file and its page linked.
    await expect(panel).toContainText('Thursday, December 3, 11:30 AM – 12:00 PM (Eastern Time)');
    await expect(panel).toContainText(
      'Our time: Thursday, December 3, 4:30 – 5:00 PM (United Kingdom Time)',
    );
    await expect(panel.getByRole('link', { name: 'Add it to your calendar' })).toHaveAttribute(
      'href',
      BOOKED.calendar,
    );
    await expect(panel.getByRole('link', { name: 'Move or cancel the call' })).toHaveAttribute(
      'href',
      BOOKED.page,
    );
  });

  test('sees the firm’s opening hour move on their clock as London goes to summer time', async ({
    page,
  }) => {
    const picker = await aroundSummerTime(page);
    await expect(picker.getByRole('radio', { name: 'Fri Mar 26' })).toBeChecked();
    await expect(picker.getByRole('radio', { name: '5:00 AM' })).toBeVisible();
    await picker.getByRole('radio', { name: 'Mon Mar 29' }).check();
    await expect(picker.getByRole('radio', { name: '4:00 AM' })).toBeVisible();
  });
});

test.describe('a visitor in London', () => {
  test.use({ timezoneId: 'Europe/London', locale: 'en-GB', viewport: { width: 390, height: 844 } });

  test('sees the firm open at 9:00 on both sides of the change to summer time, and no zone named', async ({
    page,
  }) => {
    const picker = await aroundSummerTime(page);
    await expect(picker.getByRole('radio', { name: '09:00' })).toBeVisible();
    await picker.getByRole('radio', { name: 'Mon 29 Mar' }).check();
    await expect(picker.getByRole('radio', { name: '09:00' })).toBeVisible();
    await expect(picker.getByText(/time zone/)).toHaveCount(0);
  });
});

test.describe('in Welsh', () => {
  test.use({ timezoneId: 'Asia/Kolkata', locale: 'cy-GB', viewport: { width: 390, height: 844 } });

  test('the picker speaks Welsh, its dates and times written by Intl in Welsh, and no English is left', async ({
    page,
  }) => {
    const harness = await openForm(page, {
      config: bookingConfigIn('cy'),
      configIn: () => bookingConfigIn('cy'),
      attributes: { lang: 'cy' },
      slots: () => slotsReply(DECEMBER),
    });
    const { form } = harness;
    await consultation(form, ['Trefnu ymgynghoriad cyntaf', 'Teulu']);
    const picker = form.getByRole('group', { name: 'Pryd hoffech chi i ni eich ffonio?' });
    await expect(picker.getByRole('radiogroup', { name: 'Diwrnod' })).toBeVisible();
    await expect(
      picker.getByText(
        /^Mae’r amseroedd yn ôl eich cylchfa amser chi \((Amser India|Kolkata|Calcutta)\)\. Ein cylchfa amser ni yw .+\.$/,
      ),
    ).toBeVisible();
    await expect(
      picker.getByRole('radiogroup', { name: /^Amseroedd sydd ar gael: Dydd Mawrth,? 1 Rhagfyr$/ }),
    ).toBeVisible();
    await picker.getByRole('radio', { name: '14:30' }).check();
    // The routing reads an option's stored value, whatever the language it was chosen in.
    expect(harness.slotsRequests.at(-1)?.toString()).toBe(
      'case-type=consultation&lang=cy&answer.area=Family',
    );
    await expect(
      picker.getByText(/Rydych chi wedi dewis Dydd Mawrth,? 1 Rhagfyr, 14:30/),
    ).toBeVisible();
    const english = englishToFind({}, 'cy', Object.values(WELSH)).find;
    // The harness's own heading is the page's, in English: only the form is the product's.
    await page.locator('h1').evaluate((heading) => {
      heading.remove();
    });
    expect(await englishOn(page, english)).toEqual([]);
    await picker
      .getByRole('button', { name: 'Nid yw’r un o’r amseroedd hyn yn gyfleus i mi' })
      .click();
    await expect(
      picker.getByRole('textbox', { name: 'Pa ddyddiau ac amseroedd sy’n gyfleus i chi?' }),
    ).toBeFocused();
    expect(await englishOn(page, english)).toEqual([]);
  });
});

test.describe('in Arabic', () => {
  test.use({ timezoneId: 'Asia/Dubai', locale: 'ar', viewport: { width: 390, height: 844 } });

  test('the picker reads from the right, in Arabic words and Arabic dates', async ({ page }) => {
    const { form } = await openForm(page, {
      config: bookingConfigIn('ar'),
      configIn: () => bookingConfigIn('ar'),
      attributes: { lang: 'ar' },
      slots: () => slotsReply(DECEMBER),
    });
    await expect(form.locator('.root')).toHaveAttribute('dir', 'rtl');
    await consultation(form, ['احجز استشارة أولى', 'الأسرة']);
    const picker = form.getByRole('group', { name: 'متى تريد أن نتصل بك؟' });
    const days = picker.getByRole('radiogroup', { name: 'اليوم' }).locator('label');
    await expect(days).toHaveCount(3);
    // The first day is on the right, the next to its left.
    const [first, second] = await Promise.all([
      days.nth(0).boundingBox(),
      days.nth(1).boundingBox(),
    ]);
    expect(first && second && first.x > second.x).toBe(true);
    await expect(days.nth(0)).toContainText('الثلاثاء');
    await expect(picker.getByText(/^المواعيد معروضة بحسب منطقتك الزمنية/)).toBeVisible();
    await expect(
      picker.getByRole('button', { name: 'لا يناسبني أي من هذه المواعيد' }),
    ).toBeVisible();
  });
});
