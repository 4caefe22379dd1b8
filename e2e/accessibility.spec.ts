/**
 * Every state of every example form, on the demo site with the real proxy behind it, at a phone
 * width and a desktop width: axe finds nothing, nothing scrolls sideways, and a screenshot of
 * each state is kept (the README's pictures come from here).
 */
import type { Locator, Page, TestInfo } from '@playwright/test';
import { screenshot, sweep } from './support/axe.ts';
import { FILES, chooseFiles, fillCallback, fillConveyancing, send } from './support/visitor.ts';
import { expect, test, type Stack } from './support/stack.ts';

// Six states, each screenshotted and analysed: more than a plain spec needs on two cores.
test.describe.configure({ timeout: 60_000 });

const WIDTHS = [320, 1280] as const;

interface Walk {
  name: string;
  stack: (fixtures: { lawFirm: Stack; callback: Stack }) => Stack;
  fill: (
    page: Page,
    form: Locator,
    testInfo: TestInfo,
    state: (name: string) => Promise<void>,
  ) => Promise<void>;
}

const WALKS: Walk[] = [
  {
    name: 'law-firm',
    stack: ({ lawFirm }) => lawFirm,
    async fill(page, form, _testInfo, state) {
      await fillConveyancing(form);
      await chooseFiles(page, form, FILES.pdf, FILES.audio);
      await state('files-chosen');
      // The refused audio file holds the enquiry back until the visitor removes it.
      await send(form);
      await expect(form.locator('[part=error-summary]')).toBeFocused();
      await form.getByRole('button', { name: 'Remove voice-memo.mp3' }).click();
    },
  },
  {
    name: 'call-back',
    stack: ({ callback }) => callback,
    fill: (_page, form) => fillCallback(form),
  },
];

const SCHEMES = ['light', 'dark'] as const;

for (const scheme of SCHEMES)
  for (const width of WIDTHS) {
    for (const walk of WALKS) {
      test(`${walk.name} form at ${width}px, ${scheme}: every state passes axe and fits`, async ({
        page,
        lawFirm,
        callback,
      }, testInfo) => {
        const stack = walk.stack({ lawFirm, callback });
        const suffix = scheme === 'light' ? '' : `-${scheme}`;
        const state = (name: string) =>
          sweep(page, testInfo, `${walk.name}-${width}-${name}${suffix}`);
        await page.emulateMedia({ colorScheme: scheme });
        let release = () => {};
        const held = new Promise<void>((resolve) => (release = resolve));
        let posts = 0;
        // The first send is held (to look at it sending), then fails as if the network dropped.
        await page.route('**/api/enquiries', async (route) => {
          posts += 1;
          if (posts > 1) return route.continue();
          await held;
          return route.abort('connectionreset');
        });
        await page.setViewportSize({ width, height: 900 });
        await page.goto(stack.demo.siteUrl);
        const form = page.locator('enquiry-form');
        await expect(form.getByLabel('First name')).toBeVisible();
        await state('empty');

        await send(form);
        await expect(form.locator('[part=error-summary]')).toBeFocused();
        await state('errors');

        await walk.fill(page, form, testInfo, state);
        await send(form);
        await expect(form.locator('[part=progress]')).toBeVisible();
        await state('sending');
        release();

        await expect(form.locator('[part=failure]')).toBeFocused();
        await state('failed');

        await form.getByRole('button', { name: 'Try again' }).click();
        await expect(form.locator('[part=confirmation]')).toBeFocused();
        await state('sent');
      });
    }
  }

test('the stand-in’s inbox shows what arrived (for the README)', async ({
  page,
  lawFirm,
}, testInfo) => {
  const before = (await lawFirm.inbox()).length;
  await page.goto(lawFirm.demo.campaignUrl);
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill('ada@example.com');
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Roughly what is the property worth?').selectOption('£250,000 to £500,000');
  await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
  await chooseFiles(page, form, FILES.pdf, FILES.jpeg);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();
  await lawFirm.arrivals(before);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${lawFirm.apiOrigin}/inbox`);
  await expect(page.getByText('Nationwide').first()).toBeVisible();
  await screenshot(page, testInfo, 'inbox');
});
