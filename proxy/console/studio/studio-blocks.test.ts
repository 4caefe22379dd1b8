import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { studioConsole } from '../../test/fixtures/studio-console.ts';
import { studioHarnessPerTest } from '../../test/fixtures/studio-harness.ts';
import { at } from './raw-config.ts';

const setUp = studioHarnessPerTest();
const lawFirm = () => JSON.parse(readFileSync('demo/forms/law-firm.json', 'utf8')) as unknown;
/** The mailer of a proxy that can send every email (`SMTP_URL` and `CONFIRMATION_FROM` set). */
const MAILER = { aftercare: { receiptSecret: 'r'.repeat(32), emailOn: true, noticesOn: true } };

/** Publishes the draft as an editor's "Make changes live" does, failing with its problems. */
async function publish(studio: Awaited<ReturnType<typeof studioConsole>>['studio']) {
  const outcome = await studio.publish((await studio.draft()).revision, {
    person: 'ann@firm.example',
    client: '203.0.113.7',
  });
  if (!('published' in outcome)) throw new Error(JSON.stringify(outcome));
  return outcome.published;
}

describe('saving an enquiry to finish later, from the studio', () => {
  it('turns saving on, with the schema’s limits until one is set, and a version made live offers it at once', async () => {
    const { h, studio, as, submit, page } = await studioConsole(setUp, lawFirm(), {
      drafts: {},
      deps: MAILER,
    });
    const editor = await as('operator');
    const form = (await page(editor, '/admin/form')).html;
    expect(form).toContain('Save and continue later');
    expect(form).toContain('Not offered');
    const drawn = (await page(editor, '/admin/form/drafts')).html;
    expect(drawn).toContain('Left empty: 10.');
    expect(drawn).not.toContain('This proxy has no mailer');
    await submit(editor, '/admin/form/drafts', { offer: 'yes' });
    expect(at((await studio.draft()).config, ['drafts'])).toBe(true);
    await submit(editor, '/admin/form/drafts', { 'limits.perHour': '40' });
    expect(at((await studio.draft()).config, ['drafts'])).toEqual({ limits: { perHour: 40 } });
    await publish(studio);
    const served = (await (await h.app.request('http://localhost/api/form')).json()) as {
      draftDays?: number;
    };
    expect(served.draftDays).toBe(7);
    expect((await page(editor, '/admin/form')).html).toContain('Offered: a link by email');
    // Off again: the block is gone from the file.
    await submit(editor, '/admin/form/drafts', { offer: 'no' });
    expect(at((await studio.draft()).config, ['drafts'])).toBeUndefined();
  });

  it('says where saving is turned on that this proxy has no mailer, as only the start’s log did', async () => {
    const { as, submit, page } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    await submit(editor, '/admin/form/drafts', { offer: 'yes' });
    const drawn = (await page(editor, '/admin/form/drafts')).html;
    expect(drawn).toContain(
      'This proxy has no mailer for visitors’ emails: SMTP_URL and CONFIRMATION_FROM are not set',
    );
    expect(drawn).toContain('the form offers no saving, whatever this page says');
    expect((await page(editor, '/admin/form')).html).toContain(
      'Asked for, but not offered: this proxy has no mailer',
    );
  });
});

describe('unfinished enquiries, from the studio', () => {
  it('turns the box on with a week, sets a reminder, refuses with the schema’s words, and turns it off', async () => {
    const { as, submit, page, studio } = await studioConsole(setUp, lawFirm(), { deps: MAILER });
    const editor = await as('operator');
    expect((await page(editor, '/admin/form')).html).toContain('Unfinished enquiries');
    await submit(editor, '/admin/form/unfinished', { keep: 'yes' });
    expect(at((await studio.draft()).config, ['unfinished'])).toEqual({});
    expect((await page(editor, '/admin/form')).html).toContain('Kept 7 days, no reminder');
    await submit(editor, '/admin/form/unfinished', { keepDays: '1', remindAfterHours: '30' });
    const refused = (await page(editor, '/admin/form/unfinished')).html;
    expect(refused).toContain(
      'remindAfterHours must be less than keepDays in hours: the record is gone by then',
    );
    await submit(editor, '/admin/form/unfinished', { keepDays: '2', remindAfterHours: '1.5' });
    expect(at((await studio.draft()).config, ['unfinished'])).toEqual({
      keepDays: 2,
      remindAfterHours: 1.5,
    });
    expect((await page(editor, '/admin/form')).html).toContain(
      'Kept 2 days, a reminder after 1.5 hours',
    );
    await submit(editor, '/admin/form/unfinished', { keep: 'no' });
    expect(at((await studio.draft()).config, ['unfinished'])).toBeUndefined();
  });
});

describe('the confirmation email’s own words', () => {
  it('overrides one of the product’s words, and leaves the rest to the product', async () => {
    const { studio, as, submit } = await studioConsole(setUp, lawFirm());
    const editor = await as('operator');
    await submit(editor, '/admin/form/confirmation', {
      send: 'yes',
      subject: 'Your enquiry',
      intro: 'Thank you.',
      'strings.reference': 'Quote this',
    });
    expect(at((await studio.draft()).config, ['confirmation'])).toEqual({
      subject: 'Your enquiry',
      intro: 'Thank you.',
      strings: { reference: 'Quote this' },
    });
    await publish(studio);
  });
});
