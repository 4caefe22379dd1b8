import { afterEach, describe, expect, it } from 'vitest';
import { startMailServer, type RunningMailServer } from '../test/fixtures/mail-server.ts';
import { emailChannel } from './channels.ts';
import type { NoticeEvent } from './events.ts';
import { noticeText } from './lead-notice.ts';

const servers: RunningMailServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

const notice = (more: Partial<NoticeEvent> = {}): NoticeEvent => ({
  event: 'notice',
  reference: 'EQ-7K2M-9QX4',
  receivedAt: '2027-03-27T09:14:05.000Z',
  team: { id: 'property', label: 'Residential property' },
  caseType: 'Buying or selling a property (conveyancing)',
  rule: 'rule 2: the case type is “Buying or selling a property”',
  link: 'https://forms.example/admin/leads/EQ-7K2M-9QX4',
  to: ['ann@firm.example'],
  assignedTo: 'ann@firm.example',
  repeatOf: 'EQ-3HD8-P2MV',
  ...more,
});

describe('a team’s notice of a new lead', () => {
  it('says what the lead is, why it came to the team, who has it and what it repeats', () => {
    const { subject, text } = noticeText(notice());
    expect(subject).toBe('New lead EQ-7K2M-9QX4 for Residential property (repeat of EQ-3HD8-P2MV)');
    expect(text).toContain('Received: 2027-03-27 09:14 UTC');
    expect(text).toContain(
      'Why Residential property: rule 2: the case type is “Buying or selling a property”',
    );
    expect(text).toContain('Given to: ann@firm.example, whose turn it was.');
    expect(text).toContain('sent EQ-3HD8-P2MV shortly before');
    expect(text).toContain(
      'Open it in the console: https://forms.example/admin/leads/EQ-7K2M-9QX4',
    );
    expect(text).not.toContain('What they sent');
  });

  it('names everyone told, and the reference to look up when the console’s address is unknown', () => {
    const { subject, text } = noticeText(
      notice({ to: ['a@firm.example', 'b@firm.example'], assignedTo: null, repeatOf: null }),
    );
    const { link: _link, ...withoutLink } = notice({ assignedTo: null, repeatOf: null });
    expect(subject).toBe('New lead EQ-7K2M-9QX4 for Residential property');
    expect(text).toContain(
      'Told to: everyone in Residential property (a@firm.example, b@firm.example).',
    );
    expect(noticeText(withoutLink).text).toContain(
      'Find it in the console under Leads by its reference, EQ-7K2M-9QX4.',
    );
  });

  it('goes to the team’s people through the mail server, the same message on a retry', async () => {
    const mail = await startMailServer();
    servers.push(mail);
    const send = emailChannel({
      smtpUrl: `smtp://127.0.0.1:${String(mail.port)}`,
      from: 'enquiry-form <forms@firm.example>',
      to: ['alerts@firm.example'],
      store: { get: async () => null, fileSource: () => Promise.reject(new Error('no files')) },
    });
    const event = notice({ to: ['a@firm.example', 'b@firm.example'], assignedTo: null });
    await send(event, 'notice:EQ-7K2M-9QX4:email');
    await send(event, 'notice:EQ-7K2M-9QX4:email');
    const [first, second] = mail.received;
    expect((first?.to as { text: string }).text).toBe('a@firm.example, b@firm.example');
    expect(first?.subject).toBe(noticeText(event).subject);
    expect(first?.messageId).toBe('<notice.EQ-7K2M-9QX4.email@firm.example>');
    expect(second?.messageId).toBe(first?.messageId);
  });
});
