/**
 * Teams, through the whole stack with a real mail server (smtp-server, read with mailparser)
 * behind the proxy: enquiries sent through the widget reach their team's mailbox once each and
 * the platform with `routed_to`; a round robin gives its three people a lead each in turn and
 * passes over the one marked away on the console's Teams page; repeat enquiries by a mailbox and
 * by a number are accepted, delivered with `repeat_of` and linked in the console, a namesake is
 * not; the changed console pages pass axe, light and dark, at 320 and 1280 px.
 */
import type { Page } from '@playwright/test';
import { expectedNotices } from '../proxy/test/fixtures/routed-enquiries.ts';
import { lawFirmRoutedFile, TEAM_PEOPLE } from '../proxy/test/fixtures/routing-config.ts';
import { sweep } from './support/axe.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import { openStack, expect, test as stacks, type Stack } from './support/stack.ts';
import { ENQUIRIES, noticesFor, sendEnquiry, signIn } from './support/routed-visitor.ts';

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
  await signIn(page, routed.demo.proxyUrl);
  const first = [];
  for (let n = 0; n < 3; n += 1)
    first.push(await sendEnquiry(page, routed.demo.siteUrl, 'property'));
  expect(given(await noticesFor(page, routed.demo.proxyUrl, mail, first))).toEqual([ann, bob, cy]);

  await mark(page, routed, bob, 'away');
  const then = [
    await sendEnquiry(page, routed.demo.siteUrl, 'property'),
    await sendEnquiry(page, routed.demo.siteUrl, 'property'),
  ];
  expect(given(await noticesFor(page, routed.demo.proxyUrl, mail, then))).toEqual([ann, cy]);
  await mark(page, routed, bob, 'back');
});

test('five enquiries through the widget reach their team’s mailbox once each, and the platform with routed_to', async ({
  page,
  mail,
  routed,
}) => {
  await signIn(page, routed.demo.proxyUrl);
  const before = (await routed.inbox()).length;
  const kinds = ['high-value property', 'property', 'property', 'family', 'wills'] as const;
  const sent = [];
  for (const kind of kinds)
    sent.push({
      reference: await sendEnquiry(page, routed.demo.siteUrl, kind),
      team: ENQUIRIES[kind]?.team ?? 'property',
    });
  // The turns go on from the last test's: cy had the last lead, so ann and bob have these.
  expect(
    await noticesFor(
      page,
      routed.demo.proxyUrl,
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
  const first = await sendEnquiry(page, routed.demo.siteUrl, 'family', {
    email: 'adalovelace@gmail.com',
  });
  const byMail = await sendEnquiry(page, routed.demo.siteUrl, 'wills', {
    email: 'Ada.Lovelace+x@gmail.com',
  });
  const byPhone = await sendEnquiry(page, routed.demo.siteUrl, 'family', {
    telephone: '+44 7700 900123',
  });
  const byNumber = await sendEnquiry(page, routed.demo.siteUrl, 'property', {
    telephone: '07700 900123',
  });
  const namesake = await sendEnquiry(page, routed.demo.siteUrl, 'family', {
    email: 'ada.lovelace@example.org',
    telephone: '+44 7700 900456',
  });
  const arrived = await routed.arrivals(before, 5);
  const repeatOf = (index: number) =>
    arrived[index]?.meta.find((entry) => entry.id === 'repeat_of')?.value;
  expect([0, 1, 2, 3, 4].map(repeatOf)).toEqual([undefined, first, undefined, byPhone, undefined]);

  await signIn(page, routed.demo.proxyUrl);
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
    const lead = await sendEnquiry(page, routed.demo.siteUrl, 'property', {
      email: 'adalovelace@gmail.com',
    });
    await signIn(page, routed.demo.proxyUrl);
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
