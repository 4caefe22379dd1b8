/**
 * The mailbox `npm start`'s banner names (`demo/mailbox/`), read as a person reads it: the list,
 * then one email's page.
 */
import { expect, type Page } from '@playwright/test';

/**
 * The email to `to` whose subject starts with `subject`, opened in the mailbox at `mailbox`, as a
 * person finds it there: the list looks again every 5 seconds until it arrives. Its text.
 */
export async function readEmail(page: Page, mailbox: string, to: string, subject: string) {
  await page.goto(mailbox);
  const row = page.getByRole('row').filter({ hasText: to }).filter({ hasText: subject });
  await expect(row.first()).toBeVisible({ timeout: 30_000 });
  await row.first().getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(new RegExp(`^${subject}`));
  return page.locator('#text');
}
