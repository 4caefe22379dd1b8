/**
 * The console's "Unfinished" page in a browser: a kept record read whole (what was typed, its
 * consent) with nothing for axe, light and dark, on a phone (320 px) and at a desk (1280 px),
 * then erased with its box ticked (`docs/console.md`, "Unfinished enquiries").
 */
import { expect, test, type Page } from '@playwright/test';
import { storedKeep } from '../proxy/test/fixtures/unfinished.ts';
import { sweep } from './support/axe.ts';
import { ADMIN_TOKEN, openConsoleStack, type ConsoleStack } from './support/console-stack.ts';

let stack: ConsoleStack;
test.describe.configure({ mode: 'serial', timeout: 60_000 });
test.beforeAll(async () => {
  stack = await openConsoleStack('sqlite', {
    seed: async (store, now) => {
      await store.keepUnfinished(
        storedKeep(1, now, {
          fields: {
            ...storedKeep(1, now).fields,
            answers: {
              transaction: 'Buying',
              notes: 'A flat in Islington, completion before the summer; the lender wants a survey',
            },
          },
        }),
      );
    },
  });
});
test.afterAll(async () => {
  await stack.close();
});

async function signIn(page: Page) {
  await page.goto(`${stack.demo.proxyUrl}/admin/sign-in`);
  await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
}

test('shows a kept record with nothing for axe, light and dark, at 320 and 1280 px, then erases it', async ({
  page,
}, testInfo) => {
  // Four axe sweeps of a whole page: about 50 s on a busy machine.
  test.setTimeout(120_000);
  await signIn(page);
  await page.getByRole('link', { name: 'Unfinished' }).click();
  const record = page.getByRole('region', { name: 'Ada Lovelace' });
  await expect(record).toContainText('the lender wants a survey');
  await expect(record).toContainText('Cadw’r hyn a deipiais…');
  for (const scheme of ['light', 'dark'] as const)
    for (const width of [320, 1280]) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await sweep(page, testInfo, `console-unfinished-${scheme}-${String(width)}`);
    }
  await record.getByRole('checkbox', { name: /Yes, erase/ }).check();
  await record.getByRole('button', { name: 'Erase' }).click();
  await expect(page.getByRole('status')).toHaveText(/Erased/);
  await expect(page.getByRole('region', { name: 'Ada Lovelace' })).toHaveCount(0);
});
