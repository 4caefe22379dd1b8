/**
 * What a newcomer does with the emails of `npm start` (#78), in a process of its own, from the
 * README alone: saves an enquiry on the landing page, reads its email in the mailbox the banner
 * names (the link and, later, the code), opens the link in another browser, where the code gives
 * the answers back; and, once it is sent, reads the visitor's confirmation and the team's notice
 * in the same mailbox. Nothing needed a setting: the mailbox is `npm start`'s own.
 */
import { expect, test } from '@playwright/test';
import { readEmail } from './support/demo-mailbox.ts';
import { openWithCode, saveFor } from './support/drafting-stack.ts';
import { npmStart, stopStarted } from './support/npm-start.ts';
import { fillConveyancing, send } from './support/visitor.ts';

test.describe.configure({ timeout: 120_000 });
test.afterEach(stopStarted);

const NOTES = 'We exchange contracts on the 14th and need a solicitor by then';

test('the mailbox the banner names shows a saved enquiry’s link and code, and the code opens it in another browser', async ({
  page,
  browser,
}) => {
  const started = await npmStart();
  const mailbox = started.named('Mailbox');
  expect(new URL(mailbox).hostname).toBe('localhost');

  // Saved on the landing page, half done.
  await page.goto(started.named('Landing page'));
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await form.getByLabel('Anything else we should know?').fill(NOTES);
  await saveFor(form);
  await expect(form.locator('.drafts__outcome')).toContainText(
    'Saved. We have emailed a link to ada@example.com.',
  );

  // The link, read in the mailbox: a link to the landing page, its key in the fragment.
  const linkEmail = await readEmail(page, mailbox, 'ada@example.com', 'Your saved enquiry');
  const link = await linkEmail.getByRole('link').first().getAttribute('href');
  expect(link).toMatch(
    new RegExp(`^${started.named('Landing page')}#enquiry-draft=[0-9a-f]{32}\\.[\\w-]{43}$`),
  );

  // Another browser: the code goes to the same mailbox, and opens the saved answers.
  const other = await browser.newContext();
  const there = (await other.newPage()).locator('enquiry-form');
  await there.page().goto(link ?? '');
  await openWithCode(there, 'ada@example.com', async () => {
    const codeEmail = await readEmail(page, mailbox, 'ada@example.com', 'Your code to continue');
    return /\b(\d{6})\b/.exec(await codeEmail.innerText())?.[1] ?? '(no code)';
  });
  await expect(there.locator('.drafts-notice')).toContainText('Your saved answers are back.');
  await expect(there.getByLabel('Anything else we should know?')).toHaveValue(NOTES);

  // Sent from there: the visitor's confirmation and the team's notice, in the same mailbox.
  await send(there);
  await expect(there.locator('[part=confirmation]')).toBeFocused({ timeout: 20_000 });
  const reference = (await there.locator('[part=confirmation]').innerText()).match(
    /EQ-[\w-]+/,
  )?.[0];
  const confirmation = await readEmail(page, mailbox, 'ada@example.com', 'We have your enquiry');
  await expect(confirmation).toContainText(reference ?? '(no reference)');
  const notice = await readEmail(page, mailbox, 'ann@lovelace-law.example', 'New lead');
  await expect(notice).toContainText(reference ?? '(no reference)');
  await other.close();
});
