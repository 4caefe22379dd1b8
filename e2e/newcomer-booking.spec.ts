/**
 * Booking a call on `npm start`'s landing page (#75, #78), with no calendar server: the private
 * client team's free times are offered from the form's hours, the time picked is sent with the
 * enquiry, the confirmation in the mailbox says it, and the call is in its host's feed at the
 * address the banner prints for them.
 */
import { expect, test } from '@playwright/test';
import { readEmail } from './support/demo-mailbox.ts';
import { npmStart, stopStarted } from './support/npm-start.ts';
import { send } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });
// A visitor in the firm's zone and region, so the time they pick reads the same in the email.
test.use({ timezoneId: 'Europe/London', locale: 'en-GB' });
test.afterEach(stopStarted);

test('a call booked on the landing page is in the confirmation and in its host’s feed the banner prints', async ({
  page,
}) => {
  const started = await npmStart();
  // Each host's feed: their address, then the feed's on the next line.
  const feeds = [...started.output().matchAll(/^ {22}(\S+@\S+)\n {24}(http\S+\.ics)$/gm)].map(
    ([, host, url]) => ({ host, url: url ?? '' }),
  );
  expect(feeds.map(({ host }) => host)).toEqual(
    expect.arrayContaining(['pat@lovelace-law.example', 'priya@lovelace-law.example']),
  );
  for (const { url } of feeds) expect(new URL(url).hostname).toBe('localhost');

  await page.goto(started.named('Landing page'));
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Wills, probate and powers of attorney' }).check();
  await form.getByRole('checkbox', { name: 'Make or update a will' }).check();
  const call = form.getByRole('group', { name: 'Book a call with us' });
  const time = call
    .getByRole('radiogroup', { name: /^Times on / })
    .getByRole('radio', { name: /^\d{2}:\d{2}$/ })
    .first();
  await time.check();
  const picked = await time.evaluate((input: HTMLInputElement) => input.labels?.[0]?.innerText);
  expect(picked).toMatch(/^\d{2}:\d{2}$/);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused({ timeout: 20_000 });
  const reference = /EQ-[\w-]+/.exec(await form.locator('[part=confirmation]').innerText())?.[0];

  const confirmation = await readEmail(
    page,
    started.named('Mailbox'),
    'ada@example.com',
    'We have your enquiry',
  );
  await expect(confirmation).toContainText('Your call');
  await expect(confirmation).toContainText(picked ?? '(no time picked)');

  // The host's feed, as a calendar asks for it (through the proxy's loopback address).
  const booked = await Promise.all(
    feeds.map(async ({ url }) => {
      const feed = new URL(url);
      feed.hostname = '127.0.0.1';
      return (await fetch(feed)).text();
    }),
  );
  const withCall = booked.filter((ics) => ics.includes('SUMMARY:Call with Ada Lovelace'));
  expect(withCall).toHaveLength(1);
  expect(withCall[0]).toContain(reference ?? '(no reference)');
});
