/**
 * The form without JavaScript in Welsh, in Chromium with JavaScript off, against the real proxy
 * and the stand-in serving the bilingual example: `/form?lang=cy` is Welsh, a problem only the
 * proxy finds is said in Welsh with every value kept, the enquiry sends, `/form/sent` is Welsh,
 * and the platform receives the firm's English labels, the visitor's language and the Welsh
 * consent wording. No English word of the product's or the firm's is on any page on the way.
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { bilingual, exampleConfigPath } from '../demo/forms/index.ts';
import type { FormConfigFile } from '../proxy/contract/schemas/form-config.ts';
import { ENGLISH } from '../proxy/contract/strings/english.ts';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import { expect, openStack, test, type Stack } from './support/stack.ts';

/** The product's English a visitor could meet on these pages. */
const PRODUCT_ENGLISH = (
  [
    ...['forename', 'surname', 'email', 'telephone_mobile', 'submit', 'optional'],
    ...['errorSummaryTitle', 'errorPrefix', 'deliveredTitle', 'queuedTitle', 'reference'],
    ...['receipt', 'receiptHint', 'page.title', 'telephone_mobile.invalid_phone'],
  ] as const
).map((key) => ENGLISH[key]);

/** The firm's English texts, as the form in its first language has them. */
const conveyancing = bilingual.first.caseTypes[0];
const FIRM_ENGLISH = [
  conveyancing?.label ?? '',
  ...(conveyancing?.questions.flatMap((q) => [q.label, q.hint ?? '', ...(q.optionLabels ?? [])]) ??
    []),
  ...(bilingual.first.consent?.statements.map((s) => s.label.replace(/\[|\]\([^)]*\)/g, '')) ?? []),
].filter((words) => words !== '');

/** Fails when the page shows any English word of ours or the firm's. */
async function expectNoEnglish(page: Page) {
  const shown = await page.locator('body').innerText();
  for (const words of [...PRODUCT_ENGLISH, ...FIRM_ENGLISH]) expect(shown).not.toContain(words);
}

test.describe('the Welsh form with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });
  let stack: Stack;

  test.beforeAll(async () => {
    // The example as a site owner keeps it: its texts in English and Welsh.
    const config = JSON.parse(
      readFileSync(exampleConfigPath('bilingual'), 'utf8'),
    ) as FormConfigFile;
    stack = await openStack('no-script-welsh-spec', { config });
  });
  test.afterAll(async () => {
    await stack.demo.close();
  });

  test('sends, says a problem in Welsh, and confirms in Welsh', async ({ page }) => {
    const before = (await stack.inbox()).length;
    await page.goto(`${stack.demo.proxyUrl}/form?lang=cy`);
    await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
    await expect(page).toHaveTitle(WELSH['page.title']);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Prynu neu werthu cartref');
    await expectNoEnglish(page);

    await page.getByLabel(WELSH.forename).fill('Gwenllian');
    await page.getByLabel(WELSH.surname).fill('Jones');
    await page.getByLabel(WELSH.email).fill('gwen@example.com');
    // Too few digits: the browser has no rule for it, the proxy has.
    await page.getByLabel(WELSH.telephone_mobile).fill('12');
    await page.getByRole('radio', { name: 'Gwerthu', exact: true }).check();
    await page.getByLabel('Oes unrhyw beth arall y dylem ei wybod?').fill('Symud ym mis Mai');
    await page.getByRole('checkbox', { name: /^Rwy’n cytuno/ }).check();
    await page.getByRole('button', { name: WELSH.submit }).click();

    await expect(page).toHaveTitle(`Gwall: ${WELSH['page.title']}`);
    const summary = page.getByRole('alert');
    await expect(summary).toContainText(WELSH.errorSummaryTitle);
    await expect(summary).toContainText(WELSH['telephone_mobile.invalid_phone']);
    await expect(page.getByLabel(WELSH.forename)).toHaveValue('Gwenllian');
    await expect(page.getByLabel('Oes unrhyw beth arall y dylem ei wybod?')).toHaveValue(
      'Symud ym mis Mai',
    );
    await expectNoEnglish(page);

    await page.getByLabel(WELSH.telephone_mobile).fill('07700 900123');
    await page.getByRole('checkbox', { name: /^Rwy’n cytuno/ }).check();
    await page.getByRole('button', { name: WELSH.submit }).click();

    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      new RegExp(`^(${WELSH.deliveredTitle}|${WELSH.queuedTitle})$`),
    );
    expect(new URL(page.url()).pathname).toBe('/form/sent');
    await expect(page.locator('html')).toHaveAttribute('lang', 'cy');
    await expect(page.locator('.reference')).toHaveText(/^EQ-/);
    await expect(page.getByRole('link', { name: /^Yn ôl i / })).toBeVisible();
    await expectNoEnglish(page);

    const [enquiry] = await stack.arrivals(before);
    expect(enquiry).toMatchObject({ forename: 'Gwenllian', case_type: 'conveyancing' });
    const meta = enquiry?.meta ?? [];
    expect(meta).toContainEqual(
      expect.objectContaining({ label: 'Are you buying or selling?', value: 'Selling' }),
    );
    expect(meta).toContainEqual(expect.objectContaining({ id: 'visitor_language', value: 'cy' }));
    expect(meta.find((entry) => entry.id === 'consent_contact')?.value).toContain(
      'Rwy’n cytuno y caiff y cwmni gysylltu â mi',
    );
  });
});
