import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { HOST } from '../../test/fixtures/console-people.ts';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { harnessPerTest } from '../../test/fixtures/proxy-harness.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import type { Role } from '../../outbox/roles.ts';

const setUp = studioHarnessPerTest();
const setUpWithout = harnessPerTest();
const BILINGUAL = JSON.parse(readFileSync('demo/forms/bilingual.json', 'utf8')) as unknown;

/** Every route of the studio (the preview's API aside: its widget carries a key, not a session). */
function studioRoutes(app: { routes: readonly { method: string; path: string }[] }) {
  const seen = new Set<string>();
  return app.routes
    .filter(
      (r) =>
        ['GET', 'POST'].includes(r.method) &&
        r.path.startsWith('/admin/form') &&
        !r.path.includes('/preview/api/'),
    )
    .map((r) => ({
      method: r.method,
      path: r.path
        .replace(/:page\{[^}]+\}/, 'consent')
        .replace(/:c\{[^}]+\}/, '0')
        .replace(/:q\{[^}]+\}/, '0')
        .replace(/:n\{[^}]+\}/, '1'),
    }))
    .filter(
      (r) =>
        !r.path.includes('*') &&
        !seen.has(`${r.method} ${r.path}`) &&
        seen.add(`${r.method} ${r.path}`),
    );
}

async function answers(role: Role) {
  const { h, as, post, page } = await studioConsole(setUp, BILINGUAL);
  const routes = studioRoutes(h.app);
  const who = await as(role);
  const got: Record<string, number> = {};
  for (const route of routes)
    got[`${route.method} ${route.path}`] =
      route.method === 'GET'
        ? (await page(who, route.path)).status
        : (await post(who, route.path, {})).status;
  return { got, routes };
}

describe('the form studio’s roles, checked on the server for every route', () => {
  it('lets a marketer and staff read every page, and refuses each of them every change (403)', async () => {
    for (const role of ['marketer', 'staff'] as const) {
      const { got, routes } = await answers(role);
      expect(routes.length).toBeGreaterThan(25);
      for (const [route, status] of Object.entries(got)) {
        if (route.startsWith('POST')) expect(status, `${role}: ${route}`).toBe(403);
        // Pages that only an editor uses (adding, removing, publishing) are refused too.
        else if (/\/(new|remove|rollback|discard|publish)$/.test(route))
          expect(status, `${role}: ${route}`).toBe(403);
        else expect(status, `${role}: ${route}`).toBe(200);
      }
    }
  });

  it('refuses an operator nothing', async () => {
    const { got } = await answers('operator');
    expect(Object.entries(got).filter(([, status]) => status === 403)).toEqual([]);
  });

  it('shows a marketer the form with no control that changes it', async () => {
    const { as, page } = await studioConsole(setUp, BILINGUAL);
    const marketer = await as('marketer');
    for (const path of [
      '/admin/form',
      '/admin/form/case-types/0',
      '/admin/form/case-types/0/questions/0',
      '/admin/form/consent',
      '/admin/form/languages',
      '/admin/form/history',
    ]) {
      const { html } = await page(marketer, path);
      expect(html, path).not.toMatch(/<form method="post" action="\/admin\/form/);
      expect(html, path).not.toContain('Make changes live');
    }
    const question = (await page(marketer, '/admin/form/case-types/0/questions/0')).html;
    // The same fields, read: the question in both languages, and its options.
    expect(question).toContain('Ydych chi’n prynu neu’n gwerthu?');
    expect(question).toContain('Gwerthu');
  });

  it('is not there without the studio: /admin/form answers 404, as a page that does not exist', async () => {
    const h = setUpWithout({ deps: { adminToken: 'x'.repeat(44) } });
    const response = await h.app.request(`${HOST}/admin/form`);
    // Signed out, the console asks for a sign-in before it says anything of its pages.
    expect([303, 404]).toContain(response.status);
    expect(h.app.routes.some((r) => r.path.startsWith('/admin/form'))).toBe(false);
  });
});
