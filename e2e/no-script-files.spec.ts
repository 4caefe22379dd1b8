/**
 * A file sent with the form without JavaScript survives a refusal, in English and in Welsh: the
 * visitor mistypes their email, attaches a PDF and sends; the page drawn again lists the PDF as
 * attached (a browser without script cannot keep a chosen file); the visitor corrects the email
 * at once and sends; the platform receives the PDF byte for byte. The stack asks for five seconds
 * between the form's first drawing and its send: the correction, sent well inside five seconds
 * of the error page, is a person's, as the time counts from the first drawing (#60).
 */
import { readFileSync } from 'node:fs';
import type { Page } from '@playwright/test';
import { exampleConfigPath } from '../demo/forms/index.ts';
import type { FormConfigFile } from '../proxy/contract/schemas/form-config.ts';
import { ENGLISH, type Strings } from '../proxy/contract/strings/english.ts';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import { expect, openStack, test, type Stack } from './support/stack.ts';

const MIN_FILL_SECONDS = 5;

/** A PDF of 40 KB whose bytes are its own, so a byte lost or changed on the way shows. */
const letter = (name: string) => ({
  name,
  mimeType: 'application/pdf',
  buffer: Buffer.concat([
    Buffer.from('%PDF-1.7\n'),
    Buffer.from(Array.from({ length: 40_000 }, (_, i) => 32 + ((i * 7) % 90))),
  ]),
});

/** The form's words in one language, and the firm's answers in it. */
const VISITORS = [
  {
    lang: 'en',
    path: '/form',
    words: ENGLISH,
    selling: 'Selling',
    consent: /^I agree/,
    name: 'Ada',
    file: letter('letter.pdf'),
  },
  {
    lang: 'cy',
    path: '/form?lang=cy',
    words: WELSH,
    selling: 'Gwerthu',
    consent: /^Rwy’n cytuno/,
    name: 'Gwenllian',
    file: letter('llythyr.pdf'),
  },
] as const;

test.describe('files without JavaScript', () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 60_000 });
  let stack: Stack;

  test.beforeAll(async () => {
    const config = JSON.parse(
      readFileSync(exampleConfigPath('bilingual'), 'utf8'),
    ) as FormConfigFile;
    stack = await openStack('no-script-files-spec', {
      config,
      proxyEnv: { MIN_FILL_SECONDS: String(MIN_FILL_SECONDS) },
    });
  });
  test.afterAll(async () => {
    await stack.demo.close();
  });

  for (const visitor of VISITORS)
    test(`(${visitor.lang}) a file sent with a refused post is kept, listed, and delivered with the correction`, async ({
      page,
    }) => {
      const { words } = visitor;
      const before = (await stack.inbox()).length;
      await page.goto(`${stack.demo.proxyUrl}${visitor.path}`);
      const drawnAt = Date.now();
      await page.getByLabel(words.forename).fill(visitor.name);
      await page.getByLabel(words.surname).fill('Jones');
      await page.getByLabel(words.email).fill('ada@example');
      await page.getByRole('radio', { name: visitor.selling, exact: true }).check();
      await page.getByRole('checkbox', { name: visitor.consent }).check();
      await page.getByLabel(words.files).setInputFiles(visitor.file);
      // A person takes longer than the minimum to fill a form in.
      await expect
        .poll(() => Date.now() - drawnAt, { timeout: 10_000 })
        .toBeGreaterThan(MIN_FILL_SECONDS * 1000);
      await page.getByRole('button', { name: words.submit }).click();

      await expect(page).toHaveTitle(
        `${visitor.lang === 'cy' ? 'Gwall' : 'Error'}: ${words['page.title']}`,
      );
      await expect(page.getByRole('alert')).toContainText(words['email.invalid_email']);
      const attached = page.getByRole('group', { name: words['page.heldFiles'] });
      const box = attached.getByRole('checkbox', { name: new RegExp(`^${visitor.file.name} \\(`) });
      await expect(box).toBeChecked();
      await expect(attached).toContainText(words['page.heldHint']);
      await expect(page.getByLabel(words.files)).toHaveValue('');

      await correct(page, words, visitor.consent);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        new RegExp(`^(${words.deliveredTitle}|${words.queuedTitle})$`),
      );
      const [enquiry] = await stack.arrivals(before);
      expect(enquiry).toMatchObject({ forename: visitor.name, email: 'ada@example.com' });
      await expect.poll(async () => (await stack.inbox()).at(-1)?.files.length).toBe(1);
      const [file] = (await stack.inbox()).at(-1)?.files ?? [];
      const received = Buffer.from(
        await (await fetch(`${stack.apiOrigin}${file?.url ?? ''}`)).arrayBuffer(),
      );
      expect(received.equals(visitor.file.buffer)).toBe(true);
    });
});

/** The email corrected and the form sent again at once, as a visitor does. */
async function correct(page: Page, words: Strings, consent: RegExp) {
  await page.getByLabel(words.email).fill('ada@example.com');
  await page.getByRole('checkbox', { name: consent }).check();
  await page.getByRole('button', { name: words.submit }).click();
}
