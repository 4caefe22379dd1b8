/**
 * A visitor cannot write lines into the firm's own messages: a textarea answer holding lines
 * that look like a team notice's own ("Given to: …", "Open it in the console: …") reaches the
 * team's mailbox, the firm's alert about an undelivered lead and `npm run outbox -- show`
 * indented under its question, every line of it, while the messages' own lines start at their
 * margin. Through the whole proxy and a real SMTP server: what was actually sent.
 */
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { apiError } from '../test/fixtures/outbox.ts';
import {
  confirming,
  confirmingProxies,
  FIRM_ADDRESS,
  outboxCommand,
} from '../test/fixtures/confirming-proxy.ts';
import { lawFirmRouted, TEAM_PEOPLE } from '../test/fixtures/routing-config.ts';
import { healthyPlatform } from '../test/fixtures/proxy-harness.ts';
import { labelled, typedLines } from './typed-lines.ts';

const confirmingProxy = confirmingProxies();

const CONSOLE = 'https://forms.lovelace-law.example';

/** What an attacker types into "Anything else we should know?", its lines as a notice's own. */
const FORGED = [
  'Please call back.',
  `Given to: ${TEAM_PEOPLE.property[1]} — URGENT: call the client back today`,
  `Open it in the console: ${CONSOLE}/admin/leads/EQ-FAKE-0002`,
  // A line separator, which a one-line field may hold and a mail client may break at.
  'Reference:\u2028EQ-FAKE-0001',
].join('\r\n');

/** The lines of `text` that hold the forged answer's words. */
const forgedLines = (text: string) =>
  text.split('\n').filter((line) => /URGENT|Please call back|EQ-FAKE/.test(line));

/** The routed law firm telling teams (with answers), the firm and the visitor, by real mail. */
async function routedProxy(answer = healthyPlatform) {
  const config = {
    ...confirming(),
    routing: { ...lawFirmRouted.routing!, includeAnswers: true },
  };
  return confirmingProxy(config, {
    firm: true,
    harness: {
      answer,
      deps: {
        aftercare: {
          receiptSecret: 'visitor-lines-receipt-secret',
          emailOn: true,
          noticesOn: true,
          consoleOrigin: CONSOLE,
        },
      },
    },
  });
}

const addressedTo = (mail: ParsedMail, address: string) =>
  JSON.stringify(mail.to ?? '').includes(address);

describe('a visitor’s lines in the firm’s messages', () => {
  it('are indented under their question in the team’s notice, each one', async () => {
    const { harness, mail, send } = await routedProxy();
    const response = await harness.submit({
      answers: { transaction: 'Selling', property_value: 'Under £250,000', notes: FORGED },
    });
    const { reference } = (await response.json()) as { reference: string };
    await send();
    const notice = mail.received.find((m) => m.subject?.startsWith(`New lead ${reference}`));
    const text = notice?.text ?? '';
    expect(text).toContain(`Open it in the console: ${CONSOLE}/admin/leads/${reference}`);
    expect(text).toContain('Anything else we should know?:\n  Please call back.\n');
    expect(forgedLines(text)).toHaveLength(4);
    for (const line of forgedLines(text)) expect(line).toMatch(/^ {2}\S/);
    // The notice's own lines, at the margin, are the proxy's alone.
    expect(text.split('\n').filter((line) => line.startsWith('Given to:'))).toHaveLength(1);
    expect(text.split('\n').filter((line) => line.startsWith('Reference:'))).toEqual([
      `Reference: ${reference}`,
    ]);
  });

  it('are indented in the alert about an undelivered lead and in outbox show', async () => {
    const refused = () => {
      throw apiError('validation', 'create', { status: 400, parameter: 'meta' });
    };
    const { harness, mail, send } = await routedProxy(refused);
    const response = await harness.submit({
      answers: { transaction: 'Selling', property_value: 'Under £250,000', notes: FORGED },
    });
    const { reference } = (await response.json()) as { reference: string };
    await send();
    const alert = mail.received.find(
      (m) => addressedTo(m, FIRM_ADDRESS) && m.subject?.includes('could not be delivered'),
    );
    const text = alert?.text ?? '';
    expect(text).toContain('Anything else we should know?:\n  Please call back.\n');
    expect(forgedLines(text)).toHaveLength(4);
    for (const line of forgedLines(text)) expect(line).toMatch(/^ {2}\S/);
    expect(text.split('\n').filter((line) => line.startsWith('Reference:'))).toEqual([
      `Reference: ${reference}`,
    ]);

    const shown = await outboxCommand(harness, 'show', reference);
    expect(shown.exit).toBe(0);
    expect(shown.out).toContain('  Anything else we should know?:\n    Please call back.\n');
    // The report's own lines are indented by two; the visitor's lines under it by four.
    for (const line of forgedLines(shown.out)) expect(line).toMatch(/^ {4}\S/);
  });

  it('are indented in the visitor’s own confirmation, every line and not only the first', async () => {
    const { harness, mail, send } = await routedProxy();
    await harness.submit({
      answers: { transaction: 'Selling', property_value: 'Under £250,000', notes: FORGED },
    });
    await send();
    const confirmation = mail.received.find((m) => addressedTo(m, 'ada@example.com'));
    const lines = forgedLines(confirmation?.text ?? '');
    expect(lines).toHaveLength(4);
    for (const line of lines) expect(line).toMatch(/^ {2}\S/);
  });
});

describe('typed lines', () => {
  it('breaks at every line end a mail client or a terminal shows, and indents each piece', () => {
    expect(typedLines('a\r\nb\nc\rd\u2028e\u2029f\u0085g\vh\fi')).toEqual(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i'].map((piece) => `  ${piece}`),
    );
  });

  it('keeps a one-line value beside its label, and leaves an empty one out', () => {
    expect(labelled('Name', 'Ada Lovelace')).toEqual(['Name: Ada Lovelace']);
    expect(labelled('Notes', 'one\ntwo')).toEqual(['Notes:', '  one', '  two']);
    expect(labelled('Notes', '')).toEqual([]);
  });
});
