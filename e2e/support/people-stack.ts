/**
 * The people's end-to-end stack: the console's stack (`console-stack.ts`) with the firm's
 * identity provider, a real OpenID Connect issuer on loopback (`oidc-provider`), and a second
 * issuer the console does not trust; the funnel seeded with a campaign's views and drop-off, and
 * a host's Microsoft 365 calendar connected without the firm's app (the People page's calendars
 * show it, and the fault the proxy records reading it); a spec may serve its own form and seed
 * more (a host's calls). A person signs in through the issuer's own form (`signInThroughProvider`).
 * The console is reached at `localhost`, a name a passkey can be made for (an IP address is not).
 */
import type { Page } from '@playwright/test';
import { freePort } from '../../proxy/test/fixtures/local-servers.ts';
import {
  CONSOLE_CLIENT,
  startIssuer,
  type IssuerAccount,
  type RunningIssuer,
} from '../../proxy/test/fixtures/oidc-issuer.ts';
import type { OutboxStore } from '../../proxy/outbox/store.ts';
import { funnelDay } from '../../proxy/outbox/funnel-counts.ts';
import { openConsoleStack, type ConsoleStack, type ConsoleStackOptions } from './console-stack.ts';

/** Who the issuers know, by the login typed into their form. */
const ACCOUNTS: Readonly<Record<string, IssuerAccount>> = {
  max: { email: 'max@marketing.example', name: 'Max Marketer' },
  sam: { email: 'sam@firm.example', name: 'Sam Staff', groups: ['Leads'] },
  eve: { email: 'eve@elsewhere.example', name: 'Eve Elsewhere' },
};

/** Views of the seeded campaign, each started; some answered the first question, some left. */
export const FUNNEL = { campaign: 'spring-2027', views: 14, answered: 9, left: 5 };

/** The host whose calendar is seeded: a Microsoft 365 mailbox, the firm's app never connected. */
export const CALENDAR_HOST = 'hal@firm.example';

async function seedCalendar(store: OutboxStore, now: number) {
  await store.connectCalendar({
    address: CALENDAR_HOST,
    kind: 'microsoft',
    url: CALENDAR_HOST,
    username: '',
    sealedPassword: '',
    connectedAt: now,
    connectedBy: 'e2e',
  });
}

async function seedFunnel(store: OutboxStore, now: number) {
  for (let n = 0; n < FUNNEL.views; n += 1) {
    const answered = n < FUNNEL.answered;
    await store.addFunnelTally({
      day: funnelDay(now),
      caseType: 'conveyancing',
      campaign: FUNNEL.campaign,
      variant: '',
      views: 1,
      starts: 1,
      sends: 0,
      questions: [
        { id: 'transaction', shown: 1, answered: answered ? 1 : 0, left: answered ? 0 : 1 },
      ],
    });
  }
}

/** The running stack, its issuers, and the console's address. */
export interface PeopleStack {
  stack: ConsoleStack;
  issuer: RunningIssuer;
  otherIssuer: RunningIssuer;
  console: string;
  close(): Promise<void>;
}

/** What a spec adds: the form served (a host's calls booked on it), and more seeds. */
export type PeopleStackOptions = Pick<ConsoleStackOptions, 'form' | 'seed'>;

/**
 * Starts the issuers, then the console on `database` trusting the first of them. The console's
 * port is chosen before the issuers start (their callback names it), so the system may hand the
 * same port to an issuer, or another process may take it, before the console listens: then it
 * starts again on another port (CI met `EADDRINUSE` once).
 */
export async function openPeopleStack(
  database: 'sqlite' | 'postgresql',
  options: PeopleStackOptions = {},
): Promise<PeopleStack> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await openOnce(database, options);
    } catch (error) {
      const taken = error instanceof Error && error.message.includes('EADDRINUSE');
      if (!taken || attempt === 3) throw error;
    }
  }
}

async function openOnce(
  database: 'sqlite' | 'postgresql',
  options: PeopleStackOptions,
): Promise<PeopleStack> {
  const port = await freePort();
  const console = `http://localhost:${String(port)}`;
  const callback = `${console}/admin/oidc/callback`;
  const issuer = await startIssuer(callback, ACCOUNTS);
  const otherIssuer = await startIssuer(callback, ACCOUNTS);
  const stack = await openConsoleStack(database, {
    form: options.form,
    proxyPort: port,
    seed: async (store, now) => {
      await seedFunnel(store, now);
      await seedCalendar(store, now);
      await options.seed?.(store, now);
    },
    proxyEnv: {
      OIDC_ISSUER: issuer.issuer,
      OIDC_CLIENT_ID: CONSOLE_CLIENT.id,
      OIDC_CLIENT_SECRET: CONSOLE_CLIENT.secret,
      OIDC_ROLES: JSON.stringify({ marketer: ['@marketing.example'], staff: ['group:Leads'] }),
    },
  }).catch(async (error: unknown) => {
    await issuer.close();
    await otherIssuer.close();
    throw error;
  });
  return {
    stack,
    issuer,
    otherIssuer,
    console,
    async close() {
      await stack.close();
      await issuer.close();
      await otherIssuer.close();
    },
  };
}

/** Signs in at the issuer's own form as `login` (one of its accounts), and continues. */
export async function atIssuer(page: Page, login: string) {
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** Signs in to the console at `console` through the identity provider, as `login`. */
export async function signInThroughProvider(page: Page, console: string, login: string) {
  await page.goto(`${console}/admin/sign-in`);
  await page.getByRole('link', { name: 'Sign in with your work account' }).click();
  await atIssuer(page, login);
}
