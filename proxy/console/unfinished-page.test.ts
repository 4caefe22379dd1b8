/**
 * The console's "Unfinished" page: staff read each kept record (who, what was typed, its consent)
 * a page at a time and erase one, in the audit log with who did it; a marketer sees counts only.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { HOST, postForm, signedInAs } from '../test/fixtures/console-people.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';
import { storedKeep } from '../test/fixtures/unfinished.ts';
import { UNFINISHED_PAGE_SIZE } from './unfinished-routes.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();
const ADA = 'a'.repeat(32);

/** A console with Ada's record kept (in Welsh, on the spring campaign), and a way to read a page. */
async function withAdasRecord() {
  const h = setUp({
    config: { ...lawFirm, unfinished: { keepDays: 7 } },
    deps: { adminToken: TOKEN },
  });
  await h.store.keepUnfinished(storedKeep(1, h.clock.now));
  const read = async (who: { cookie: string }, path = '/admin/unfinished') =>
    (await h.app.request(`${HOST}${path}`, { headers: { cookie: who.cookie } })).text();
  return { h, read };
}

describe('the console’s Unfinished page', () => {
  it('shows staff who kept what, with the consent as shown, and erases one with its box ticked, audit-logged', async () => {
    const { h, read } = await withAdasRecord();
    const staff = await signedInAs(h, TOKEN, {
      email: 'sam@firm.example',
      role: 'staff',
      name: 'Sam',
    });
    const page = await read(staff);
    expect(page).toMatch(/<a href="\/admin\/unfinished"\s+aria-current="page">Unfinished<\/a>/);
    for (const shown of [
      'Ada Lovelace',
      '+44 7700 900123',
      'Buying or selling a property',
      'spring-2027',
      'typed by keep 1',
      'Cadw’r hyn a deipiais…',
      'Welsh (cy)',
    ])
      expect(page).toContain(shown);
    // Unticked, the press erases nothing.
    const unconfirmed = await postForm(h, `/admin/unfinished/${ADA}/erase`, staff);
    expect(unconfirmed.headers.get('location')).toBe('/admin/unfinished?done=needs_confirm');
    expect(await h.store.unfinishedRecord(ADA)).not.toBeNull();
    const erased = await postForm(h, `/admin/unfinished/${ADA}/erase`, staff, { confirm: 'yes' });
    expect(erased.headers.get('location')).toBe('/admin/unfinished?done=erased');
    expect(await h.store.unfinishedRecord(ADA)).toBeNull();
    const [entry] = await h.store.listAudit({ limit: 1 });
    expect(entry).toMatchObject({
      action: 'erase unfinished',
      detail: `unfinished ${ADA}`,
      person: 'Sam <sam@firm.example>',
      role: 'staff',
    });
    expect(
      (await postForm(h, `/admin/unfinished/${ADA}/erase`, staff, { confirm: 'yes' })).status,
    ).toBe(404);
    // Without the page's CSRF token, nothing is erased.
    await h.store.keepUnfinished(storedKeep(1, h.clock.now, { id: 'b'.repeat(32) }));
    const forged = await postForm(
      h,
      `/admin/unfinished/${'b'.repeat(32)}/erase`,
      { ...staff, csrf: 'x' },
      { confirm: 'yes' },
    );
    expect(forged.status).toBe(403);
    expect(await h.store.unfinishedRecord('b'.repeat(32))).not.toBeNull();
  });

  it('shows a marketer the counts and no record, and refuses them the erase', async () => {
    const { h, read } = await withAdasRecord();
    const marketer = await signedInAs(h, TOKEN, { email: 'max@firm.example', role: 'marketer' });
    const page = await read(marketer);
    expect(page).toMatch(/Kept now<\/th>\s*<td[^>]*>1<\/td>/);
    expect(page).not.toContain('Lovelace');
    expect(page).not.toContain(ADA);
    const refused = await postForm(h, `/admin/unfinished/${ADA}/erase`, marketer, {
      confirm: 'yes',
    });
    expect(refused.status).toBe(403);
    expect(await h.store.unfinishedRecord(ADA)).not.toBeNull();
  });

  it('pages the records newest change first, a bounded page at a time', async () => {
    const { h, read } = await withAdasRecord();
    for (let n = 1; n <= UNFINISHED_PAGE_SIZE; n += 1)
      await h.store.keepUnfinished(
        storedKeep(1, h.clock.now + n, {
          id: n.toString(16).padStart(32, '0'),
          formSession: `s${String(n)}`,
          fields: { ...storedKeep(1, 0).fields, forename: `Visitor${String(n)}` },
        }),
      );
    const staff = await signedInAs(h, TOKEN, { email: 'sam@firm.example', role: 'staff' });
    const first = await read(staff);
    expect(first.match(/<section class="unfinished"/g)).toHaveLength(UNFINISHED_PAGE_SIZE);
    expect(first.indexOf(`Visitor${String(UNFINISHED_PAGE_SIZE)}`)).toBeLessThan(
      first.indexOf('Visitor1 '),
    );
    expect(first).not.toContain('Ada Lovelace');
    const older = /href="(\/admin\/unfinished\?before=[^"]+)"/.exec(first)?.[1];
    expect(older).toBeDefined();
    const second = await read(staff, older?.replaceAll('&amp;', '&'));
    expect(second.match(/<section class="unfinished"/g)).toHaveLength(1);
    expect(second).toContain('Ada Lovelace');
    // A cursor that is not one shows the newest page, never an error.
    expect(await read(staff, '/admin/unfinished?before=1e999.zz')).toContain(
      `Visitor${String(UNFINISHED_PAGE_SIZE)}`,
    );
  });
});
