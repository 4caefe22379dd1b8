/**
 * The console's page of one lead: its notices, when each delivery step was answered, its files
 * and the webhooks sent about it; and erasing it from there.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import type { NewFile } from '../outbox/submission.ts';
import { consoleSignIn } from '../test/fixtures/console-sign-in.ts';
import { deadLead, sampleSubmission, stored, leaseOf } from '../test/fixtures/outbox.ts';

const TOKEN = randomBytes(32).toString('base64url');
const setUp = harnessPerTest();
const HOST = 'http://localhost';
const { session } = consoleSignIn(TOKEN);

describe('the console’s notices', () => {
  it('shows no notice for a word it does not know, such as constructor, __proto__ or toString', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie } = await session(h);
    for (const word of ['constructor', '__proto__', 'toString', 'hasOwnProperty'])
      for (const path of ['/admin/leads', '/admin/leads/EQ-DEAD-0001']) {
        const page = await (
          await h.app.request(`${HOST}${path}?done=${word}`, { headers: { cookie } })
        ).text();
        expect(page, `${path}?done=${word}`).not.toContain('role="status"');
        expect(page).not.toContain('native code');
      }
  });
});

describe('the console’s page of one lead', () => {
  it('shows when each delivery step was answered, to the second, beside its outcome', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const { id } = await stored(h.store, sampleSubmission({ reference: 'EQ-PART-0001' }));
    const lease = await leaseOf(h.store, id);
    const second = (n: number) => Date.UTC(2027, 2, 27, 12, 0, n);
    await h.store.recordCreated(lease, 1002, second(1));
    await h.store.recordUploaded(lease, 0, 601, second(2));
    await h.store.recordUploadFailed(lease, 1, 'the platform refused it (415)', second(3));
    await h.store.finish(lease, { kind: 'delivered', at: second(4) });
    const { cookie } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-PART-0001`, { headers: { cookie } })
    ).text();
    // Each cell's text as a browser shows it: without its tags, the no-break space as one.
    const cells = [...page.matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)].map((cell) =>
      cell[1]
        ?.replace(/<[^>]+>/g, '')
        .replace(/&nbsp;/g, '\u00a0')
        .trim(),
    );
    const row = (step: string) => cells.slice(cells.indexOf(step), cells.indexOf(step) + 4);
    expect(row('create the enquiry')).toEqual([
      'create the enquiry',
      'done',
      '2027-03-27 12:00:01\u00a0UTC',
      'enquiry 1002',
    ]);
    const uploads = cells.filter((cell) => cell?.startsWith('upload '));
    expect(uploads).toHaveLength(2);
    expect(row(uploads[0] ?? '').slice(1)).toEqual([
      'done',
      '2027-03-27 12:00:02\u00a0UTC',
      'attachment 601',
    ]);
    expect(row(uploads[1] ?? '').slice(1, 3)).toEqual(['refused', '2027-03-27 12:00:03\u00a0UTC']);
  });

  it('names each file as the visitor did, with the conversion made and the name it is sent under', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    const [plan, photo] = sampleSubmission().files as [NewFile, NewFile];
    const files: NewFile[] = [
      // A phone's photo converted as it arrived, and a JPEG of the same name: two photo.jpg.
      {
        ...photo,
        name: 'photo.jpg',
        postname: 'photo.jpg',
        mime: 'image/jpeg',
        originalName: 'photo.heic',
      },
      { ...photo, name: 'photo.jpg', postname: 'photo.jpg', mime: 'image/jpeg' },
      { ...plan, name: 'letter.pdf', postname: 'letter.pdf', originalName: 'letter.docx' },
      // Kept as it came, converted as it is sent (the page without JavaScript's way before #55).
      { ...photo, name: 'scan.webp', postname: 'scan.webp', mime: 'image/webp' },
    ];
    await stored(h.store, sampleSubmission({ reference: 'EQ-CONV-0001', files }));
    const { cookie } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-CONV-0001`, { headers: { cookie } })
    ).text();
    const rows = [...page.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map((row) =>
      [...(row[1] ?? '').matchAll(/<td\b[^>]*>([\s\S]*?)<\/td>/g)]
        .map((cell) => cell[1]?.replace(/<[^>]+>/g, '').trim())
        .slice(0, 4),
    );
    const named = (name: string) => rows.filter((row) => row[0] === name);
    expect(named('photo.heic')).toEqual([
      ['photo.heic', 'image/jpeg', expect.any(String), 'HEIC to JPEG, sent as photo.jpg'],
    ]);
    expect(named('photo.jpg').map((row) => row[3])).toEqual(['None']);
    expect(named('letter.docx').map((row) => row[3])).toEqual(['Word to PDF, sent as letter.pdf']);
    expect(named('scan.webp').map((row) => row[3])).toEqual(['WebP to JPEG, as it is sent']);
  });

  it('shows what each webhook endpoint was sent about the lead, and how it went', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    await h.store.queueWebhooks([
      {
        messageId: 'msg_1',
        endpoint: 'https://hooks.example/crm',
        event: 'enquiry.failed',
        reference: 'EQ-DEAD-0001',
        body: '{}',
        at: h.clock.now,
      },
    ]);
    const { cookie } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001`, { headers: { cookie } })
    ).text();
    const webhooks = page.slice(page.indexOf('<h2>Webhooks</h2>'));
    expect(webhooks).toContain('https://hooks.example/crm');
    expect(webhooks).toContain('enquiry.failed');
    expect(webhooks).toContain('pending');
  });
});

describe('erasing a lead from the console', () => {
  const erase = (h: ProxyHarness, cookie: string, fields: Record<string, string>) =>
    h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001/erase`, {
      method: 'POST',
      headers: { cookie, origin: HOST, 'sec-fetch-site': 'same-origin' },
      body: new URLSearchParams(fields),
    });
  /** A dead lead, a signed-in session, and the lead's page as that session sees it. */
  const deadLeadPage = async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie, csrf } = await session(h);
    const page = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001`, { headers: { cookie } })
    ).text();
    return { h, cookie, csrf, page };
  };

  it('keeps a lead not yet delivered until the box is ticked, then erases it and logs only a hash', async () => {
    const { h, cookie, csrf, page } = await deadLeadPage();
    expect(page).toContain('Erase this lead');
    const unticked = await erase(h, cookie, { csrf, confirm: 'yes' });
    expect(unticked.headers.get('location')).toContain('done=needs_force');
    expect(await h.store.get('EQ-DEAD-0001')).not.toBeNull();
    const ticked = await erase(h, cookie, { csrf, confirm: 'yes', force: 'yes' });
    expect(ticked.status).toBe(303);
    expect(ticked.headers.get('location')).toBe('/admin/leads?done=erased');
    expect(await h.store.get('EQ-DEAD-0001')).toBeNull();
    const listed = await (
      await h.app.request(`${HOST}/admin/leads?done=erased`, { headers: { cookie } })
    ).text();
    expect(listed).toContain('The lead is erased');
    const [entry] = await h.store.listAudit({ limit: 1 });
    expect(entry?.action).toBe('erase');
    expect(JSON.stringify(entry)).not.toContain(sampleSubmission().upstream.email);
  });

  it('erases nothing without the confirmation ticked, and says why', async () => {
    const { h, cookie, csrf, page } = await deadLeadPage();
    expect(page).toMatch(/name="confirm" value="yes" required/);
    const unconfirmed = await erase(h, cookie, { csrf, force: 'yes' });
    expect(unconfirmed.headers.get('location')).toBe(
      '/admin/leads/EQ-DEAD-0001?done=needs_confirm',
    );
    expect(await h.store.get('EQ-DEAD-0001')).not.toBeNull();
    const told = await (
      await h.app.request(`${HOST}/admin/leads/EQ-DEAD-0001?done=needs_confirm`, {
        headers: { cookie },
      })
    ).text();
    expect(told).toContain('Not erased: tick “Yes, erase” beside the button');
    expect((await h.store.listAudit({ limit: 5 })).map((entry) => entry.action)).not.toContain(
      'erase',
    );
  });

  it('refuses an erasure without its CSRF token', async () => {
    const h = setUp({ deps: { adminToken: TOKEN } });
    await deadLead(h);
    const { cookie } = await session(h);
    expect((await erase(h, cookie, { confirm: 'yes', force: 'yes' })).status).toBe(403);
    expect(await h.store.get('EQ-DEAD-0001')).not.toBeNull();
  });
});
