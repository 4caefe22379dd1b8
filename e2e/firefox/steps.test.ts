/**
 * A form in steps in Firefox (firefox-esr over WebDriver BiDi, as `firefox-smoke.test.ts`): the
 * same walk as the Chromium spec (`e2e/steps.spec.ts`): a conditional question that appears and
 * goes, the browser's Back and Forward, a reload halfway, a "Change" from Check your answers,
 * and the enquiry the platform receives. Skipped, saying why, where Firefox is not installed.
 */
import type { Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lawFirmInSteps } from '../../proxy/test/fixtures/steps-config.ts';
import { noFirefox, inForm, startFirefoxStack, type FirefoxStack } from './firefox-stack.ts';

let firefox: FirefoxStack;
let page: Page;

/** The shown step's heading, and whether it has focus. */
const heading = () =>
  page.evaluate(() => {
    const root = document.querySelector('enquiry-form')?.shadowRoot;
    const title = root?.querySelector('.step-title');
    return {
      text: title?.textContent.replace(/\s+/g, ' ').trim() ?? '',
      focused: root?.activeElement === title,
    };
  });

/** Waits for the step whose heading says `text`, focused after a move. */
async function expectStep(text: string, focused = true) {
  await page.waitForFunction(
    (wanted) =>
      document
        .querySelector('enquiry-form')
        ?.shadowRoot?.querySelector('.step-title')
        ?.textContent.replace(/\s+/g, ' ')
        .includes(wanted),
    {},
    text,
  );
  expect(await heading()).toEqual({ text, focused });
}

const proceed = () => page.click(inForm('button[type=submit]'));
const formText = () =>
  page.evaluate(() => document.querySelector('enquiry-form')?.shadowRoot?.textContent ?? '');

describe.skipIf(noFirefox)('a form in steps in Firefox', () => {
  beforeAll(async () => {
    firefox = await startFirefoxStack({
      form: lawFirmInSteps,
      viewport: { width: 320, height: 640 },
      dataDirPrefix: 'firefox-steps-',
    });
    ({ page } = firefox);
  }, 60_000);
  afterAll(() => firefox.close());

  it('walks the steps with Back, Forward and a reload, changes an answer, and sends', async () => {
    const before = (await firefox.inbox()).length;
    await page.goto(firefox.demo.siteUrl);
    await expectStep('Step 1 of 5 Your details', false);
    await page.type(inForm('#forename'), 'Ada');
    await page.type(inForm('#surname'), 'Lovelace');
    await page.type(inForm('#email'), 'ada@example.com');
    await proceed();
    await expectStep('Step 2 of 5 Your enquiry');
    // The case type is a step of its own; choosing one with steps of its own adds them.
    await page.click(inForm('input[name=case_type][value=conveyancing]'));
    await expectStep('Step 2 of 7 Your enquiry', false);
    await proceed();
    await expectStep('Step 3 of 7 The property');
    await page.click(inForm('input[type=radio][value="Buying"]'));
    await page.type(inForm('[name="answers.lender"]'), 'Nationwide');
    await page.select(inForm('[name="answers.property_value"]'), 'Under £250,000');
    await page.click(inForm('input[type=radio][value="Selling"]'));
    await page.waitForFunction(
      () =>
        !document
          .querySelector('enquiry-form')
          ?.shadowRoot?.querySelector('[name="answers.lender"]'),
    );
    await proceed();
    await expectStep('Step 4 of 7 Completion');
    await page.type(inForm('[name="answers.notes"]'), 'A chain of three.');

    await page.goBack();
    await expectStep('Step 3 of 7 The property');
    await page.goForward();
    await expectStep('Step 4 of 7 Completion');
    await page.reload();
    await expectStep('Step 4 of 7 Completion', false);

    await proceed();
    await expectStep('Step 5 of 7 Files');
    await proceed();
    await expectStep('Step 6 of 7 Your consent');
    await page.click(inForm('input[name="consent.consent_contact"]'));
    await proceed();
    await expectStep('Step 7 of 7 Check your answers');
    expect(await formText()).toContain('Selling');
    expect(await formText()).not.toContain('Nationwide');

    await page.$$eval(inForm('.check-answers__change button'), (buttons) => {
      (buttons as HTMLButtonElement[])
        .find((button) => button.textContent.includes('Anything else we should know?'))
        ?.click();
    });
    await expectStep('Step 4 of 7 Completion');
    await page.$eval(inForm('[name="answers.notes"]'), (input) => {
      (input as HTMLTextAreaElement).select();
    });
    await page.keyboard.type('A chain of two.');
    await proceed();
    await expectStep('Step 7 of 7 Check your answers');
    await page.click(inForm('button[type=submit]'));
    await page.waitForSelector(inForm('[part=confirmation]'), { timeout: 15_000 });

    const [enquiry] = await firefox.arrivals(before);
    expect(enquiry).toMatchObject({ forename: 'Ada', case_type: 'conveyancing' });
    const meta = Object.fromEntries((enquiry?.meta ?? []).map((entry) => [entry.id, entry.value]));
    expect(meta).toMatchObject({ transaction: 'Selling', notes: 'A chain of two.' });
    expect(meta).not.toHaveProperty('lender');
  });
});
