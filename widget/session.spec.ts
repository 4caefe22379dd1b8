import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { FORM_TOKEN, ORIGIN, openForm, type WidgetHarness } from '../e2e/support/widget-harness.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';
import { holdIdle, releaseIdle } from '../e2e/support/idle-held.ts';

test('keeps what was typed across a reload, names the files to choose again, and forgets it after sending', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirm });
  const { form } = harness;
  await fillConveyancing(form);
  await form.getByLabel('Anything else we should know? (optional)').fill('Chain of three.');
  await chooseFiles(page, form, FILES.pdf);
  // Reloaded once the file is listed and the draft has its name: the name is kept after the
  // uploads chunk has taken the file, which a busy machine makes later than the click.
  await expect(form.locator('[part=file-list] li')).toHaveCount(1);
  const stored = () =>
    page.evaluate(() =>
      [sessionStorage, localStorage]
        .flatMap((store) => Object.keys(store).map((key) => store.getItem(key)))
        .join(' '),
    );
  await expect.poll(stored).toContain(FILES.pdf.name);
  await page.reload();

  await expect(form.getByLabel('First name')).toHaveValue('Ada');
  await expect(form.getByRole('radio', { name: 'Buying or selling a property' })).toBeChecked();
  await expect(form.getByRole('radio', { name: 'Buying', exact: true })).toBeChecked();
  await expect(form.getByLabel('Roughly what is the property worth?')).toHaveValue(
    'Under £250,000',
  );
  await expect(form.getByLabel('Anything else we should know? (optional)')).toHaveValue(
    'Chain of three.',
  );
  // Browsers cannot keep a chosen file across a reload: the visitor is told which to choose again.
  await expect(
    form.getByText(`Files are not kept when the page reloads. Choose ${FILES.pdf.name} again.`),
  ).toBeVisible();
  // The token from the first visit is kept: a restored draft sent at once is not a fast bot.
  expect(harness.tokenRequests).toBe(1);

  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.enquiry.form_token).toBe(FORM_TOKEN);
  await page.reload();
  await expect(form.getByLabel('First name')).toHaveValue('');
});

test('draws the form before it reads the kept draft, and never lets the draft overwrite what is typed first', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirm });
  const { form } = harness;
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  // A page busy after its first frame: what waits for the browser to be idle waits for the test.
  await holdIdle(page);
  await page.reload();

  // Drawn without the draft, which is read after the first frame.
  await expect(form.getByLabel('Last name')).toBeVisible();
  await expect(form.getByLabel('Last name')).toHaveValue('');
  // Typing first reads the draft, under what is typed: the other fields come back.
  await form.getByLabel('First name').pressSequentially('Grace');
  await expect(form.getByLabel('First name')).toHaveValue('Grace');
  await expect(form.getByLabel('Last name')).toHaveValue('Lovelace');
  // The idle moment the draft would have been read at changes nothing now.
  await releaseIdle(page);
  await form.getByLabel('Last name').click();
  await expect(form.getByLabel('First name')).toHaveValue('Grace');
  await expect(form.getByLabel('Last name')).toHaveValue('Lovelace');

  // Without typing, the draft comes back once the browser is idle after the first frame.
  await page.reload();
  await expect(form.getByLabel('Last name')).toBeVisible();
  await releaseIdle(page);
  await expect(form.getByLabel('First name')).toHaveValue('Grace');
  await expect(form.getByLabel('Last name')).toHaveValue('Lovelace');
});

test('keeps one draft per page', async ({ page }) => {
  const harness = await openForm(page, { config: lawFirm });
  await harness.form.getByLabel('First name').fill('Ada');
  await harness.goto('/contact');
  await expect(harness.form.getByLabel('First name')).toHaveValue('');
  await harness.goto('/');
  await expect(harness.form.getByLabel('First name')).toHaveValue('Ada');
});

/** Sends a valid enquiry and returns the attribution it carried. */
async function sentMarketing(harness: WidgetHarness) {
  await fillConveyancing(harness.form);
  await send(harness.form);
  await expect(harness.form.locator('[part=confirmation]')).toBeVisible();
  return harness.submissions[0]?.enquiry.marketing;
}

test('takes attribution from the page URL, with attributes on the tag winning', async ({
  page,
}) => {
  const harness = await openForm(
    page,
    { config: lawFirm, attributes: { keywords: 'set on the tag' } },
    '/?utm_source=google&utm_campaign=spring-2027&utm_term=solicitor&utm_medium=cpc&utm_content=banner-b&gclid=XYZ',
  );
  expect(await sentMarketing(harness)).toEqual({
    lead_referer: 'google',
    campaign: 'spring-2027',
    keywords: 'set on the tag',
    detail: 'utm_medium=cpc; utm_content=banner-b; gclid=XYZ',
  });
});

test('names the referring site when there are no utm parameters', async ({ page }) => {
  const harness = await openForm(
    page,
    { config: lawFirm },
    '/',
    'https://www.bing.com/search?q=solicitor',
  );
  expect(await sentMarketing(harness)).toEqual({
    lead_referer: 'www.bing.com',
    campaign: '',
    keywords: '',
    detail: '',
  });
});

test('keeps the first touch of the session from a landing page without a form', async ({
  page,
}) => {
  const harness = await openForm(
    page,
    { config: lawFirm, pagesWithoutForm: ['/offer'] },
    '/offer?utm_source=newsletter&utm_campaign=spring-2027',
    'https://mail.example.net/',
  );
  // A later visit with other parameters, and a move within the site, change nothing.
  await harness.goto('/contact?utm_campaign=autumn-2027&utm_source=facebook');
  await harness.goto('/', `${ORIGIN}/contact`);
  expect(await sentMarketing(harness)).toEqual({
    lead_referer: 'newsletter',
    campaign: 'spring-2027',
    keywords: '',
    detail: '',
  });
});
