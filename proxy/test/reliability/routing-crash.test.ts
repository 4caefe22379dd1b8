/**
 * New-lead notices across a proxy killed (SIGKILL) right after it accepted five enquiries, its
 * mail server holding the first notice unanswered, then started again on the same data
 * directory: each team's mailbox on a real SMTP server gets each of its leads' notices exactly
 * once, the round robin's turns survive the kill, and the platform has each lead's `routed_to`.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { fetchInbox } from '../../../demo/enquiry-api/inbox.ts';
import { createFormTokens } from '../../http/bots/form-token.ts';
import { proxyEnvFor, TEST_FORM_TOKEN_SECRET } from '../fixtures/proxy-env.ts';
import { ORIGIN, validEnquiry } from '../fixtures/proxy-harness.ts';
import {
  expectedNotices,
  FIVE_ENQUIRIES,
  noticesIn,
  routedConfigFile,
} from '../fixtures/routed-enquiries.ts';
import { useHeldMail } from './held-mail.ts';
import { kill, startProxyProcess, waitFor } from './proxy-process.ts';

const CREDENTIALS = { username: 'routing-test', password: 'routing test password' };
/** Where failures would be told: nothing must arrive there. */
const FIRM = 'alerts@lovelace-law.example';

const held = useHeldMail(CREDENTIALS);
const dataDir = mkdtempSync(join(tmpdir(), 'routing-crash-'));

const start = () =>
  startProxyProcess(
    proxyEnvFor(held.api(), CREDENTIALS, {
      DATA_DIR: dataDir,
      FORM_CONFIG: routedConfigFile(dataDir),
      SMTP_URL: `smtp://127.0.0.1:${String(held.mail().port)}`,
      NOTIFY_EMAIL: FIRM,
      PUBLIC_URL: 'https://forms.lovelace-law.example',
    }),
  );

async function send(url: string, enquiry: object): Promise<string> {
  const form = new FormData();
  const token = createFormTokens(TEST_FORM_TOKEN_SECRET).issue();
  form.append('enquiry', JSON.stringify({ ...validEnquiry(), ...enquiry, form_token: token }));
  const response = await fetch(`${url}/api/enquiries`, {
    method: 'POST',
    body: form,
    headers: { origin: ORIGIN },
  });
  const body = (await response.json()) as { reference: string };
  expect(response.status).toBe(201);
  return body.reference;
}

describe('new-lead notices across a proxy killed right after acceptance', () => {
  it('reach each team’s mailbox exactly once, in turn where the team takes turns', async () => {
    const first = start();
    const url = await first.listening;
    const sent = [];
    for (const { enquiry, team } of FIVE_ENQUIRIES)
      sent.push({ reference: await send(url, enquiry), team });
    // All five accepted (and delivered while the visitor waited); pull the plug now.
    await kill(first);
    expect(held.mail().received).toHaveLength(0);
    // The mail server learns that the killed sender is gone when it reads the closed
    // connection, which may come after the process's exit: a notice held until then and answered
    // at once would count as received (and the restarted proxy, rightly, sends it again).
    expect(await waitFor(() => held.mail().heldOpen() === 0, 10_000)).toBe(true);

    held.answer();
    const second = start();
    await second.listening;
    expect(await waitFor(() => held.mail().received.length >= sent.length, 30_000)).toBe(true);
    // Long enough for any repeat to arrive: the notifier looks every 2 s.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    await kill(second, 'SIGTERM');

    expect(noticesIn(held.mail())).toEqual(expectedNotices(sent));
    expect(held.mail().received).toHaveLength(sent.length);
    const to = held.mail().received.map((email) => (email.to as { text: string }).text);
    expect(to).not.toContain(FIRM);
    const inbox = await fetchInbox(held.api().origin);
    expect(
      inbox.map((enquiry) => enquiry.meta.find((entry) => entry.id === 'routed_to')?.value),
    ).toEqual(sent.map((lead) => lead.team));
  }, 120_000);
});
