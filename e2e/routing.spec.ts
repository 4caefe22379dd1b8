/**
 * Teams, through the whole stack with a real mail server (smtp-server, read with mailparser)
 * behind the proxy: enquiries sent through the widget reach their team's mailbox once each and
 * the platform with `routed_to`; a round robin gives its three people a lead each in turn and
 * passes over the one marked away on the console's Teams page; repeat enquiries by a mailbox and
 * by a number are accepted, delivered with `repeat_of` and linked in the console, a namesake is
 * not; the changed console pages pass axe, light and dark, at 320 and 1280 px.
 */
import type { Locator, Page } from '@playwright/test';
import { expectedNotices, noticesIn } from '../proxy/test/fixtures/routed-enquiries.ts';
import { lawFirmRoutedFile, TEAM_PEOPLE } from '../proxy/test/fixtures/routing-config.ts';
import { sweep } from './support/axe.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import { E2E_ADMIN_TOKEN, openStack, expect, test as stacks, type Stack } from './support/stack.ts';
import { send } from './support/visitor.ts';

const test = stacks.extend<object, { mail: RunningMailServer; routed: Stack }>({
  mail: mailServer,
  routed: [
    async ({ mail }, use) => {
      const stack = await openStack('routing-spec', {
        config: lawFirmRoutedFile,
        proxyEnv: {
          SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
          NOTIFY_EMAIL: 'alerts@lovelace-law.example',
        },
      });
      await use(stack);
      await stack.demo.close();
    },
    { scope: 'worker' },
  ],
});

test.describe.configure({ mode: 'serial', timeout: 90_000 });

type Team = keyof typeof TEAM_PEOPLE;

/** What a visitor fills in on the routed law firm's form: one enquiry each way its rules go. */
const ENQUIRIES: Record<string, { team: Team; fill: (form: Locator) => Promise<void> }> = {
  'high-value property': {
    team: 'high-value',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
      await form.getByRole('radio', { name: 'Selling', exact: true }).check();
      await form.getByLabel('Roughly what is the property worth?').selectOption('Over £1 million');
    },
  },
  property: {
    team: 'property',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Buying or selling a property' }).check();
      await form.getByRole('radio', { name: 'Selling', exact: true }).check();
      await form.getByLabel('Roughly what is the property worth?').selectOption('Under £250,000');
    },
  },
  family: {
    team: 'private-client',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Divorce, separation and children' }).check();
      await form.getByRole('radio', { name: 'Separation', exact: true }).check();
    },
  },
  wills: {
    team: 'private-client',
    fill: async (form) => {
      await form.getByRole('radio', { name: 'Wills, probate and powers of attorney' }).check();
      await form.getByRole('checkbox', { name: 'Make or update a will' }).check();
    },
  },
};

let visitors = 0;

/**
 * Sends one enquiry through the widget, as `who` (a new address of their own unless given),
 * and returns the reference the sent panel shows.
 */
async function sendEnquiry(
  page: Page,
  stack: Stack,
  kind: keyof typeof ENQUIRIES,
  who: { forename?: string; email?: string; telephone?: string } = {},
): Promise<string> {
  visitors += 1;
  await page.goto(stack.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await form.getByLabel('First name').fill(who.forename ?? 'Ada');
  await form.getByLabel('Last name').fill('Lovelace');
  await form
    .getByLabel('Email address')
    .fill(who.email ?? `visitor-${String(visitors)}@example.com`);
  if (who.telephone) await form.getByLabel('Telephone number').fill(who.telephone);
  await ENQUIRIES[kind]?.fill(form);
  await send(form);
  const panel = form.locator('[part=confirmation]');
  await expect(panel).toBeFocused();
  return (await panel.locator('.panel__reference').innerText()).trim();
}

/**
 * Waits until the mail server holds a notice for each of `references` and each lead's page (staff
 * signed in) reads its notice as sent, so that no second copy can still be on its way; returns
 * the notices of each.
 */
async function noticesFor(
  page: Page,
  stack: Stack,
  mail: RunningMailServer,
  references: readonly string[],
) {
  await expect
    .poll(() => references.filter((reference) => noticesIn(mail).has(reference)).length, {
      timeout: 20_000,
    })
    .toBe(references.length);
  for (const reference of references) {
    await page.goto(`${stack.demo.proxyUrl}/admin/leads/${reference}`);
    await expect(page.getByRole('row', { name: /^email notice sent / })).toBeVisible();
  }
  const notices = noticesIn(mail);
  return new Map(references.map((reference) => [reference, notices.get(reference)]));
}

async function signIn(page: Page, stack: Stack) {
  await page.goto(`${stack.demo.proxyUrl}/admin/sign-in`);
  await page.getByLabel('Admin token').fill(E2E_ADMIN_TOKEN);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Overview', level: 1 })).toBeVisible();
}

/** Marks `address` away (or back) on the Teams page, as staff would. */
async function mark(page: Page, stack: Stack, address: string, action: 'away' | 'back') {
  await page.goto(`${stack.demo.proxyUrl}/admin/teams`);
  await page
    .getByRole('button', { name: `${action === 'away' ? 'Mark away' : 'Mark back'} ${address}` })
    .click();
  await expect(page.getByRole('status')).toContainText(
    action === 'away' ? 'Marked away' : 'Marked back',
  );
}

const given = (notices: Map<string, string[][] | undefined>) =>
  [...notices.values()].map((each) => each?.map((to) => to.join()).join(' | '));

test('a round robin gives its three people a lead each in turn, and passes over one marked away', async ({
  page,
  mail,
  routed,
}) => {
  const [ann, bob, cy] = TEAM_PEOPLE.property;
  await signIn(page, routed);
  const first = [];
  for (let n = 0; n < 3; n += 1) first.push(await sendEnquiry(page, routed, 'property'));
  expect(given(await noticesFor(page, routed, mail, first))).toEqual([ann, bob, cy]);

  await mark(page, routed, bob, 'away');
  const then = [
    await sendEnquiry(page, routed, 'property'),
    await sendEnquiry(page, routed, 'property'),
  ];
  expect(given(await noticesFor(page, routed, mail, then))).toEqual([ann, cy]);
  await mark(page, routed, bob, 'back');
});

test('five enquiries through the widget reach their team’s mailbox once each, and the platform with routed_to', async ({
  page,
  mail,
  routed,
}) => {
  await signIn(page, routed);
  const before = (await routed.inbox()).length;
  const kinds = ['high-value property', 'property', 'property', 'family', 'wills'] as const;
  const sent = [];
  for (const kind of kinds)
    sent.push({
      reference: await sendEnquiry(page, routed, kind),
      team: ENQUIRIES[kind]?.team ?? 'property',
    });
  // The turns go on from the last test's: cy had the last lead, so ann and bob have these.
  expect(
    await noticesFor(
      page,
      routed,
      mail,
      sent.map((lead) => lead.reference),
    ),
  ).toEqual(expectedNotices(sent));
  const arrived = await routed.arrivals(before, sent.length);
  expect(arrived.map((lead) => lead.meta.find((entry) => entry.id === 'routed_to')?.value)).toEqual(
    sent.map((lead) => lead.team),
  );
});

test('repeats by a mailbox and by a number are accepted, delivered with repeat_of and linked in the console; a namesake is not', async ({
  page,
  routed,
}) => {
  const before = (await routed.inbox()).length;
  const first = await sendEnquiry(page, routed, 'family', { email: 'adalovelace@gmail.com' });
  const byMail = await sendEnquiry(page, routed, 'wills', { email: 'Ada.Lovelace+x@gmail.com' });
  const byPhone = await sendEnquiry(page, routed, 'family', { telephone: '+44 7700 900123' });
  const byNumber = await sendEnquiry(page, routed, 'property', { telephone: '07700 900123' });
  const namesake = await sendEnquiry(page, routed, 'family', {
    email: 'ada.lovelace@example.org',
    telephone: '+44 7700 900456',
  });
  const arrived = await routed.arrivals(before, 5);
  const repeatOf = (index: number) =>
    arrived[index]?.meta.find((entry) => entry.id === 'repeat_of')?.value;
  expect([0, 1, 2, 3, 4].map(repeatOf)).toEqual([undefined, first, undefined, byPhone, undefined]);

  await signIn(page, routed);
  const team = page.locator('h2:text-is("Team") + dl');
  await page.goto(`${routed.demo.proxyUrl}/admin/leads/${byMail}`);
  await expect(team).toContainText(`Repeats ${first}, from the same person shortly before`);
  await team.getByRole('link', { name: first }).click();
  await expect(page.getByRole('heading', { name: `Lead ${first}` })).toBeVisible();
  await expect(team).toContainText(`Repeated by ${byMail}`);
  await expect(team.getByRole('link', { name: byMail })).toBeVisible();
  await page.goto(`${routed.demo.proxyUrl}/admin/leads/${byNumber}`);
  await expect(team.getByRole('link', { name: byPhone })).toBeVisible();
  await page.goto(`${routed.demo.proxyUrl}/admin/leads/${namesake}`);
  await expect(team).not.toContainText('Repeat');
  await page.goto(`${routed.demo.proxyUrl}/admin/`);
  await expect(page.getByText(/\d+ leads repeat an earlier enquiry/)).toBeVisible();
});

// One test a width, so that each does its eight sweeps well within the time a test is given.
for (const [width, away] of [
  [320, TEAM_PEOPLE['private-client'][0]],
  [1280, TEAM_PEOPLE['private-client'][1]],
] as const)
  test(`the teams, a lead’s team, and one team’s overview and funnel pass axe, light and dark, at ${String(width)} px`, async ({
    page,
    routed,
  }, testInfo) => {
    const lead = await sendEnquiry(page, routed, 'property', { email: 'adalovelace@gmail.com' });
    await signIn(page, routed);
    await mark(page, routed, away, 'away');
    const pages = {
      teams: '/admin/teams',
      lead: `/admin/leads/${lead}`,
      overview: '/admin/?team=property',
      funnel: '/admin/funnel?team=private-client',
    };
    await page.setViewportSize({ width, height: 720 });
    for (const colorScheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme });
      for (const [name, path] of Object.entries(pages)) {
        await page.goto(`${routed.demo.proxyUrl}${path}`);
        await sweep(page, testInfo, `routing-${name}-${String(width)}-${colorScheme}`);
      }
    }
  });
