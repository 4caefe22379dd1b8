/**
 * One request before the first field: the proxy serves the script with the form configuration
 * in it, so the landing page asks nothing more before the visitor can type, and the form token
 * waits for the first keystroke.
 */
import { sweep } from './support/axe.ts';
import { gate } from './support/gate.ts';
import { expect, test } from './support/stack.ts';

test('the script brings the configuration, and nothing else is asked before the first field', async ({
  page,
  lawFirm,
}) => {
  const asked: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith('/api/') || pathname.endsWith('.js')) asked.push(pathname);
  });
  const script = page.waitForResponse((response) => response.url().endsWith('/enquiry-form.js'));
  await page.goto(lawFirm.demo.campaignUrl);
  expect(await (await script).text()).toMatch(/^const ENQUIRY_FORM_CONFIG=\{/);
  const firstName = page.locator('enquiry-form').getByLabel('First name');
  await expect(firstName).toBeEditable();
  expect(asked.filter((path) => path.startsWith('/api/'))).toEqual([]);

  await firstName.fill('Ada');
  await expect.poll(() => asked.filter((path) => path === '/api/form-token')).toHaveLength(1);
  expect(asked).not.toContain('/api/form');
});

test('drawn in the page, the form takes typing before its script arrives, under the strict policy', async ({
  page,
  lawFirm,
}, testInfo) => {
  const violations: string[] = [];
  page.on('console', (message) => {
    if (/Content.Security.Policy/i.test(message.text())) violations.push(message.text());
  });
  const script = gate();
  await page.route('**/enquiry-form.js', async (route) => {
    await script.until;
    await route.continue();
  });
  await page.goto(`${lawFirm.demo.campaignUrl}-drawn`, { waitUntil: 'commit' });
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill('Ada');
  // Styled by the drawn form's own sheet (which the page's policy allows by its hash), in the
  // site's accent colour (its --enquiry-form-color-accent).
  await expect(form.getByRole('button', { name: 'Send enquiry' })).toHaveCSS(
    'background-color',
    'rgb(11, 92, 79)',
  );
  expect(await page.evaluate(() => customElements.get('enquiry-form'))).toBeUndefined();
  await sweep(page, testInfo, 'drawn-before-script');

  script.open();
  await expect
    .poll(() => page.evaluate(() => customElements.get('enquiry-form') !== undefined))
    .toBe(true);
  await expect(form.locator('#forename')).toHaveCount(1);
  await expect(form.getByLabel('First name')).toHaveValue('Ada');
  await expect(form.getByLabel('First name')).toBeFocused();
  expect(violations).toEqual([]);
});
