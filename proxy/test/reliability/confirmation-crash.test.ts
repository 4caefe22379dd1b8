/**
 * Confirmation emails across a proxy killed (SIGKILL) while its mail server holds a message
 * unanswered, then started again on the same data directory: a real SMTP server receives
 * exactly one confirmation per accepted enquiry with an address within its quota, none for the
 * enquiry held as spam and none past the per-address limit.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import { exampleConfigPath } from '../../../demo/forms/index.ts';
import { proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { useHeldMail } from './held-mail.ts';
import { kill, startProxyProcess, waitFor } from './proxy-process.ts';

const CREDENTIALS = { username: 'confirm-test', password: 'confirm test password' };

const held = useHeldMail(CREDENTIALS);
const dataDir = mkdtempSync(join(tmpdir(), 'confirm-crash-'));

/** The law firm's form, confirming to each visitor, at most 2 a day per address. */
function configFile(): string {
  const config = JSON.parse(readFileSync(exampleConfigPath('law-firm'), 'utf8')) as object;
  const path = join(dataDir, 'form.json');
  writeFileSync(
    path,
    JSON.stringify({
      ...config,
      confirmation: {
        subject: 'Your enquiry {reference}',
        intro: 'Thank you: we have your enquiry.',
        includeAnswers: true,
        limits: { perAddressPerDay: 2, perClientPerHour: 100 },
      },
    }),
  );
  return path;
}

const start = (formConfig: string) =>
  startProxyProcess(
    proxyEnvFor(held.api(), CREDENTIALS, {
      DATA_DIR: dataDir,
      FORM_CONFIG: formConfig,
      SMTP_URL: `smtp://127.0.0.1:${String(held.mail().port)}`,
      CONFIRMATION_FROM: 'Lovelace & Co <enquiries@lovelace-law.example>',
    }),
  );

async function send(url: string, n: number, email: string, extra: object = {}) {
  const tokens = createFormTokens(TEST_FORM_TOKEN_SECRET);
  const form = new FormData();
  form.append(
    'enquiry',
    JSON.stringify({ ...validEnquiry(), email, form_token: tokens.issue(), ...extra }),
  );
  const response = await fetch(`${url}/api/enquiries`, {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN, 'idempotency-key': `confirm-crash-${String(n)}` },
  });
  const body = (await response.json()) as { reference: string; receipt?: string };
  expect(response.status).toBeLessThan(300);
  expect(body.receipt).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){3}$/);
  return body.reference;
}

describe('confirmation emails across a proxy killed mid-send', () => {
  it('reach each visitor exactly once, none for spam and none past the address’s limit', async () => {
    const formConfig = configFile();
    const first = start(formConfig);
    const url = await first.listening;
    const expected = [
      await send(url, 1, 'one@example.com'),
      await send(url, 2, 'two@example.com'),
      await send(url, 3, 'same@example.com'),
      await send(url, 4, 'same@example.com'),
    ];
    await send(url, 5, 'same@example.com'); // past the address's 2 a day
    await send(url, 6, 'bot@example.com', { website: 'https://bot.example' }); // spam

    // The mail server has a whole message and has not answered: pull the plug now.
    expect(await waitFor(() => held.mail().held() > 0, 20_000)).toBe(true);
    await kill(first);
    // The mail server sees the connection end before it could answer: the message is not taken.
    expect(await waitFor(() => held.mail().heldOpen() === 0, 10_000)).toBe(true);
    expect(held.mail().received).toHaveLength(0);

    held.answer();
    const second = start(formConfig);
    await second.listening;
    expect(await waitFor(() => held.mail().received.length >= expected.length, 30_000)).toBe(true);
    // Long enough for any repeat to arrive: the notifier looks every 2 s.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await kill(second, 'SIGTERM');

    const { received } = held.mail();
    const subjects = received.map((email) => email.subject ?? '').sort();
    expect(subjects).toEqual(expected.map((reference) => `Your enquiry ${reference}`).sort());
    const to = received.map((email) => (email.to as { text: string }).text);
    expect(to).not.toContain('bot@example.com');
    expect(to.filter((address) => address === 'same@example.com')).toHaveLength(2);
  }, 90_000);
});
