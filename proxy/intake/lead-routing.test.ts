import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { Routing } from '../contract/schemas/routing.ts';
import {
  harnessPerTest,
  proxyHarness,
  type HarnessOptions,
} from '../test/fixtures/proxy-harness.ts';
import { lawFirmRouted, TEAM_PEOPLE } from '../test/fixtures/routing-config.ts';

const setUp = harnessPerTest();

/** The routed law firm's proxy, telling teams by email, its console at forms.example. */
const routedProxy = (config: FormConfig = lawFirmRouted, more: HarnessOptions = {}) =>
  setUp({
    config,
    deps: {
      aftercare: {
        receiptSecret: 'routing-test-receipt-secret',
        emailOn: false,
        noticesOn: true,
        repeatWindowMs: 30 * 86_400_000,
        consoleOrigin: 'https://forms.example',
      },
    },
    ...more,
  });

/** Sends an enquiry and returns its reference; fails unless it was taken (a bot's is queued). */
async function sent(h: ReturnType<typeof routedProxy>, enquiry: object) {
  const response = await h.submit(enquiry);
  const body = (await response.json()) as Record<string, unknown>;
  expect([201, 202], JSON.stringify(body)).toContain(response.status);
  return { reference: String(body.reference), body };
}

const worth = (value: string) => ({
  answers: { transaction: 'Selling', property_value: value },
});

describe('routing a lead at intake', () => {
  it('sends the platform the team a rule on an answer chose, as routed_to, and keeps why', async () => {
    const h = routedProxy();
    const { reference } = await sent(h, worth('Over £1 million'));
    const create = h.calls.find((call) => call.endpoint === 'create');
    expect(create?.enquiry?.meta).toContainEqual({
      id: 'routed_to',
      label: 'Routed to',
      value: 'high-value',
    });
    expect((await h.store.get(reference))?.routing).toEqual({
      team: 'high-value',
      label: 'High-value property',
      reason:
        'rule 1: the case type is “Buying or selling a property” and “Roughly what is the property worth?” is one of “£500,000 to £1 million”, “Over £1 million”',
      assignedTo: null,
      repeatOf: null,
    });
    const family = await sent(h, { case_type: 'family', answers: { matter: 'Separation' } });
    expect((await h.store.get(family.reference))?.routing?.team).toBe('private-client');
  });

  it('queues one notice to the team, with the reference, the rule and the link, and nothing typed', async () => {
    const h = routedProxy();
    const { reference } = await sent(h, worth('Under £250,000'));
    const notices = await h.store.notificationsFor(reference);
    expect(notices.map((n) => n.kind)).toEqual(['notice']);
    expect(notices[0]?.payload).toMatchObject({
      reference,
      team: { id: 'property', label: 'Residential property' },
      caseType: 'Buying or selling a property (conveyancing)',
      rule: 'rule 2: the case type is “Buying or selling a property”',
      link: `https://forms.example/admin/leads/${reference}`,
      to: [TEAM_PEOPLE.property[0]],
      assignedTo: TEAM_PEOPLE.property[0],
    });
    const said = JSON.stringify(notices[0]?.payload);
    for (const typed of ['Ada', 'Lovelace', 'ada@example.com', '07700', 'Selling', 'First home'])
      expect(said).not.toContain(typed);
  });

  it('quotes what the visitor sent only when the firm turns includeAnswers on', async () => {
    const routing = { ...(lawFirmRouted.routing as Routing), includeAnswers: true };
    const h = routedProxy({ ...lawFirmRouted, routing });
    const { reference } = await sent(h, worth('Under £250,000'));
    const [notice] = await h.store.notificationsFor(reference);
    expect(notice?.payload).toMatchObject({
      answers: expect.arrayContaining(['Name: Ada Lovelace', 'Email: ada@example.com']) as unknown,
    });
  });

  it('marks repeats by mailbox and by number, never telling the visitor, and never a namesake', async () => {
    const h = routedProxy();
    const ada = (email: string, telephone: string) => ({ email, telephone_mobile: telephone });
    const first = await sent(h, ada('adalovelace@gmail.com', '+44 7700 900111'));
    const byMail = await sent(h, ada('Ada.Lovelace+x@gmail.com', ''));
    const byPhone = await sent(h, ada('ada@lovelace.example', '+44 7700 900123'));
    const byNational = await sent(h, ada('lovelace@elsewhere.example', '07700 900123'));
    const namesake = await sent(h, ada('ada.lovelace@example.org', '+44 7700 900999'));
    const repeatOf = async (reference: string) => (await h.store.get(reference))?.routing?.repeatOf;
    expect(await repeatOf(first.reference)).toBeNull();
    expect(await repeatOf(byMail.reference)).toBe(first.reference);
    expect(await repeatOf(byPhone.reference)).toBeNull();
    expect(await repeatOf(byNational.reference)).toBe(byPhone.reference);
    expect(await repeatOf(namesake.reference)).toBeNull();
    // The visitor is answered as anyone is: nothing says their enquiry repeats another.
    expect(Object.keys(byMail.body).sort()).toEqual(Object.keys(first.body).sort());
    expect(JSON.stringify(byMail.body)).not.toContain(first.reference);
    const creates = h.calls.filter((call) => call.endpoint === 'create');
    expect(creates[1]?.enquiry?.meta).toContainEqual({
      id: 'repeat_of',
      label: 'Repeat of',
      value: first.reference,
    });
    expect(creates[0]?.enquiry?.meta.map((entry) => entry.id)).not.toContain('repeat_of');
    const [notice] = await h.store.notificationsFor(byMail.reference);
    expect(notice?.payload).toMatchObject({ repeatOf: first.reference });
  });

  it('finds a repeat by email of a lead sent before the form routed leads, as by telephone (#78)', async () => {
    const outboxPath = join(mkdtempSync(join(tmpdir(), 'lead-routing-')), 'outbox.sqlite');
    // The default form, which routes nothing: Ada's first enquiry.
    const before = proxyHarness({
      config: lawFirm,
      outboxPath,
      deps: { aftercare: { receiptSecret: 'routing-test-receipt-secret', emailOn: false } },
    });
    const ada = (email: string, telephone: string) => ({ email, telephone_mobile: telephone });
    const a = await sent(before, ada('ada.lovelace@example.com', '07400 123456'));
    expect((await before.store.get(a.reference))?.routing).toBeNull();
    await before.close();
    // Restarted with routing on, on the same outbox.
    const h = routedProxy(lawFirmRouted, { outboxPath });
    const b = await sent(h, ada('Ada.Lovelace+family@example.com', ''));
    const c = await sent(h, ada('grace@example.com', '+44 7400 123456'));
    expect((await h.store.get(b.reference))?.routing?.repeatOf).toBe(a.reference);
    // By telephone, the most recent lead with her number: her first (B gave none).
    expect((await h.store.get(c.reference))?.routing?.repeatOf).toBe(a.reference);
    expect(await h.store.repeatsOf(a.reference)).toEqual([b.reference, c.reference]);
  });

  it('gives a caught bot’s lead its team, but never a person, a notice or a link to a person', async () => {
    const h = routedProxy();
    await sent(h, { email: 'grace@example.com' });
    const bot = await sent(h, { email: 'grace@example.com', website: 'https://spam.example' });
    const lead = await h.store.get(bot.reference);
    expect(lead?.state).toBe('spam');
    expect(lead?.routing).toMatchObject({ team: 'property', assignedTo: null, repeatOf: null });
    expect(await h.store.notificationsFor(bot.reference)).toEqual([]);
  });
});
