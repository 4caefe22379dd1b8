/**
 * Two studio pages of issue #85's minors, in Chromium against the stack `npm start` runs, on its
 * form (`law-firm-demo`: calls booked by the private client team, one language): the Booking page
 * says whose calls its hours are and leads to the team's own (minor 9), and a language the form
 * has not got is a console page saying to add it first (minor 5). Axe finds nothing on either,
 * light and dark, at 320 and 1280 px.
 */
import { expect, test } from '@playwright/test';
import { sweep } from './support/axe.ts';
import { studioStackPerFile } from './support/studio-stack.ts';

test.describe.configure({ mode: 'serial', timeout: 90_000 });

const { on, signIn } = studioStackPerFile('law-firm-demo');

test('the Booking page names the case type whose calls follow its hours, and leads to its team’s own', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${on().url}/admin/form/booking`);
  const uses = page.getByRole('region', { name: 'Whose calls these hours are' });
  await expect(uses.getByRole('listitem')).toHaveText(
    'Wills, probate and powers of attorney (“Book a call with us”): calls go to Private client, on these hours (give Private client hours of its own)',
  );
  await uses.getByRole('link', { name: 'give Private client hours of its own' }).click();
  await expect(page.getByRole('heading', { name: 'Teams and routing', level: 1 })).toBeVisible();
  // The link's target is the team's own time zone, the first of its booking boxes.
  const zone = page.locator(':target');
  await expect(zone).toHaveAttribute('name', 'teams.2.booking.timeZone');
  await expect(zone).toBeInViewport();
});

test('the Booking page sets a meeting link per call, and says a bad one beside its box', async ({
  page,
}) => {
  await signIn(page);
  await page.goto(`${on().url}/admin/form/booking`);
  await page
    .getByRole('group', { name: 'Where the call happens' })
    .getByRole('radio', { name: /^A meeting link/ })
    .check();
  await page.getByRole('textbox', { name: 'The meeting link' }).fill('http://meet.example/{room}');
  await page.getByRole('textbox', { name: 'Reminders to the visitor before the call' }).fill('2d');
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.locator('#f-meetingLink-error')).toContainText('must start with https://');
  await expect(page.locator('#f-reminders-error')).toContainText(
    '"2d" is not a duration before the call',
  );
  await expect(page.getByRole('textbox', { name: 'The meeting link' })).toHaveValue(
    'http://meet.example/{room}',
  );
});

test('a language the form has not got is a page saying to add it on the Languages page first', async ({
  page,
}) => {
  await signIn(page);
  const response = await page.goto(`${on().url}/admin/form/languages/cy`);
  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'The form has no Welsh yet' })).toBeVisible();
  await page.getByRole('link', { name: 'the Languages page' }).click();
  await expect(page.getByRole('heading', { name: 'Languages', level: 1 })).toBeVisible();
});

for (const [scheme, width] of [
  ['light', 1280],
  ['dark', 320],
] as const)
  test(`axe finds nothing on either page, ${scheme}, at ${String(width)} px`, async ({
    page,
  }, testInfo) => {
    await page.emulateMedia({ colorScheme: scheme });
    await page.setViewportSize({ width, height: 900 });
    await signIn(page);
    for (const [name, path] of [
      ['booking-uses', '/admin/form/booking'],
      ['language-missing', '/admin/form/languages/cy'],
    ] as const) {
      await page.goto(`${on().url}${path}`);
      await sweep(page, testInfo, `studio-${name}-${scheme}-${String(width)}`);
    }
  });
