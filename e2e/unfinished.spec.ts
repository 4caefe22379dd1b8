/**
 * Unfinished enquiries (issue 87) in Chromium against the real proxy and the stand-in: the box
 * under the contact fields, unticked, once an email address is typed. Until it is ticked nothing
 * typed leaves the page (every request the page makes is read); ticked, what is typed is kept
 * within seconds and again after a change; unticked, erased at once; ticked and sent, one enquiry
 * reaches the platform and nothing unfinished is left (`/admin/status`); with JavaScript off, the
 * page's same box kept by its button and taken over by the enquiry sent, axe-clean kept, light and
 * dark. Then the box in Welsh
 * and in Arabic, right to left, with a mailer so that the reminder's box shows under it once it
 * is ticked: axe-clean with the first box unticked, ticked, and both ticked, light and dark, each
 * language in one page load.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { APIRequestContext, Page, Request } from '@playwright/test';
import { EXAMPLE_CONFIGS, exampleConfigPath } from '../demo/forms/index.ts';
import type { FormConfigFile } from '../proxy/contract/schemas/form-config.ts';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import { startMailServer, type RunningMailServer } from '../proxy/test/fixtures/mail-server.ts';
import { sweep } from './support/axe.ts';
import { embedPage, openOwnPage, type OwnPage } from './support/own-page.ts';
import { E2E_ADMIN_TOKEN, expect, openStack, test, type Stack } from './support/stack.ts';
import { send } from './support/visitor.ts';

const UNFINISHED = { unfinished: { keepDays: 7 } };
const KEEP = /Keep what I have typed so that the firm can help/;

/** The proxy's counts of unfinished enquiries (`GET /admin/status`). */
async function counts(request: APIRequestContext, stack: Stack) {
  const answer = await request.get(`${stack.demo.proxyUrl}/admin/status`, {
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}` },
  });
  const status = (await answer.json()) as {
    unfinished: { kept: number; unticked: number; finished: number };
  };
  return status.unfinished;
}

/** Every request the page makes from now on, with its body. */
function wire(page: Page) {
  const seen: { url: string; body: string }[] = [];
  page.on('request', (request: Request) => {
    seen.push({ url: request.url(), body: request.postData() ?? '' });
  });
  return seen;
}

/** The next `POST` the page makes to `path` of the proxy. */
const posted = (page: Page, path: string) =>
  page.waitForRequest(
    (request) => request.method() === 'POST' && new URL(request.url()).pathname === path,
    { timeout: 5000 },
  );

test.describe('the unfinished enquiry’s box on the law firm’s form', () => {
  test.describe.configure({ mode: 'default', timeout: 90_000 });
  let stack: Stack;
  test.beforeAll(async () => {
    stack = await openStack('unfinished-spec', {
      config: { ...EXAMPLE_CONFIGS['law-firm'], ...UNFINISHED },
    });
  });
  test.afterAll(async () => {
    await stack.demo.close();
  });

  test('at 390 px nothing typed leaves the page until the box is ticked; kept, erased, then sent as one enquiry', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const surname = `Quill${randomBytes(3).toString('hex')}`;
    const email = `${surname.toLowerCase()}@example.com`;
    const seen = wire(page);
    await page.goto(stack.demo.siteUrl);
    const form = page.locator('enquiry-form');
    const box = form.getByRole('checkbox', { name: KEEP });
    await form.getByLabel('First name').fill('Ada');
    await form.getByLabel('Last name').fill(surname);
    await expect(box).toHaveCount(0);
    await form.getByLabel('Email address').fill(email);
    await expect(box).toBeVisible();
    await expect(box).not.toBeChecked();
    await expect(form.getByText('It is erased 7 days after your last change')).toBeVisible();
    await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
    await form.getByRole('radio', { name: 'Buying', exact: true }).check();
    const before = await counts(request, stack);

    // Ticked: kept at once. Everything the page sent before the tick, measured on the wire,
    // carried nothing typed.
    const firstKeep = posted(page, '/api/unfinished');
    await box.check();
    const kept = await firstKeep;
    const untilTick = seen.slice(
      0,
      seen.findIndex((sent) => sent.url === kept.url()),
    );
    for (const sent of untilTick) {
      expect(sent.body + sent.url).not.toContain(surname);
      expect(sent.body + sent.url).not.toContain(surname.toLowerCase());
    }
    expect(JSON.parse(kept.postData() ?? '{}')).toMatchObject({
      values: { surname, email, case_type: 'conveyancing' },
    });
    await expect(form.getByText('What you have typed is kept.')).toHaveCount(1);
    await expect.poll(async () => (await counts(request, stack)).kept).toBe(before.kept + 1);

    // A change is kept within a couple of seconds of the last keystroke.
    const again = posted(page, '/api/unfinished');
    await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
    expect((await again).postData()).toContain('Under £250,000');

    // Unticked: erased at once.
    const erase = posted(page, '/api/unfinished/erase');
    await box.uncheck();
    await erase;
    await expect
      .poll(async () => (await counts(request, stack)).kept, { timeout: 5000 })
      .toBe(before.kept);
    expect((await counts(request, stack)).unticked).toBe(before.unticked + 1);

    // Ticked again and sent: one enquiry reaches the platform; nothing unfinished is left.
    const keptAgain = posted(page, '/api/unfinished');
    await box.check();
    await keptAgain;
    await expect.poll(async () => (await counts(request, stack)).kept).toBe(before.kept + 1);
    const arrived = (await stack.inbox()).length;
    await send(form);
    await expect(form.locator('[part=confirmation]')).toBeFocused();
    const [enquiry] = await stack.arrivals(arrived);
    expect(JSON.stringify(enquiry)).toContain(surname);
    expect(await stack.inbox()).toHaveLength(arrived + 1);
    await expect.poll(async () => (await counts(request, stack)).kept).toBe(before.kept);
    expect((await counts(request, stack)).finished).toBe(before.finished + 1);
  });

  test('with JavaScript off, the page offers the same box: kept when ticked and pressed, then taken over by the enquiry sent', async ({
    browser,
    request,
  }) => {
    const before = await counts(request, stack);
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${stack.demo.proxyUrl}/form?case-type=conveyancing`);
    await page.getByLabel('First name').fill('Ada');
    await page.getByLabel('Last name').fill('Lovelace');
    await page.getByLabel('Email address').fill('ada@example.com');
    const box = page.getByRole('checkbox', { name: KEEP });
    await expect(box).not.toBeChecked();
    await box.check();
    await page.getByRole('button', { name: 'Keep what I have typed', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('What you have typed is kept until');
    await expect(page.getByRole('checkbox', { name: KEEP })).toBeChecked();
    await expect(page.getByLabel('Last name')).toHaveValue('Lovelace');
    expect((await counts(request, stack)).kept).toBe(before.kept + 1);
    await page.getByRole('radio', { name: 'Buying', exact: true }).check();
    await page.getByLabel('Roughly what is the property worth?').selectOption({ index: 1 });
    await page.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(page).toHaveURL(/\/form\/sent\?/);
    expect(await counts(request, stack)).toMatchObject({
      kept: before.kept,
      finished: before.finished + 1,
    });
    await context.close();
  });

  test('axe finds nothing on the page without JavaScript with its box kept, light and dark', async ({
    page,
  }, testInfo) => {
    // The page runs no script of its own: axe's, which needs one, reads it as it is drawn.
    await page.goto(`${stack.demo.proxyUrl}/form?case-type=conveyancing`);
    await page.getByLabel('Email address').fill('ada@example.com');
    await page.getByRole('checkbox', { name: KEEP }).check();
    await page.getByRole('button', { name: 'Keep what I have typed', exact: true }).click();
    await expect(page.getByRole('status')).toContainText('What you have typed is kept until');
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await sweep(page, testInfo, `unfinished-no-script-kept-${scheme}`);
    }
  });
});

/** The bilingual and the Arabic examples with the block, each on a page in its language. */
const bilingual = JSON.parse(
  readFileSync(exampleConfigPath('bilingual'), 'utf8'),
) as FormConfigFile;
const arabic = {
  ...(JSON.parse(readFileSync('demo/forms/arabic.json', 'utf8')) as FormConfigFile),
  strings: { ar: fileURLToPath(new URL('../demo/strings/ar.json', import.meta.url)) },
};
const AR = JSON.parse(readFileSync('demo/strings/ar.json', 'utf8')) as Record<string, string>;

const LANGUAGES = [
  { lang: 'cy', config: bilingual, words: WELSH as Record<string, string>, dir: 'ltr' },
  { lang: 'ar', config: arabic, words: AR, dir: 'rtl' },
] as const;

for (const { lang, config, words, dir } of LANGUAGES)
  test.describe(`the box in ${lang}`, () => {
    test.describe.configure({ mode: 'default', timeout: 90_000 });
    let own: OwnPage;
    let stack: Stack;
    let mail: RunningMailServer;
    test.beforeAll(async () => {
      own = await openOwnPage();
      mail = await startMailServer();
      stack = await openStack(`unfinished-${lang}-spec`, {
        // A reminder a day after the last change: offered, never due while the spec runs.
        config: { ...config, unfinished: { keepDays: 7, remindAfterHours: 24 } },
        proxyEnv: {
          ALLOWED_ORIGINS: own.origin,
          SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
          CONFIRMATION_FROM: 'Lovelace & Co <enquiries@lovelace-law.example>',
        },
      });
      own.show(embedPage(stack.demo.proxyUrl, { lang, title: 'Enquiry', heading: 'Enquiry' }));
    });
    test.afterAll(async () => {
      await stack.demo.close();
      await mail.close();
      await own.close();
    });

    test(`says it in ${lang} (${dir}), and axe finds nothing in either box's states, light and dark`, async ({
      page,
    }, testInfo) => {
      await page.setViewportSize({ width: 390, height: 900 });
      await page.goto(own.origin);
      const form = page.locator('enquiry-form');
      await expect(form.locator('.root')).toHaveCSS('direction', dir);
      const email = form.locator('input#email');
      await email.fill('ada@example.com');
      const box = form.getByRole('checkbox', { name: words.unfinishedKeep ?? '' });
      await expect(box).toBeVisible();
      const hint = form.locator('#unfinished-keep-hint');
      // Its line in the language, the length of time written in it by the browser.
      const [before = '', after = ''] = (words.unfinishedKeepHint ?? '').split('{days}');
      await expect(hint).toContainText(before);
      await expect(hint).toContainText(after.slice(0, 20));
      // The box sits where its field's words start: at the right, right to left.
      const [field, ticked] = await Promise.all([
        email.boundingBox(),
        form.locator('.unfinished').boundingBox(),
      ]);
      if (!field || !ticked) throw new Error('the email field or the box is not on the page');
      const start = (b: { x: number; width: number }) => (dir === 'rtl' ? b.x + b.width : b.x);
      expect(Math.abs(start(field) - start(ticked))).toBeLessThanOrEqual(2);

      const remind = form.getByRole('checkbox', { name: words.unfinishedRemind ?? '' });
      for (const scheme of ['light', 'dark'] as const) {
        await page.emulateMedia({ colorScheme: scheme });
        if (await remind.isVisible()) await remind.uncheck();
        await box.uncheck();
        await expect(remind).toHaveCount(0);
        await sweep(page, testInfo, `unfinished-${lang}-${scheme}-unticked`);
        const keep = posted(page, '/api/unfinished');
        await box.check();
        await keep;
        await expect(form.getByText(words.unfinishedKept ?? '')).toHaveCount(1);
        // The reminder's box under it, unticked, with its line in the language.
        await expect(remind).not.toBeChecked();
        const [remindBefore = ''] = (words.unfinishedRemindHint ?? '').split('{after}');
        await expect(form.locator('#unfinished-remind-hint')).toContainText(remindBefore);
        await sweep(page, testInfo, `unfinished-${lang}-${scheme}-ticked`);
        const asked = page.waitForRequest(
          (request) =>
            new URL(request.url()).pathname === '/api/unfinished' &&
            (request.postData() ?? '').includes('"remind":true'),
          { timeout: 5000 },
        );
        await remind.check();
        await asked;
        await sweep(page, testInfo, `unfinished-${lang}-${scheme}-both-ticked`);
      }
    });
  });
