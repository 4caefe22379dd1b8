/**
 * Notifications through the whole proxy: an enquiry the platform refuses reaches the firm by
 * email (a real SMTP conversation) with its file, and a pause becomes an alert.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailServer, type RunningMailServer } from '../fixtures/mail-server.ts';
import { sampleFiles } from '../fixtures/proxy-harness.ts';
import { eventually, platformSession } from './platform-session.ts';

let smtp: RunningMailServer;
beforeAll(async () => {
  smtp = await startMailServer();
});
afterAll(() => smtp.close());

describe('the firm told by email', () => {
  it('gets a refused enquiry with its file, and an alert when delivery pauses', async () => {
    const session = await platformSession({
      faults: { failRate: 1, failStatus: 400, endpoints: ['create'] },
      env: {
        SMTP_URL: `smtp://127.0.0.1:${String(smtp.port)}`,
        NOTIFY_EMAIL: 'leads@lovelace-law.example',
      },
    });
    const pdf = sampleFiles.pdf(30_000);
    const answer = await session.submit([new File([pdf], 'survey.pdf')]);
    expect(answer.status).toBe(502);
    const mails = await eventually(
      async () => smtp.received.slice(),
      (list) => list.length >= 1,
    );
    expect(mails[0]?.subject).toMatch(
      /^Enquiry EQ-[\w-]+ from Ada Lovelace could not be delivered$/,
    );
    expect(mails[0]?.text).toContain(String(answer.body.reference));
    expect(mails[0]?.attachments[0]?.content.equals(Buffer.from(pdf))).toBe(true);

    session.faults({ failRate: 0, quirk: 'incorrect_password' });
    expect((await session.submit()).status).toBe(202);
    const alerts = await eventually(
      async () => smtp.received.slice(1),
      (list) => list.length >= 1,
    );
    expect(alerts[0]?.subject).toBe('Enquiry delivery is paused');
    expect(alerts[0]?.text).toContain('ENQUIRY_API_PASSWORD');
  });

  it('gets an alert naming ENQUIRY_API_URL when the address is the stand-in under another namespace', async () => {
    const already = smtp.received.length;
    const session = await platformSession({
      url: (api) => `${api.origin}/wp-json/enquiry/v1`,
      env: {
        SMTP_URL: `smtp://127.0.0.1:${String(smtp.port)}`,
        NOTIFY_EMAIL: 'leads@lovelace-law.example',
      },
    });
    expect((await session.submit()).status).toBe(202);
    const alerts = await eventually(
      async () => smtp.received.slice(already),
      (list) => list.length >= 1,
    );
    expect(alerts[0]?.subject).toBe('Enquiry delivery is paused');
    expect(alerts[0]?.text).toContain('not the enquiry API');
    expect(alerts[0]?.text).toContain('ENQUIRY_API_URL');
  });
});
