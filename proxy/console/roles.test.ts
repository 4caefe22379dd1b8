import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { deadLead } from '../test/fixtures/outbox.ts';
import { HOST, postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import type { Role } from '../outbox/roles.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();

/** Where the console's routes answer people, apart from the ways in and their assets. */
const OPEN = /^\/admin\/(sign-in|invitation|passkeys|oidc|console\.(css|js)|status$|funnel$)/;

/** Every console route the app has, with a lead's reference and a file's index filled in. */
function consoleRoutes(h: ProxyHarness) {
  const seen = new Set<string>();
  return h.app.routes
    .filter((r) => ['GET', 'POST'].includes(r.method) && r.path.startsWith('/admin'))
    .map((r) => ({
      method: r.method,
      path: r.path.replace(':reference', 'EQ-DEAD-0001').replace(':index', '0'),
    }))
    .filter((r) => !r.path.endsWith('*') && r.path !== '/admin' && !OPEN.test(r.path))
    .filter((r) => !seen.has(`${r.method} ${r.path}`) && seen.add(`${r.method} ${r.path}`));
}

/** What `who` is answered at `route`: its status, or `signed out` when sent back to sign in. */
async function answerTo(
  h: ProxyHarness,
  who: { cookie: string; csrf: string },
  route: { method: string; path: string },
) {
  const response =
    route.method === 'GET'
      ? await h.app.request(`${HOST}${route.path}`, { headers: { cookie: who.cookie } })
      : await postForm(h, route.path, who, {
          email: 'someone@firm.example',
          role: 'staff',
          file: '0',
        });
  const signedOut =
    response.status === 401 || response.headers.get('location') === '/admin/sign-in';
  return signedOut && !route.path.includes('sign-out') ? 'signed out' : response.status;
}

async function refusedFor(role: Role) {
  const h = setUp({ deps: { adminToken: TOKEN } });
  await deadLead(h);
  const refused: string[] = [];
  for (const route of consoleRoutes(h)) {
    // A session of its own for each: sign-out and "sign everyone out" end the one they are sent in.
    const who = await signedInAs(h, TOKEN, { email: `${role}@firm.example`, role });
    const status = await answerTo(h, who, route);
    // Signed in all along: never sent back to sign in, nor told the session ended.
    expect(status).not.toBe('signed out');
    if (status === 403) refused.push(`${route.method} ${route.path}`);
  }
  return { refused: refused.sort(), all: consoleRoutes(h).length };
}

describe('roles in the console, enforced on the server for every route', () => {
  it('gives a marketer the overview and the funnel, and a 403 for every lead, export, file and person', async () => {
    const { refused, all } = await refusedFor('marketer');
    // Every console route but the overview, the unfinished counts and sign-out refuses a marketer.
    expect(refused).toHaveLength(all - 3);
    expect(refused).toEqual(
      expect.arrayContaining([
        'GET /admin/leads',
        'GET /admin/leads/EQ-DEAD-0001',
        'GET /admin/leads/EQ-DEAD-0001/files/0',
        'POST /admin/leads/EQ-DEAD-0001/export',
        'POST /admin/leads/EQ-DEAD-0001/retry',
        'POST /admin/leads/EQ-DEAD-0001/erase',
        'GET /admin/people',
        'POST /admin/people/invite',
      ]),
    );
    expect(refused).not.toContain('GET /admin/');
    expect(refused).toContain('POST /admin/unfinished/:id/erase');
  });

  it('lets staff act on leads, and refuses them people', async () => {
    const { refused } = await refusedFor('staff');
    expect(refused.every((route) => route.includes('/admin/people'))).toBe(true);
    expect(refused).toContain('GET /admin/people');
    expect(refused).toContain('POST /admin/people/sign-out-everyone');
  });

  it('gives an editor what a marketer has, and refuses them every lead, export, file and person', async () => {
    const [editor, marketer] = [await refusedFor('editor'), await refusedFor('marketer')];
    // Beyond what a marketer sees, only the form's editing is an editor's.
    expect(editor.refused).toEqual(
      marketer.refused.filter((route) => !route.startsWith('POST /admin/form')),
    );
    expect(editor.refused).toEqual(
      expect.arrayContaining(['GET /admin/leads', 'GET /admin/people']),
    );
  });

  it('shows an editor the overview as a marketer sees it: counts, no lead, audit entry or setting', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const editor = await signedInAs(h, TOKEN, { email: 'eve@firm.example', role: 'editor' });
    const page = await (
      await h.app.request(`${HOST}/admin/`, { headers: { cookie: editor.cookie } })
    ).text();
    expect(page).toContain('Not delivered');
    expect(page).not.toContain('EQ-DEAD-0001');
    expect(page).not.toContain('href="/admin/leads');
    expect(page).not.toContain('Latest actions');
  });

  it('refuses an operator nothing', async () => {
    expect((await refusedFor('operator')).refused).toEqual([]);
  });

  it('shows a marketer the counts, with no lead, audit entry or setting on the page', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    await h.store.recordAudit({
      at: 1,
      client: '203.0.113.7',
      action: 'retry',
      reference: 'EQ-DEAD-0001',
    });
    const marketer = await signedInAs(h, TOKEN, { email: 'max@firm.example', role: 'marketer' });
    const page = await (
      await h.app.request(`${HOST}/admin/`, { headers: { cookie: marketer.cookie } })
    ).text();
    expect(page).toContain('Not delivered');
    expect(page).not.toContain('EQ-DEAD-0001');
    expect(page).not.toContain('href="/admin/leads');
    expect(page).not.toContain('Last platform check');
    expect(page).not.toContain('Latest actions');
  });

  it('lets a marketer’s session read the funnel’s JSON, and nothing else of the bearer routes', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const marketer = await signedInAs(h, TOKEN, { email: 'max@firm.example', role: 'marketer' });
    const funnel = await h.app.request(`${HOST}/admin/funnel`, {
      headers: { cookie: marketer.cookie },
    });
    expect(funnel.status).toBe(200);
    expect(await funnel.json()).toHaveProperty('rows');
    expect(
      (await h.app.request(`${HOST}/admin/status`, { headers: { cookie: marketer.cookie } }))
        .status,
    ).toBe(401);
  });
});
