import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOST, postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { lawFirmRouted, TEAM_PEOPLE } from '../test/fixtures/routing-config.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();

/** The routed law firm's proxy with its console, routing enquiries at intake. */
const routedConsole = () =>
  setUp({
    config: lawFirmRouted,
    deps: {
      adminToken: TOKEN,
      aftercare: { receiptSecret: 'teams-test-receipt-secret', emailOn: false, noticesOn: true },
    },
  });

/** Sends an enquiry through the intake; returns its reference. */
async function sent(h: ProxyHarness, enquiry: object) {
  const response = await h.submit(enquiry);
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

const get = async (h: ProxyHarness, path: string, cookie: string) => {
  const response = await h.app.request(`${HOST}${path}`, { headers: { cookie } });
  return { status: response.status, text: await response.text() };
};

describe('teams in the console', () => {
  it('lists each team’s rules and people, and lets staff mark one away and back, audited', async () => {
    const h = routedConsole();
    const staff = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    const page = await get(h, '/admin/teams', staff.cookie);
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h2 id="team-1">Residential property</h2>');
    expect(page.text).toContain('Rule 2: the case type is “Buying or selling a property”');
    expect(page.text).toContain('Every lead no rule sends elsewhere');
    const bob = TEAM_PEOPLE.property[1];
    const away = await postForm(h, '/admin/teams/away', staff, { address: bob.toUpperCase() });
    expect(away.headers.get('location')).toBe('/admin/teams?done=away');
    expect(await h.store.peopleAway()).toEqual([
      { address: bob, since: h.clock.now, markedBy: 'sam@firm.example' },
    ]);
    expect((await get(h, '/admin/teams?done=away', staff.cookie)).text).toContain(
      'Away since <span class="day">',
    );
    await postForm(h, '/admin/teams/back', staff, { address: bob });
    expect(await h.store.peopleAway()).toEqual([]);
    const audit = await h.store.listAudit({ limit: 5 });
    expect(audit.map((entry) => [entry.action, entry.detail, entry.person])).toEqual(
      expect.arrayContaining([
        ['mark away', bob, 'sam@firm.example'],
        ['mark back', bob, 'sam@firm.example'],
      ]),
    );
  });

  it('marks away only a team’s people, and never for a marketer or an editor', async () => {
    const h = routedConsole();
    const staff = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    expect(
      (await postForm(h, '/admin/teams/away', staff, { address: 'stranger@else.example' })).status,
    ).toBe(404);
    expect((await get(h, '/admin/', staff.cookie)).text).toContain('href="/admin/teams"');
    // Who is given leads is for those who read leads: an editor edits the form, not its leads.
    for (const role of ['marketer', 'editor'] as const) {
      const other = await signedInAs(h, TOKEN, { email: `${role}@firm.example`, role });
      const refused = await postForm(h, '/admin/teams/away', other, {
        address: TEAM_PEOPLE.property[0],
      });
      expect(refused.status).toBe(403);
      expect((await get(h, '/admin/teams', other.cookie)).status).toBe(403);
      expect((await get(h, '/admin/', other.cookie)).text).not.toContain('href="/admin/teams"');
    }
    expect(await h.store.peopleAway()).toEqual([]);
  });

  it('shows on a lead’s page its team, why, who has it, and the lead it repeats, linked both ways', async () => {
    const h = routedConsole();
    const first = await sent(h, { email: 'adalovelace@gmail.com' });
    const again = await sent(h, { email: 'Ada.Lovelace+x@gmail.com' });
    const staff = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    const later = (await get(h, `/admin/leads/${again}`, staff.cookie)).text;
    expect(later).toContain('<dd>Residential property (property)</dd>');
    expect(later).toContain('rule 2: the case type is “Buying or selling a property”');
    expect(later).toMatch(/bob<wbr \/>@lovelace-law\.example, whose turn it was/);
    expect(later).toContain(`<a href="/admin/leads/${first}">${first}</a>, from the same person`);
    const earlier = (await get(h, `/admin/leads/${first}`, staff.cookie)).text;
    expect(earlier).toContain('<dt>Repeated by</dt>');
    expect(earlier).toContain(`<a href="/admin/leads/${again}">${again}</a>`);
  });

  it('counts one team’s leads on the overview, and its repeats', async () => {
    const h = routedConsole();
    await sent(h, { email: 'one@example.com', telephone_mobile: '+44 7700 900111' });
    await sent(h, { email: 'two@example.com', telephone_mobile: '07700 900111' });
    await sent(h, {
      case_type: 'family',
      answers: { matter: 'Separation' },
      telephone_mobile: '+44 7700 900222',
    });
    const marketer = await signedInAs(h, TOKEN, { email: 'max@firm.example', role: 'marketer' });
    const team = (await get(h, '/admin/?team=property', marketer.cookie)).text;
    expect(team).toContain('<h1>Overview: Residential property</h1>');
    expect(team).toMatch(/Delivered<\/span><strong>2 leads<\/strong>/);
    expect(team).toContain('1 lead repeats an earlier enquiry');
    const other = (await get(h, '/admin/?team=private-client', marketer.cookie)).text;
    expect(other).toMatch(/Delivered<\/span><strong>1 lead<\/strong>/);
    // A team the form does not have counts every lead, as without the choice.
    const every = (await get(h, '/admin/?team=nobody', marketer.cookie)).text;
    expect(every).toContain('<h1>Overview</h1>');
    expect(every).toMatch(/Delivered<\/span><strong>3 leads<\/strong>/);
  });

  it('answers one team’s funnel to machines, and refuses a team the form does not have', async () => {
    const h = routedConsole();
    const ask = (team: string) =>
      h.app.request(`${HOST}/admin/funnel?team=${team}`, {
        headers: { authorization: `Bearer ${TOKEN}`, accept: 'application/json' },
      });
    expect((await ask('private-client')).status).toBe(200);
    const refused = await ask('tax');
    expect(refused.status).toBe(400);
    expect(await refused.json()).toEqual({
      error: 'invalid_team',
      message: 'team is one of high-value, property, private-client.',
    });
  });
});
