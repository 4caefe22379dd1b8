import { describe, expect, it } from 'vitest';
import { BOOKING_LIMIT_DEFAULTS } from '../proxy/contract/schemas/booking-limits.ts';
import type { RunningEnquiryApi } from './enquiry-api/server.ts';
import { FaultInjector } from './enquiry-api/faults.ts';
import type { RunningMailbox } from './mailbox/mailbox.ts';
import { startBanner } from './start-banner.ts';

const urls = {
  siteUrl: 'http://localhost:3000/',
  campaignUrl: 'http://localhost:3000/campaign',
  proxyUrl: 'http://127.0.0.1:8080',
  formConfig: `${process.cwd()}/demo/forms/law-firm.json`,
  files: { offered: ['pdf', 'png', 'gif', 'jpeg', 'heic', 'docx'] as const },
  hostFeeds: [],
};
const stand = (faults = new FaultInjector()) =>
  ({ origin: 'http://127.0.0.1:8090', faults }) as unknown as RunningEnquiryApi;

describe('what npm start prints', () => {
  it('on the stand-in, names the variables that send to the real platform, as the README says', () => {
    const text = startBanner({ ...urls, api: stand() }, {}).join('\n');
    expect(text).toContain('http://127.0.0.1:8090/inbox');
    for (const name of ['ENQUIRY_API_URL', 'ENQUIRY_API_USERNAME', 'ENQUIRY_API_PASSWORD'])
      expect(text).toContain(name);
    expect(text).not.toContain('Stand-in faults');
  });

  it('names the console at localhost, where passkeys work, and prints the admin token made for this run', () => {
    const token = 'x'.repeat(43);
    const text = startBanner(urls, {}, { madeToken: token }).join('\n');
    expect(text).toContain('Console             http://localhost:8080/admin/');
    expect(text).not.toContain('127.0.0.1:8080');
    expect(text).toMatch(new RegExp(`Sign in with this admin token[^]*\n {22}${token}\n`));
  });

  it('names the console without printing a token the operator set', () => {
    const text = startBanner(urls, { ADMIN_TOKEN: 'the operator’s own token' }).join('\n');
    expect(text).toContain('http://localhost:8080/admin/   (sign in with your ADMIN_TOKEN)');
    expect(text).not.toContain('the operator’s own token');
  });

  it('on the real platform, names its address', () => {
    const url = 'https://crm.example.com/wp-json/acme/v1';
    const text = startBanner(urls, { ENQUIRY_API_URL: url }).join('\n');
    expect(text).toContain(`Platform            ${url} (REAL)`);
    expect(text).not.toContain('inbox');
  });

  it('names the form configuration and how to choose another', () => {
    const text = startBanner(urls, {}).join('\n');
    expect(text).toContain('Form                demo/forms/law-firm.json   (FORM_CONFIG=your.json');
  });

  it('says Word letters are converted where they are, and how to have them where they are not', () => {
    expect(startBanner(urls, {}).join('\n')).toContain(
      'Word letters        converted to PDF (LibreOffice, in its box)',
    );
    const without = { ...urls, files: { offered: ['pdf', 'png', 'gif', 'jpeg'] as const } };
    const text = startBanner(without, { CONVERT_DOCUMENTS: '1' }).join('\n');
    expect(text).toContain(
      'Word letters        not taken here: LibreOffice and its box (bubblewrap)',
    );
    expect(text).toContain('npm run setup:system');
    expect(startBanner(without, { CONVERT_DOCUMENTS: '0' }).join('\n')).toContain(
      'not taken (CONVERT_DOCUMENTS=0)',
    );
  });

  it('names the funnel and the smallest group it shows, the demo’s own minimum said as such', () => {
    expect(startBanner(urls, { FUNNEL_MIN_COUNT: '1' }).join('\n')).toMatch(
      /Funnel {14}http:\/\/localhost:8080\/admin\/funnel {3}\(groups of 1 start or more\n {22}shown: FUNNEL_MIN_COUNT=1 for this demo, 10 by default\)/,
    );
    expect(startBanner(urls, {}).join('\n')).toContain('groups of 10 starts or more');
  });

  it('says how many confirmations one machine gets, and that the demo raised them (issue #85, major 2)', () => {
    const demo = {
      ...urls,
      confirmationLimits: { perAddressPerDay: 20, perClientPerHour: 20, perHour: 50 },
    };
    expect(startBanner(demo, {}).join('\n')).toContain(
      [
        '  Confirmations       at most 20 a day to one mailbox and 20 an hour from one machine (every',
        '                      visitor here is this machine): raised for this demo, 2 and 2 by default',
      ].join('\n'),
    );
    const own = {
      ...urls,
      confirmationLimits: { perAddressPerDay: 2, perClientPerHour: 2, perHour: 50 },
    };
    expect(startBanner(own, {}).join('\n')).toContain(
      'at most 2 a day to one mailbox and 2 an hour from one machine (every\n                      visitor here is this machine): confirmation.limits in the form',
    );
    expect(startBanner(urls, {}).join('\n')).not.toContain('Confirmations');
  });

  it('says how many calls one person holds, and that the demo raised it (issue #85, major 2)', () => {
    const limits = { ...BOOKING_LIMIT_DEFAULTS, freeMailDomains: [] };
    const demo = { ...urls, bookingLimits: { ...limits, perDomainPerDay: 20 } };
    expect(startBanner(demo, {}).join('\n')).toContain(
      [
        '  Calls held          at most 20 a day for one mailbox domain (every visitor here is this',
        "                      machine, so the email's domain counts): raised for this demo, 3 by default",
      ].join('\n'),
    );
    expect(startBanner({ ...urls, bookingLimits: limits }, {}).join('\n')).toContain(
      "at most 3 a day for one mailbox domain (every visitor here is this\n                      machine, so the email's domain counts): booking.limits in the form",
    );
    expect(startBanner(urls, {}).join('\n')).not.toContain('Calls held');
  });

  it('names the stand-in’s test controls when they are on', () => {
    const faults = new FaultInjector({ failRate: 0.5 });
    const text = startBanner({ ...urls, api: stand(faults) }, { ENQUIRY_API_CONTROL: '1' }).join(
      '\n',
    );
    expect(text).toContain('Stand-in control    http://127.0.0.1:8090/__control/faults');
    expect(text).toContain('Stand-in faults     failRate=0.5   (FAULT_*)');
  });

  it('names the mailbox at localhost, where every email the demo sends is read', () => {
    const mailbox = { url: 'http://127.0.0.1:8025/' } as RunningMailbox;
    const text = startBanner({ ...urls, mailbox }, {}).join('\n');
    expect(text).toMatch(
      /\n {2}Mailbox {13}http:\/\/localhost:8025\/ {3}\(every email the demo sends: a saved\n {22}enquiry's link and code, confirmations, team notices\)\n/,
    );
  });

  it('says emails go through the operator’s own mail server when SMTP_URL is set', () => {
    const text = startBanner(urls, { SMTP_URL: 'smtp://mail.firm.example:587' }).join('\n');
    expect(text).toContain('Email               sent through your SMTP_URL');
    expect(text).not.toContain('Mailbox');
    expect(text).not.toContain('mail.firm.example');
  });

  it('names each host’s calendar feed at localhost, where the form books calls', () => {
    const hostFeeds = ['ann', 'bob'].map((name) => ({
      host: `${name}@firm.example`,
      url: `http://127.0.0.1:8080/calendar/${name}-token.ics`,
    }));
    const text = startBanner({ ...urls, hostFeeds }, {}).join('\n');
    expect(text).toMatch(
      /\n {2}Calls booked {8}each host's calls as a calendar feed, to subscribe to in Outlook,\n {22}Google or Apple Calendar \(keep it private: docs\/booking\.md\):\n {22}ann@firm\.example\n {24}http:\/\/localhost:8080\/calendar\/ann-token\.ics\n {22}bob@firm\.example\n {24}http:\/\/localhost:8080\/calendar\/bob-token\.ics\n/,
    );
    expect(startBanner(urls, {}).join('\n')).not.toContain('Calls booked');
  });
});
