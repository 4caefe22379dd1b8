/**
 * One request before the first field: the proxy serves the script with the form configuration
 * in it, so the landing page asks nothing more before the visitor can type, and the form token
 * waits for the first keystroke.
 */
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
