import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { leaseOf, sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import { HOST, passkeyConsole, postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();
const overview = (h: ReturnType<typeof setUp>, cookie: string) =>
  h.app.request(`${HOST}/admin/`, { headers: { cookie } });

describe('the firm’s people in the console', () => {
  it('makes an invitation link an operator can send, once, for the address and role given', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const answer = await postForm(h, '/admin/people/invite', operator, {
      email: ' Ann@Firm.example ',
      role: 'staff',
    });
    const page = await answer.text();
    const link = /<code class="link">([^<]+)<\/code>/.exec(page)?.[1] ?? '';
    expect(link).toMatch(/^http:\/\/localhost\/admin\/invitation\/[\w-]{43}$/);
    expect(page).toContain('ann@firm.example');
    const invitation = await h.app.request(link);
    expect(invitation.status).toBe(200);
    expect(await invitation.text()).toContain('ann@firm.example');
    expect((await h.store.listAudit({ limit: 1 }))[0]).toMatchObject({
      action: 'invite',
      detail: 'ann@firm.example as staff',
      person: 'olive@firm.example',
      role: 'operator',
    });
  });

  it('keeps an invitation link’s token out of the request log', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const answer = await postForm(h, '/admin/people/invite', operator, {
      email: 'ann@firm.example',
      role: 'operator',
    });
    const link = /<code class="link">([^<]+)<\/code>/.exec(await answer.text())?.[1] ?? '';
    const token = link.split('/').at(-1) ?? '';
    expect(token).toMatch(/^[\w-]{43}$/);
    expect((await h.app.request(link)).status).toBe(200);
    // Whoever reads the logs could otherwise register a passkey as the person invited.
    expect(h.logs.text()).toContain('/admin/invitation/');
    expect(h.logs.text()).not.toContain(token);
  });

  it('refuses an invitation for something that is not an address or a role', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const bad = await postForm(h, '/admin/people/invite', operator, {
      email: 'ann',
      role: 'staff',
    });
    expect(bad.status).toBe(400);
    const role = await postForm(h, '/admin/people/invite', operator, {
      email: 'ann@firm.example',
      role: 'admin',
    });
    expect(role.status).toBe(400);
    expect(await h.store.listPeople(h.clock.now)).toHaveLength(1);
  });

  it('ends a removed person’s open session at their next request', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const sam = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    expect((await overview(h, sam.cookie)).status).toBe(200);
    const removed = await postForm(h, '/admin/people/remove', operator, {
      email: 'sam@firm.example',
    });
    expect(removed.headers.get('location')).toBe('/admin/people?done=removed');
    expect((await overview(h, sam.cookie)).headers.get('location')).toBe('/admin/sign-in');
    expect((await postForm(h, '/admin/sign-out', sam)).status).toBe(401);
    expect((await overview(h, operator.cookie)).status).toBe(200);
  });

  it('gives a person another role from their next request', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const max = await signedInAs(h, TOKEN, { email: 'max@firm.example', role: 'staff' });
    const leads = () => h.app.request(`${HOST}/admin/leads`, { headers: { cookie: max.cookie } });
    expect((await leads()).status).toBe(200);
    await postForm(h, '/admin/people/role', operator, {
      email: 'max@firm.example',
      role: 'marketer',
    });
    expect((await leads()).status).toBe(403);
  });

  it('signs everyone out, the admin token’s session too', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const operator = await signedInAs(h, TOKEN, { email: 'olive@firm.example', role: 'operator' });
    const sam = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    await postForm(h, '/admin/people/sign-out-everyone', operator);
    expect((await overview(h, sam.cookie)).status).toBe(303);
    expect((await overview(h, operator.cookie)).status).toBe(303);
  });

  it('names the person and role beside each action in the audit log, on the lead’s page too', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const { id } = await stored(h.store, sampleSubmission({ reference: 'EQ-DEAD-0001' }));
    await h.store.deadLetter(await leaseOf(h.store, id), 'refused', h.clock.now);
    const sam = await signedInAs(h, TOKEN, {
      email: 'sam@firm.example',
      role: 'staff',
      name: 'Sam Staff',
    });
    await postForm(h, '/admin/leads/EQ-DEAD-0001/retry', sam);
    expect((await h.store.listAudit({ reference: 'EQ-DEAD-0001', limit: 1 }))[0]).toMatchObject({
      action: 'retry',
      person: 'Sam Staff <sam@firm.example>',
      role: 'staff',
      client: '203.0.113.1',
    });
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001`, { headers: { cookie: sam.cookie } })
    ).text();
    expect(page).toContain('Sam Staff &lt;sam@firm.example&gt; (staff)');
  });

  it('is there for invited people when the proxy has no admin token', async () => {
    expect((await setUp().app.request(`${HOST}/admin/sign-in`)).status).toBe(404);
    const withPeople = passkeyConsole(setUp);
    const h = withPeople;
    expect((await withPeople.app.request(`${HOST}/admin/sign-in`)).status).toBe(404);
    await h.store.invitePerson({
      email: 'ann@firm.example',
      role: 'staff',
      tokenSha256: 'x',
      at: 0,
      expiresAt: 1,
    });
    const page = await withPeople.app.request(`${HOST}/admin/sign-in`);
    expect(page.status).toBe(200);
    expect(await page.text()).not.toContain('Admin token');
  });
});
