/**
 * A kept draft on a form published anew since (issues #56 item 5 and #57 item 4): the tab's own
 * draft after a reload, and a saved enquiry opened from its link. The firm retires the lender
 * question, offers other property values, draws "buying or selling" as a list, and rewords the
 * notes question. The answers whose question stands come back (the reworded one too: its id is
 * the platform's identity); the property's worth is named, by its label now, in a notice at the
 * top of the form, which also says once that a question answered is no longer asked.
 */
import type { Locator, Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { lawFirm } from '../demo/forms/index.ts';
import { startMailServer } from '../proxy/test/fixtures/mail-server.ts';
import {
  codeIn,
  draftingStack,
  emailTo,
  fillToProperty,
  linkIn,
  openWithCode,
  saveFor,
} from './support/drafting-stack.ts';
import { expect, openStack, test, type Stack } from './support/stack.ts';
import { fillConveyancing, send } from './support/visitor.ts';

test.describe.configure({ timeout: 90_000 });

const EDITOR = { person: 'Eve Editor <eve@firm.example>', role: 'editor', client: '127.0.0.1' };
const WORTH = 'Roughly what is the property worth?';

interface Question {
  id: string;
  label: string;
  type: string;
  options?: string[];
}

/** Version 2 of the law firm's form, published from the studio while the visitor is away. */
async function publishAnew(stack: Stack) {
  const { studio } = stack.demo;
  const draft = await studio.draft();
  const config = structuredClone(draft.config) as {
    caseTypes: { id: string; questions: Question[]; steps?: { questions: string[] }[] }[];
  };
  const conveyancing = config.caseTypes.find((caseType) => caseType.id === 'conveyancing');
  if (!conveyancing) throw new Error('the law firm has conveyancing');
  const changes: Record<string, Partial<Question>> = {
    property_value: { options: ['Up to £300,000', 'Over £300,000'] },
    transaction: { type: 'select' },
    notes: { label: 'Is there anything else?' },
  };
  conveyancing.questions = conveyancing.questions
    .filter((q) => q.id !== 'lender')
    .map((q) => ({ ...q, ...changes[q.id] }));
  for (const step of conveyancing.steps ?? [])
    step.questions = step.questions.filter((id) => id !== 'lender');
  await studio.saveDraft(config, draft.revision, EDITOR);
  expect(await studio.publish(draft.revision + 1, EDITOR)).toMatchObject({
    published: { version: 2 },
  });
}

/** The notice the form shows at its top, focused so that a screen reader reads it first. */
async function expectGiveAgain(form: Locator) {
  const notice = form.locator('[part=saved-notice]');
  await expect(notice).toBeFocused();
  await expect(notice).toHaveAttribute('role', 'status');
  await expect(notice).toContainText('This form has changed since you started it.');
  await expect(notice).toContainText(
    'Some questions you answered are no longer asked, so those answers have been taken out.',
  );
  await expect(notice).toContainText('Answer these again:');
  await expect(notice.getByRole('listitem')).toHaveText([WORTH]);
  await expect(notice).not.toContainText(/lender/i);
}

/** What the visitor gave that stands on version 2, as it shows. */
async function expectStanding(form: Locator) {
  await expect(form.getByLabel('Are you buying or selling?')).toHaveValue('Buying');
  await expect(form.getByLabel(WORTH)).toHaveValue('');
  await expect(form.getByLabel('Which lender is providing your mortgage?')).toHaveCount(0);
}

/** Until the form has kept, beside the tab's draft, what it was (the late bundle does). */
const formKept = (page: Page) =>
  expect
    .poll(() =>
      page.evaluate(() => Object.keys(sessionStorage).some((key) => key.endsWith(':asked'))),
    )
    .toBe(true);

test('a reload after a publish gives back the answers whose questions stand, and names those to give again', async ({
  page,
}) => {
  const stack = await openStack('republished-tab-spec', { config: lawFirm });
  try {
    await page.goto(stack.demo.siteUrl);
    const form = page.locator('enquiry-form');
    await fillConveyancing(form);
    await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
    await form.getByLabel('Anything else we should know?').fill('First home');
    await formKept(page);

    await publishAnew(stack);
    await page.reload();
    await expectGiveAgain(form);
    await expect(form.getByLabel('First name')).toHaveValue('Ada');
    await expectStanding(form);
    await expect(form.getByLabel('Is there anything else?')).toHaveValue('First home');

    // Said once: a reload from here finds the form as it was, and the answers as they are.
    await page.reload();
    await expect(form.getByLabel('Is there anything else?')).toHaveValue('First home');
    await expect(form.locator('[part=saved-notice]')).toHaveCount(0);

    const before = (await stack.inbox()).length;
    await form.getByLabel(WORTH).selectOption('Up to £300,000');
    await send(form);
    await expect(form.locator('[part=confirmation]')).toContainText(/EQ-[0-9A-Z]{4}-[0-9A-Z]{4}/);
    const [enquiry] = await stack.arrivals(before);
    expect(enquiry?.meta).toEqual([
      { id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' },
      { id: 'property_value', label: WORTH, value: 'Up to £300,000' },
      { id: 'notes', label: 'Is there anything else?', value: 'First home' },
    ]);
  } finally {
    await stack.demo.close();
  }
});

test('a saved enquiry opened after a publish gives back the answers whose questions stand, and names those to give again', async ({
  page,
  browser,
}) => {
  const mail = await startMailServer();
  const stack = await draftingStack('republished-saved-spec', mail);
  const address = `ada.${randomBytes(3).toString('hex')}@example.com`;
  try {
    await page.goto(stack.demo.siteUrl);
    const form = page.locator('enquiry-form');
    await fillToProperty(form, address);
    await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
    await form.getByRole('button', { name: 'Continue', exact: true }).click();
    await form.getByLabel('Anything else we should know?').fill('First home');
    await saveFor(form);
    await expect(form.locator('.drafts__outcome')).toContainText('Saved.');
    const link = linkIn(await emailTo(mail, address, 'Your saved enquiry'));

    // Another device, after the publish.
    await publishAnew(stack);
    const desktop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const there = (await desktop.newPage()).locator('enquiry-form');
    await there.page().goto(link);
    const codesBefore = mail.received.length;
    await openWithCode(there, address, async () => {
      await expect
        .poll(() => mail.received.length, { timeout: 20_000 })
        .toBeGreaterThan(codesBefore);
      return codeIn(await emailTo(mail, address, 'Your code to continue your enquiry'));
    });
    await expect(there.locator('[part=saved-notice]')).toContainText(
      'Your saved answers are back.',
    );
    await expectGiveAgain(there);
    await expect(there.getByLabel('Is there anything else?')).toHaveValue('First home');
    await there.getByRole('button', { name: 'Back' }).click();
    await expectStanding(there);
    await desktop.close();
  } finally {
    await stack.demo.close();
    await mail.close();
  }
});
