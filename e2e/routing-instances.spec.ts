/**
 * Teams on two proxies sharing one PostgreSQL outbox, through the widget in Chromium: the demo
 * site of each proxy (both before the one stand-in platform, a real mail server behind both)
 * takes enquiries in turn, and each of the five reaches its team's mailbox exactly once,
 * whichever instance took it and whichever's notifier found it. Skipped, saying why, without
 * PostgreSQL (`proxy/test/fixtures/system-tools.ts`).
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startEnquiryApi, type RunningEnquiryApi } from '../demo/enquiry-api/server.ts';
import { startDemo, type RunningDemo } from '../demo/stack.ts';
import { createLogger } from '../proxy/logger.ts';
import { missing as noPostgres, startPostgres } from '../proxy/test/fixtures/postgres-server.ts';
import { expectedNotices } from '../proxy/test/fixtures/routed-enquiries.ts';
import { lawFirmRoutedFile } from '../proxy/test/fixtures/routing-config.ts';
import { mailServer, type RunningMailServer } from './support/mail.ts';
import { ENQUIRIES, noticesFor, sendEnquiry, signIn } from './support/routed-visitor.ts';
import { E2E_ADMIN_TOKEN, expect, test as stacks } from './support/stack.ts';

const lack = noPostgres();
const CREDENTIALS = { username: 'routing-instances', password: 'routing instances password' };

/** Two demo stacks (site and proxy) on one database, one platform, one mail server. */
interface Pair {
  api: RunningEnquiryApi;
  a: RunningDemo;
  b: RunningDemo;
}

const test = stacks.extend<{ pair: Pair }, { mail: RunningMailServer }>({
  mail: mailServer,
  pair: [
    async ({ mail }, use) => {
      const postgres = await startPostgres();
      const dir = mkdtempSync(join(tmpdir(), 'e2e-routing-instances-'));
      const configPath = join(dir, 'form.json');
      writeFileSync(configPath, JSON.stringify(lawFirmRoutedFile, null, 2));
      const api = await startEnquiryApi({ credentials: CREDENTIALS });
      const env = {
        FORM_CONFIG: configPath,
        ENQUIRY_API_URL: api.url,
        ENQUIRY_API_USERNAME: CREDENTIALS.username,
        ENQUIRY_API_PASSWORD: CREDENTIALS.password,
      };
      const proxyEnv = {
        DATABASE_URL: await postgres.createDatabase(),
        // Instances sharing a database share the form tokens' key.
        FORM_TOKEN_SECRET: 'e2e-routing-instances-form-token-secret-0123',
        ADMIN_TOKEN: E2E_ADMIN_TOKEN,
        MIN_FILL_SECONDS: '0',
        RATE_LIMIT_PER_MINUTE: '10000',
        RATE_LIMIT_GLOBAL_PER_MINUTE: '10000',
        SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
        NOTIFY_EMAIL: 'alerts@lovelace-law.example',
      };
      const start = (name: string) =>
        startDemo({
          log: createLogger({ level: 'error' }),
          env,
          sitePort: 0,
          proxyPort: 0,
          apiPort: 0,
          dataDir: join(dir, name),
          proxyEnv,
        });
      const a = await start('a');
      const b = await start('b');
      await use({ api, a, b });
      await a.close();
      await b.close();
      await api.close();
      await postgres.destroy();
    },
    // Each test its own database: a round robin's turns start with its first person.
    { scope: 'test' },
  ],
});

test.describe.configure({ timeout: 120_000 });
test.skip(lack !== undefined, lack);

test('five enquiries through the widget on two instances sharing PostgreSQL reach their team’s mailbox once each', async ({
  page,
  mail,
  pair,
}) => {
  const before = mail.received.length;
  const kinds = ['high-value property', 'property', 'property', 'family', 'wills'] as const;
  const sent = [];
  for (const [i, kind] of kinds.entries()) {
    const site = (i % 2 === 0 ? pair.a : pair.b).siteUrl;
    sent.push({
      reference: await sendEnquiry(page, site, kind),
      team: ENQUIRIES[kind]?.team ?? 'property',
    });
  }
  // Each lead's page, on either instance, reads its notice as sent: no copy is still on its way.
  await signIn(page, pair.b.proxyUrl);
  const notices = await noticesFor(
    page,
    pair.b.proxyUrl,
    mail,
    sent.map((lead) => lead.reference),
  );
  expect(notices).toEqual(expectedNotices(sent));
  expect(mail.received.length - before).toBe(sent.length);
});
