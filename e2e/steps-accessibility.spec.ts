/**
 * Each step of a form in steps, its error state and Check your answers, light and dark, at a
 * phone width and a desktop width: axe finds nothing, nothing scrolls sideways, and a
 * screenshot of each is kept.
 */
import { sweep } from './support/axe.ts';
import { expect, test } from './support/stack.ts';
import { FILES, chooseFiles } from './support/visitor.ts';

test.describe.configure({ timeout: 90_000 });

for (const scheme of ['light', 'dark'] as const)
  for (const width of [320, 1280]) {
    test(`every step at ${String(width)}px, ${scheme}: axe finds nothing and nothing overflows`, async ({
      page,
      steps,
    }, testInfo) => {
      const state = (name: string) =>
        sweep(page, testInfo, `steps-${String(width)}-${name}-${scheme}`);
      await page.emulateMedia({ colorScheme: scheme });
      await page.setViewportSize({ width, height: 900 });
      await page.goto(steps.demo.siteUrl);
      const form = page.locator('enquiry-form');
      const proceed = () => form.getByRole('button', { name: 'Continue' }).click();
      const atStep = (number: number) =>
        expect(form.locator('.step-title')).toContainText(`Step ${String(number)} of`);
      await atStep(1);
      await state('1-details');
      await proceed();
      await expect(form.locator('[part=error-summary]')).toBeFocused();
      await state('1-details-errors');
      await form.getByLabel('First name').fill('Ada');
      await form.getByLabel('Last name').fill('Lovelace');
      await form.getByLabel('Email address').fill('ada@example.com');
      await proceed();
      await atStep(2);
      // The case type is a step of its own: choosing one with steps of its own adds them.
      await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
      await expect(form.locator('.step-title')).toHaveText(/Step 2 of 7\s+Your enquiry/);
      await state('2-enquiry');
      await proceed();
      await atStep(3);
      await form.getByRole('radio', { name: 'Buying', exact: true }).check();
      await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
      await state('3-property');
      await proceed();
      await atStep(4);
      await form.getByLabel('Anything else we should know?').fill('A chain of three.');
      await state('4-completion');
      await proceed();
      await atStep(5);
      await chooseFiles(page, form, FILES.pdf);
      await state('5-files');
      await proceed();
      await atStep(6);
      await form.getByRole('checkbox', { name: /I agree that the firm may contact me/ }).check();
      await state('6-consent');
      await proceed();
      await atStep(7);
      await expect(form.locator('.check-answers')).toContainText('A chain of three.');
      await state('7-check-answers');
    });
  }
