/**
 * The firm's people in Chromium, on SQLite and on PostgreSQL (issue #43): a marketer and staff
 * sign in through a real OpenID Connect issuer on loopback (`oidc-provider`); the marketer reads
 * the funnel and is refused every lead, export and file; staff retry a dead lead and find their
 * name beside it in the audit log; a second person registers a passkey from an invitation link
 * with Chromium's virtual authenticator, signs in with it, and is signed out at their next
 * request once an operator removes them; the refusals (a POST from another origin, one without
 * its CSRF token, a forged session cookie, a code of another issuer or client); axe on the
 * sign-in and people pages, light and dark, at 320 px. PostgreSQL's run is skipped, saying why,
 * without PostgreSQL.
 */
import { expect, test, type Page } from '@playwright/test';
import { sweep } from './support/axe.ts';
import { virtualAuthenticator } from './support/passkeys.ts';
import { ADMIN_TOKEN, SEEDED } from './support/console-stack.ts';
import {
  atIssuer,
  CALENDAR_HOST,
  FUNNEL,
  openPeopleStack,
  signInThroughProvider,
  type PeopleStack,
} from './support/people-stack.ts';
import { missing as noPostgres } from '../proxy/test/fixtures/postgres-server.ts';
import { OTHER_CLIENT } from '../proxy/test/fixtures/oidc-issuer.ts';

/** Where the lead's pages are. */
const LEAD = `/admin/leads/${SEEDED.dead.reference}`;

for (const database of ['sqlite', 'postgresql'] as const) {
  test.describe(`the firm's people on ${database}`, () => {
    test.describe.configure({ mode: 'serial', timeout: 60_000 });
    const lack = database === 'postgresql' ? noPostgres() : undefined;
    test.skip(lack !== undefined, lack);
    let running: PeopleStack | undefined;
    const on = () => {
      if (!running) throw new Error(`the ${database} stack did not start`);
      return running;
    };
    test.beforeAll(async () => {
      running = await openPeopleStack(database);
    });
    test.afterAll(async () => {
      await running?.close();
    });

    const withProvider = (page: Page, login: string) =>
      signInThroughProvider(page, on().console, login);
    const withToken = async (page: Page) => {
      await page.goto(`${on().console}/admin/sign-in`);
      await page.getByLabel('Admin token').fill(ADMIN_TOKEN);
      await page.getByLabel('Admin token').press('Enter');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
    };
    const csrfOf = (page: Page) => page.locator('input[name=csrf]').first().inputValue();

    test('a marketer signs in through the identity provider, reads the funnel, and is refused every lead', async ({
      page,
    }) => {
      await withProvider(page, 'max');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
      await expect(
        page.getByText('Signed in as Max Marketer (max@marketing.example), marketer'),
      ).toBeVisible();
      await expect(page.getByRole('link', { name: 'Leads' })).toHaveCount(0);
      // The funnel's page, from the navigation: the seeded views, and the drop-off in its table.
      await page.getByRole('link', { name: 'Funnel', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Funnel', level: 1 })).toBeVisible();
      const steps = page.getByRole('table').filter({ hasText: 'Of views' });
      await expect(
        steps.getByRole('row', { name: new RegExp(`^Views ${String(FUNNEL.views)} `) }),
      ).toBeVisible();
      // Shown, answered, left here: the drop-off of the seeded campaign's first question.
      await expect(
        page.getByRole('row', {
          name: `Are you buying or selling? ${String(FUNNEL.views)} ${String(FUNNEL.answered)} ${String(FUNNEL.left)} `,
        }),
      ).toBeVisible();
      // And the JSON the page is drawn from, as the marketer's browser may read it.
      const funnel = await page.request.get(`${on().console}/admin/funnel`, {
        headers: { accept: 'application/json' },
      });
      expect(funnel.status()).toBe(200);
      const text = JSON.stringify(await funnel.json());
      expect(text).toContain(FUNNEL.campaign);
      expect(text).toContain(`"views":${String(FUNNEL.views)}`);
      expect(text).toContain(`"left":${String(FUNNEL.left)}`);

      const csrf = await csrfOf(page);
      const lead = await page.goto(`${on().console}${LEAD}`);
      expect(lead?.status()).toBe(403);
      await expect(page.getByText('Your role (marketer) does not include this.')).toBeVisible();
      expect((await page.request.get(`${on().console}${LEAD}/files/0`)).status()).toBe(403);
      const exported = await page.request.post(`${on().console}${LEAD}/export`, { form: { csrf } });
      expect(exported.status()).toBe(403);
      expect(exported.headers()['content-type']).toContain('text/html');
    });

    test('staff sign in through the identity provider, retry a dead lead and see their name beside it', async ({
      page,
    }) => {
      await withProvider(page, 'sam');
      await expect(page.getByRole('heading', { name: 'Overview' })).toBeVisible();
      await page.goto(`${on().console}${LEAD}`);
      await page.getByRole('button', { name: 'Retry now' }).click();
      await expect(page.getByRole('status')).toContainText('Retried');
      const audit = page.getByRole('row').filter({ hasText: 'retry' });
      await expect(audit.first()).toContainText('Sam Staff <sam@firm.example> (staff)');
    });

    test('someone the identity provider knows but OIDC_ROLES does not is refused with a page saying so', async ({
      page,
    }) => {
      await withProvider(page, 'eve');
      await expect(page.getByRole('heading', { name: 'Refused' })).toBeVisible();
      await expect(
        page.getByText(
          'Your account (eve@elsewhere.example) is not one of those this console lets in.',
        ),
      ).toBeVisible();
      expect((await page.goto(`${on().console}/admin/`))?.url()).toContain('/admin/sign-in');
    });

    test('a second person registers a passkey from an invitation, signs in with it, and is signed out once removed', async ({
      page,
      browser,
    }) => {
      await withToken(page);
      await page.getByRole('link', { name: 'People' }).click();
      await page.getByLabel('Email address').fill('pat@firm.example');
      await page.getByLabel('Role', { exact: true }).selectOption('staff');
      await page.getByRole('button', { name: 'Make an invitation link' }).click();
      const link = await page.locator('code.link').innerText();
      expect(link).toMatch(new RegExp(`^${on().console}/admin/invitation/[\\w-]{43}$`));

      const pats = await browser.newContext();
      const pat = await pats.newPage();
      await virtualAuthenticator(pats, pat);
      await pat.goto(link);
      await expect(
        pat.getByText('You are invited as pat@firm.example, with the staff role.'),
      ).toBeVisible();
      await pat.getByRole('button', { name: 'Make a passkey and sign in' }).click();
      await expect(pat.getByRole('heading', { name: 'Overview' })).toBeVisible();
      // The link worked once.
      expect((await pat.request.get(link)).status()).toBe(404);

      await pat.getByRole('button', { name: 'Sign out' }).click();
      await pat.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(pat.getByText('Signed in as pat@firm.example, staff')).toBeVisible();

      await page.reload();
      await page.getByRole('button', { name: 'Remove pat@firm.example' }).click();
      await expect(page.getByRole('status')).toContainText('The person is removed');
      await pat.reload();
      await expect(pat.getByRole('heading', { name: 'Enquiry console' })).toBeVisible();
      expect(pat.url()).toContain('/admin/sign-in');
      // Their passkey went with them.
      await pat.getByRole('button', { name: 'Sign in with a passkey' }).click();
      await expect(pat.getByText('That passkey is not one of this console’s.')).toBeVisible();
      await pats.close();
    });

    test('refuses a POST from another origin, one without its CSRF token, and a forged session cookie', async ({
      page,
      context,
    }) => {
      await withToken(page);
      // A page of another site posting a form to the console, as a forger's page would.
      await page.route('http://forger.example/', (route) =>
        route.fulfill({
          contentType: 'text/html',
          body: `<form method="post" action="${on().console}${LEAD}/retry"><button>Go</button></form>`,
        }),
      );
      await page.goto('http://forger.example/');
      await page.getByRole('button', { name: 'Go' }).click();
      await expect(
        page.getByText('This form was sent from another site, so it was not acted on.'),
      ).toBeVisible();

      const noCsrf = await page.request.post(`${on().console}${LEAD}/retry`, { form: {} });
      expect(noCsrf.status()).toBe(403);
      expect(await noCsrf.text()).toContain('This form is out of date.');

      const [session] = (await context.cookies()).filter((c) => c.name === 'console_session');
      if (!session) throw new Error('no session cookie');
      const forged = session.value.slice(0, -2) + (session.value.endsWith('AA') ? 'BB' : 'AA');
      const forger = await page.context().browser()?.newContext();
      if (!forger) throw new Error('no browser');
      await forger.addCookies([{ ...session, value: forged }]);
      const forgerPage = await forger.newPage();
      await forgerPage.goto(`${on().console}/admin/`);
      expect(forgerPage.url()).toContain('/admin/sign-in');
      await forger.close();
    });

    test('refuses a code another issuer gave, and one given to another application', async ({
      page,
    }) => {
      const { issuer, otherIssuer } = on();
      const refused = page.getByText(
        'The identity provider’s answer could not be checked, so nobody was signed in.',
      );
      /** Begins a sign-in as the console's link does, and goes where `elsewhere` makes of it. */
      const begin = async (elsewhere: (url: URL) => void, login: string) => {
        const start = await page.request.get(`${on().console}/admin/oidc/start`, {
          maxRedirects: 0,
        });
        const url = new URL(start.headers().location ?? '');
        expect(url.origin).toBe(issuer.issuer);
        elsewhere(url);
        await page.goto(url.href);
        await atIssuer(page, login);
      };
      // The same request, answered by an issuer the console does not trust.
      await begin((url) => {
        const other = new URL(otherIssuer.issuer);
        url.host = other.host;
      }, 'sam');
      await expect(refused).toBeVisible();
      // The trusted issuer, but the code is another application's (its audience).
      await begin((url) => {
        url.searchParams.set('client_id', OTHER_CLIENT.id);
      }, 'sam');
      await expect(refused).toBeVisible();
      expect((await page.goto(`${on().console}/admin/`))?.url()).toContain('/admin/sign-in');
    });

    // One test per width and scheme: three axe sweeps each, so a slow machine's sweep of the
    // people page (its calendars too) never spends another width's minute.
    for (const width of [320, 1280])
      for (const colorScheme of ['light', 'dark'] as const)
        test(`the sign-in, invitation and people pages pass axe, ${colorScheme}, at ${String(width)} px`, async ({
          page,
        }, testInfo) => {
          const name = (view: string) => `people-${view}-${String(width)}-${colorScheme}`;
          await page.emulateMedia({ colorScheme });
          await page.setViewportSize({ width, height: 720 });
          await page.context().clearCookies();
          await page.goto(`${on().console}/admin/sign-in`);
          await sweep(page, testInfo, name('sign-in'));
          await withToken(page);
          await page.goto(`${on().console}/admin/people`);
          await page.getByLabel('Email address').fill('lee@firm.example');
          await page.getByRole('button', { name: 'Make an invitation link' }).click();
          await expect(
            page.getByRole('row', { name: `${CALENDAR_HOST} Microsoft 365 calendar` }),
          ).toBeVisible();
          await sweep(page, testInfo, name('people'));
          await page.goto(await page.locator('code.link').innerText());
          await sweep(page, testInfo, name('invitation'));
        });
  });
}
