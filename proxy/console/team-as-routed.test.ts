/**
 * A lead's team as it was when the lead was routed, on its page and on the overview: a version
 * that renames the team leaves the older lead's team as it was named then; the overview of one
 * team says how many leads have no team (they arrived before the form routed leads), a count
 * under `FUNNEL_MIN_COUNT` merged as the funnel's are.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { HOST, signedInAs } from '../test/fixtures/console-people.ts';
import { sampleSubmission, stored } from '../test/fixtures/outbox.ts';
import type { ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { lawFirmRoutedFile, ROUTING } from '../test/fixtures/routing-config.ts';
import { EDITOR, studioHarnessPerTest } from '../test/fixtures/studio-harness.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = studioHarnessPerTest();

/**
 * The routed law firm as version 1 of its studio, its console on, routing at intake;
 * `funnelMinCount`: `FUNNEL_MIN_COUNT` when set.
 */
const routedStudio = (funnelMinCount?: number) =>
  setUp({
    text: JSON.stringify(lawFirmRoutedFile),
    deps: {
      adminToken: TOKEN,
      aftercare: { receiptSecret: 'team-as-routed-secret', emailOn: false, noticesOn: true },
      ...(funnelMinCount === undefined ? {} : { funnelMinCount }),
    },
  });

/** `count` leads kept from before the form routed leads: no team. */
async function unrouted(h: ProxyHarness, count: number) {
  for (let n = 1; n <= count; n += 1)
    await stored(h.store, sampleSubmission({ reference: `EQ-OLD-${String(n)}` }));
}

async function sent(h: ProxyHarness, enquiry: object = {}) {
  const response = await h.submit(enquiry);
  expect(response.status).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

const page = async (h: ProxyHarness, path: string, cookie: string) =>
  (await h.app.request(`${HOST}${path}`, { headers: { cookie } })).text();

describe('a lead’s team as it was routed', () => {
  it('keeps the team’s name the lead was routed under after a version renames the team', async () => {
    const h = await routedStudio();
    const before = await sent(h);
    const renamed = {
      ...lawFirmRoutedFile,
      routing: {
        ...ROUTING,
        teams: {
          ...ROUTING.teams,
          property: { ...ROUTING.teams.property, label: 'Homes and land' },
        },
      },
    };
    const draft = await h.studio.saveDraft(renamed, 0, EDITOR);
    if (!draft.saved) throw new Error('the renaming draft was not saved');
    expect(await h.studio.publish(draft.draft.revision, EDITOR)).toMatchObject({
      published: { version: 2 },
    });
    const after = await sent(h);
    const staff = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    expect(await page(h, `/admin/leads/${before}`, staff.cookie)).toContain(
      '<dd>Residential property (property)</dd>',
    );
    expect(await page(h, `/admin/leads/${after}`, staff.cookie)).toContain(
      '<dd>Homes and land (property)</dd>',
    );
  });

  it('says under one team’s counts how many leads have no team, fewer than FUNNEL_MIN_COUNT merged', async () => {
    const exact = await routedStudio(1);
    await unrouted(exact, 2);
    await sent(exact);
    const marketer = { email: 'max@firm.example', role: 'marketer' } as const;
    const max = await signedInAs(exact, TOKEN, marketer);
    const team = await page(exact, '/admin/?team=property', max.cookie);
    expect(team).toMatch(/Delivered<\/span><strong>1 lead<\/strong>/);
    expect(team).toMatch(/2 leads have\s+no team, so no team's counts include them/);
    // Every team's counts include them: nothing to say.
    expect(await page(exact, '/admin/', max.cookie)).not.toContain('no team');

    const merged = await routedStudio();
    await unrouted(merged, 2);
    const small = await page(
      merged,
      '/admin/?team=private-client',
      (await signedInAs(merged, TOKEN, marketer)).cookie,
    );
    expect(small).toMatch(/Fewer than 10 leads have\s+no team/);
    expect(small).not.toMatch(/2 leads have/);
  });
});
