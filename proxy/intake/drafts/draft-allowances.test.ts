/**
 * Nobody's saves keep a visitor from what they saved: saves and codes are counted apart, half
 * the hour's ceiling is kept for clients saving for the first time, and a code that is not sent
 * is said not to be sent and leaves the code already sent working. Every email goes over a real
 * SMTP conversation, so each sentence is about what reached a mailbox.
 */
import type { ParsedMail } from 'mailparser';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { confirmingProxies } from '../../test/fixtures/confirming-proxy.ts';
import { draftClient, draftContent } from '../../test/fixtures/drafts.ts';

const confirmingProxy = confirmingProxies();
const DRAFTS = { limits: { perAddressPerDay: 10, perClientPerHour: 10, perHour: 100 } };

/** The law firm's form with saving on, its emails going to a real mail server. */
async function saving(limits = DRAFTS.limits) {
  const { harness, mail, send } = await confirmingProxy(
    { ...lawFirm, drafts: { limits } },
    { harness: { drafts: {} } },
  );
  /** Sends every email queued: the notifier takes a batch a round. */
  const sendAll = async () => {
    let before;
    do {
      before = mail.received.length;
      await send();
    } while (mail.received.length > before);
  };
  return { harness, mail, send: sendAll, drafts: draftClient(harness) };
}

const to = (message: ParsedMail) =>
  (Array.isArray(message.to) ? message.to : [message.to]).flatMap((each) =>
    (each?.value ?? []).map((address) => address.address),
  );

/** The six digits of the last code that reached `address`. */
const codeIn = (received: ParsedMail[], address: string) =>
  /\b(\d{6})\b/.exec(
    received.filter((m) => to(m).includes(address) && /code/i.test(m.subject ?? '')).at(-1)?.text ??
      '',
  )?.[1];

describe('saved enquiries under a flood of saves', () => {
  it('after 99 saves from ten addresses, the first visitor’s code arrives and opens her draft, and a new visitor can save', async () => {
    const { harness, mail, send, drafts } = await saving();
    const ada = draftContent({ email: 'ada@example.com' });
    const first = await drafts.save(ada, {}, { 'x-test-ip': '198.51.100.7' });
    expect(first.response.status).toBe(201);
    const { id } = (await first.response.json()) as { id: string };

    // Ten addresses, each saving to mailboxes of its own: no mailbox's allowance is reached.
    const flood = [];
    for (let n = 0; n < 99; n++) {
      const client = `203.0.113.${String((n % 10) + 1)}`;
      const content = draftContent({ email: `mallory.${String(n)}@attacker.example` });
      flood.push((await drafts.save(content, {}, { 'x-test-ip': client })).response.status);
    }
    // Saving again and again, they spend half the hour's ceiling at most (Ada's save is in it);
    // the rest is kept for clients saving for the first time, and each refusal says so.
    expect(flood.filter((status) => status === 201)).toHaveLength(49);
    expect(new Set(flood)).toEqual(new Set([201, 429]));

    const asked = await drafts.post(
      '/api/drafts/code',
      { id, email: 'ada@example.com' },
      { 'x-test-ip': '198.51.100.7' },
    );
    expect(asked.status).toBe(202);
    await send();
    const code = codeIn(mail.received, 'ada@example.com');
    expect(code).toMatch(/^\d{6}$/);
    expect((await drafts.open(id, code ?? '')).status).toBe(200);

    const bea = draftContent({ email: 'bea@example.com' });
    const saved = await drafts.save(bea, {}, { 'x-test-ip': '192.0.2.44' });
    expect(saved.response.status).toBe(201);
    await send();
    expect(mail.received.filter((m) => to(m).includes('bea@example.com'))).toHaveLength(1);
    expect(harness.logs.text()).not.toContain('a draft code was not sent');
  });

  it('sends a visitor her code though others have spent her mailbox’s saves of the day', async () => {
    const { mail, send, drafts } = await saving({ ...DRAFTS.limits, perAddressPerDay: 2 });
    const { response } = await drafts.save(draftContent({ email: 'ada@example.com' }));
    const { id } = (await response.json()) as { id: string };
    // Someone who knows her address saves to it until it takes no more links today.
    const other = { 'x-test-ip': '203.0.113.9' };
    expect((await drafts.save(draftContent(), {}, other)).response.status).toBe(201);
    expect((await drafts.save(draftContent(), {}, other)).response.status).toBe(429);
    expect((await drafts.askCode(id, 'ada@example.com')).status).toBe(202);
    await send();
    expect(codeIn(mail.received, 'ada@example.com')).toMatch(/^\d{6}$/);
  });

  it('says a code its mailbox’s day refuses was not sent, and keeps the code sent before working', async () => {
    const { harness, mail, send, drafts } = await saving({ ...DRAFTS.limits, perAddressPerDay: 2 });
    const { response } = await drafts.save(draftContent({ email: 'ada@example.com' }));
    const { id } = (await response.json()) as { id: string };
    for (let i = 0; i < 2; i++)
      expect((await drafts.askCode(id, 'ada@example.com')).status).toBe(202);
    await send();
    const live = codeIn(mail.received, 'ada@example.com');
    const codes = mail.received.length;

    const refused = await drafts.askCode(id, 'ada@example.com');
    expect(refused.status).toBe(429);
    expect(await refused.json()).not.toMatchObject({ status: 'sent' });
    // Until the day's end (the harness's clock is 09:00 UTC): fifteen hours.
    expect(Number(refused.headers.get('retry-after'))).toBe(15 * 3600);
    await send();
    expect(mail.received).toHaveLength(codes);
    expect((await drafts.open(id, live ?? '')).status).toBe(200);
    expect(harness.logs.text()).toContain('a draft code was not sent');
  });
});
