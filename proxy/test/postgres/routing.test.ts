/**
 * Teams on two proxies sharing a PostgreSQL outbox: each lead's notice reaches its team's
 * mailbox on a real SMTP server once, whichever instance took the enquiry and whichever's
 * notifier found it, and a round robin takes its turns one at a time across both instances.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { startMailServer, type RunningMailServer } from '../fixtures/mail-server.ts';
import {
  expectedNotices,
  FIVE_ENQUIRIES,
  noticesIn,
  routedConfigFile,
} from '../fixtures/routed-enquiries.ts';
import { TEAM_PEOPLE } from '../fixtures/routing-config.ts';
import { waitFor } from '../reliability/proxy-process.ts';
import { absent, sharedGroup, usePostgres } from './shared-session.ts';

usePostgres();
let mail: RunningMailServer | undefined;
afterEach(async () => {
  await mail?.close();
});

/** Two instances of the routed law firm on one new database, telling teams through `mail`. */
async function routedPair() {
  mail = await startMailServer();
  const group = await sharedGroup(2, {
    env: {
      FORM_CONFIG: routedConfigFile(mkdtempSync(join(tmpdir(), 'routing-pg-'))),
      SMTP_URL: `smtp://127.0.0.1:${String(mail.port)}`,
      NOTIFY_EMAIL: 'alerts@lovelace-law.example',
    },
  });
  const [a, b] = group.instances;
  if (!a || !b) throw new Error('two instances');
  return { mail, a, b };
}

describe.skipIf(absent)('teams on several proxies sharing PostgreSQL', () => {
  it('tells each lead’s team once, whichever instance took it', async () => {
    const { mail, a, b } = await routedPair();
    const sent = [];
    for (const [i, { enquiry, team }] of FIVE_ENQUIRIES.entries()) {
      const answer = await (i % 2 === 0 ? a : b).submit({ enquiry });
      expect(answer.status).toBe(201);
      sent.push({ reference: String(answer.body.reference), team });
    }
    expect(await waitFor(() => mail.received.length >= sent.length, 30_000)).toBe(true);
    // Both notifiers look every 2 s: long enough for a second copy to arrive, were there one.
    await new Promise((resolve) => setTimeout(resolve, 5_000));
    expect(noticesIn(mail)).toEqual(expectedNotices(sent));
    expect(mail.received).toHaveLength(sent.length);
  }, 90_000);

  it('takes a round robin’s turns one at a time across instances: each person one lead in three', async () => {
    const { mail, a, b } = await routedPair();
    const property = FIVE_ENQUIRIES[1]?.enquiry ?? {};
    // Six at once, three on each instance: the turns are taken in the database, in turn.
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, i) => (i % 2 === 0 ? a : b).submit({ enquiry: property })),
    );
    expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(201));
    expect(await waitFor(() => mail.received.length >= 6, 30_000)).toBe(true);
    const given = [...noticesIn(mail).values()].flat(2).sort();
    const people = [...TEAM_PEOPLE.property];
    expect(given).toEqual([...people, ...people].sort());
  }, 90_000);
});
