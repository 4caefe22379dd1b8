/**
 * The one reminder of an unfinished enquiry: due `remindAfterHours` after the record's last
 * change, sent once, in the visitor's language, with a link that opens as a saved enquiry's does
 * (a code to the record's address; the link alone opens nothing), and the page that opens it
 * goes on keeping the same record. The store's side (never a second, none once unticked or
 * sent, the quotas) is `test/store-contract-unfinished.ts`, on SQLite and PostgreSQL.
 */
import { describe, expect, it } from 'vitest';
import { bilingual, lawFirm } from '../../../demo/forms/index.ts';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { DraftMailEvent } from '../../notify/events.ts';
import { draftClient, openSealed } from '../../test/fixtures/drafts.ts';
import {
  fixedForm,
  harnessPerTest,
  ORIGIN,
  type ProxyHarness,
} from '../../test/fixtures/proxy-harness.ts';
import { adasValues, keepingPage, KEPT_TEXT } from '../../test/fixtures/unfinished.ts';
import { draftSecrets } from '../drafts/draft-secrets.ts';
import { LINK_SEQ, unfinishedReminders } from './unfinished-reminders.ts';

const setUp = harnessPerTest();
const HOUR = 3_600_000;
const KEEPING = { keepDays: 7, remindAfterHours: 24 };

/** A form keeping unfinished enquiries with a reminder, without "Save and continue later". */
function reminding(config: FormConfig = lawFirm, translations?: typeof bilingual) {
  const form = { ...config, unfinished: KEEPING };
  const h = setUp({
    config: form,
    drafts: { evenMs: 0 },
    ...(translations
      ? {
          translations: {
            ...translations,
            inLanguage: (lang: string) => ({
              ...translations.inLanguage(lang),
              unfinished: KEEPING,
            }),
          },
        }
      : {}),
  });
  // The harness's drafts use this secret: the chore's emails go with the drafts it keeps.
  const chore = unfinishedReminders(h.store, {
    form: fixedForm(form, translations),
    secrets: draftSecrets('harness-draft-secret'),
  });
  return { h, chore };
}

/** The reminders queued, oldest first. */
async function reminders(h: ProxyHarness) {
  const due = await h.store.dueNotifications(h.clock.now + 1, 50);
  return due.map((n) => n.payload as DraftMailEvent).filter((e) => e.event === 'draft.reminder');
}

/** The draft id and key of a reminder's link. */
const linkOf = (mail: DraftMailEvent | undefined) => {
  const [, id = '', key = ''] =
    /#enquiry-draft=([0-9a-f]{32})\.([\w-]+)/.exec(mail?.text ?? '') ?? [];
  return { id, key };
};

describe('the reminder of an unfinished enquiry', () => {
  it('goes once, remindAfterHours after the last change, and its link opens what was typed with the code only', async () => {
    const { h, chore } = reminding();
    const page = keepingPage(h);
    expect((await page.keep(adasValues(), { remind: true })).status).toBe(204);
    h.clock.now += HOUR;
    // A later change moves the reminder's time.
    await page.keep(adasValues({ surname: 'King' }), { remind: true });
    expect(await chore.run(h.clock.now + 23.5 * HOUR)).toBe(0);
    h.clock.now += 24 * HOUR;
    expect(await chore.run(h.clock.now)).toBe(1);
    expect(await chore.run(h.clock.now + HOUR)).toBe(0);
    const [mail, ...others] = await reminders(h);
    expect(others).toEqual([]);
    expect(mail).toMatchObject({
      to: 'ada@example.com',
      subject: 'Your unfinished enquiry',
    });
    expect(mail?.text).toContain(`${ORIGIN}/conveyancing#enquiry-draft=`);
    expect(JSON.stringify(mail)).not.toContain(KEPT_TEXT);

    const drafts = draftClient(h);
    const { id, key } = linkOf(mail);
    // The link alone opens nothing: a code is sent to the record's address, and only it opens.
    expect((await drafts.open(id, '000000')).status).toBe(400);
    expect((await drafts.askCode(id, 'ada@example.com')).status).toBe(202);
    const codeMail = (await h.store.dueNotifications(h.clock.now + 1, 50))
      .map((n) => n.payload as DraftMailEvent)
      .find((e) => e.event === 'draft.code');
    const code = /\b(\d{6})\b/.exec(codeMail?.text ?? '')?.[1] ?? '';
    const opened = await drafts.open(id, code);
    expect(opened.status).toBe(200);
    const { ciphertext } = (await opened.json()) as { ciphertext: string };
    const content = openSealed(ciphertext, key);
    expect(content.values).toMatchObject({ surname: 'King', answers: { notes: KEPT_TEXT } });
    expect(content.unfinished?.id).toBe(page.id);

    // The page that opened it keeps the same record, with the secret the link carried.
    const there = keepingPage(h, { id: page.id, secret: content.unfinished?.secret ?? '' });
    const body = { seq: LINK_SEQ + 1, remind: true };
    expect((await there.keep(adasValues({ surname: 'Byron' }), body)).status).toBe(204);
    expect((await h.store.unfinishedRecord(page.id))?.fields.surname).toBe('Byron');
    expect(await chore.run(h.clock.now + 48 * HOUR)).toBe(0);
  });

  it('is written in the language the visitor read, and none goes to a record not asked for one', async () => {
    const { h, chore } = reminding(bilingual.first, bilingual);
    const welsh = keepingPage(h);
    await welsh.keep(adasValues({ answers: { transaction: 'Prynu' } }), {
      lang: 'cy',
      remind: true,
    });
    await keepingPage(h).keep(adasValues({ email: 'byron@example.com' }));
    h.clock.now += 25 * HOUR;
    expect(await chore.run(h.clock.now)).toBe(1);
    const [mail] = await reminders(h);
    expect(mail).toMatchObject({ to: 'ada@example.com', subject: 'Eich ymholiad heb ei orffen' });
    expect(mail?.html).toContain('lang="cy"');
  });
});
