/**
 * A visitor filling the form in while the firm publishes a new version of it (issue #56): the
 * question they answered is removed and another renamed; they press Send, and the enquiry is
 * taken and reaches the platform with the ids and labels of the version they saw. A new page
 * load then shows the new version, with no proxy restarted.
 */
import { lawFirm } from '../demo/forms/index.ts';
import { expect, openStack, test, type Stack } from './support/stack.ts';
import { fillConveyancing, send } from './support/visitor.ts';

const EDITOR = { person: 'Eve Editor <eve@firm.example>', role: 'editor', client: '127.0.0.1' };

let stack: Stack;
test.beforeAll(async () => {
  // A stack of its own: the versions it publishes are no other spec's form.
  stack = await openStack('publish-spec', { config: lawFirm });
});
test.afterAll(async () => {
  await stack.demo.close();
});

/** Version 2: the lender question removed, notes asked another way. */
async function publishVersion2() {
  const { studio } = stack.demo;
  const draft = await studio.draft();
  const config = structuredClone(draft.config) as {
    caseTypes: { questions: { id: string; label: string }[] }[];
  };
  const [conveyancing] = config.caseTypes;
  if (!conveyancing) throw new Error('the law firm has conveyancing');
  conveyancing.questions = conveyancing.questions.filter((q) => q.id !== 'lender');
  for (const question of conveyancing.questions)
    if (question.id === 'notes') question.label = 'Is there anything else?';
  await studio.saveDraft(config, draft.revision, EDITOR);
  expect(await studio.publish(draft.revision + 1, EDITOR)).toMatchObject({
    published: { version: 2 },
  });
}

test('a visitor who answered a question the firm removes meanwhile is taken, as they saw it', async ({
  page,
}) => {
  const before = (await stack.inbox()).length;
  await page.goto(stack.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await form.getByLabel('Which lender is providing your mortgage?').fill('Nationwide');
  await form.getByLabel('Anything else we should know?').fill('First home');

  await publishVersion2();
  await send(form);
  await expect(form.locator('[part=confirmation]')).toContainText(/EQ-[0-9A-Z]{4}-[0-9A-Z]{4}/);
  const [enquiry] = await stack.arrivals(before);
  expect(enquiry?.meta).toEqual([
    { id: 'transaction', label: 'Are you buying or selling?', value: 'Buying' },
    { id: 'property_value', label: 'Roughly what is the property worth?', value: 'Under £250,000' },
    { id: 'lender', label: 'Which lender is providing your mortgage?', value: 'Nationwide' },
    { id: 'notes', label: 'Anything else we should know?', value: 'First home' },
  ]);

  // The next page to load the widget gets version 2, from the same proxy.
  await page.goto(stack.demo.siteUrl);
  await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
  await form.getByRole('radio', { name: 'Buying', exact: true }).check();
  await expect(form.getByLabel('Is there anything else?')).toBeVisible();
  await expect(form.getByLabel('Which lender is providing your mortgage?')).toHaveCount(0);
});
