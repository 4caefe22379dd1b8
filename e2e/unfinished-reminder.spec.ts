/**
 * An unfinished enquiry's one reminder through the whole stack (issue 87): kept on a phone with
 * "Email me one reminder" ticked and the page closed; a real SMTP conversation carries one email
 * with a link back; opened in another browser, the link shows nothing until the code sent to the
 * same address is typed, then what was typed is back and the box is ticked on the same record.
 * The form offers no "Save and continue later": the reminder's link opens all the same.
 */
import { randomBytes } from 'node:crypto';
import { EXAMPLE_CONFIGS } from '../demo/forms/index.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import { codeIn, draftingStack, emailTo, linkIn, openWithCode } from './support/drafting-stack.ts';
import { expect, test as stacks, type Stack } from './support/stack.ts';

// Due about four seconds after the last change: the proxy looks every ten.
const REMINDING = { unfinished: { keepDays: 1, remindAfterHours: 0.001 } };

const test = stacks.extend<object, { mail: RunningMailServer; reminding: Stack }>({
  mail: mailServer,
  reminding: [
    async ({ mail }, use) => {
      const form = { ...EXAMPLE_CONFIGS['law-firm'], ...REMINDING };
      const stack = await draftingStack('unfinished-reminder-spec', mail, {}, form);
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ timeout: 90_000 });

const NOTES = 'A flat in Islington, completion before the summer';

test('kept with a reminder asked for and the page closed: one email with a link, which opens the answers after the code', async ({
  browser,
  mail,
  reminding,
}) => {
  const address = `ada.${randomBytes(3).toString('hex')}@example.com`;
  const phone = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const onPhone = await phone.newPage();
  await onPhone.goto(reminding.demo.siteUrl);
  const form = onPhone.locator('enquiry-form');
  await form.getByLabel('First name').fill('Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form.getByLabel('Email address').fill(address);
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await form.getByLabel('Anything else we should know?').fill(NOTES);
  await form.getByRole('checkbox', { name: /Keep what I have typed/ }).check();
  const remind = form.getByRole('checkbox', {
    name: 'Email me one reminder with a link back to this form',
  });
  await expect(form.getByText(/Once, 1 minute after your last change/)).toBeVisible();
  const asked = onPhone.waitForRequest(
    (request) =>
      new URL(request.url()).pathname === '/api/unfinished' &&
      (request.postData() ?? '').includes('"remind":true'),
  );
  await remind.check();
  await asked;
  await phone.close();

  const email = await emailTo(mail, address, 'Your unfinished enquiry');
  expect(email.text).not.toContain(NOTES);
  const link = linkIn(email);
  expect(link).toContain(`${new URL(reminding.demo.siteUrl).origin}/`);

  // Another browser: nothing of what was typed until the code.
  const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const onDesktop = await desktop.newPage();
  await onDesktop.goto(link);
  const there = onDesktop.locator('enquiry-form');
  await expect(there.getByRole('heading', { name: 'Continue your saved enquiry' })).toBeFocused();
  const codesBefore = mail.received.length;
  await openWithCode(there, address, async () => {
    await expect.poll(() => mail.received.length, { timeout: 20_000 }).toBeGreaterThan(codesBefore);
    return codeIn(await emailTo(mail, address, 'Your code to continue your enquiry'));
  });
  await expect(there.getByLabel('Anything else we should know?')).toHaveValue(NOTES);
  await expect(there.getByLabel('Email address')).toHaveValue(address);
  // The same record goes on here, its box ticked; no second reminder is asked for by it.
  await expect(there.getByRole('checkbox', { name: /Keep what I have typed/ })).toBeChecked();
  expect(mail.received.filter((m) => m.subject === 'Your unfinished enquiry')).toHaveLength(1);
  await desktop.close();
});
