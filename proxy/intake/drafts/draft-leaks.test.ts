/**
 * Only ciphertext on the server: a draft saved, its link and a code emailed over a real SMTP
 * conversation, the draft opened with the code, and then every file of the outbox on disk (the
 * database, its write-ahead log, the uploads' folder) and every line the proxy logged is searched
 * for what the visitor typed, and the log for the link's key, the code, the draft's id and the
 * address. Once the emails have gone, no row holds the key or the address either.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../../demo/forms/index.ts';
import { confirmingProxies } from '../../test/fixtures/confirming-proxy.ts';
import { draftClient, draftContent, TYPED } from '../../test/fixtures/drafts.ts';

const confirmingProxy = confirmingProxies();
const DRAFTS = { limits: { perAddressPerDay: 10, perClientPerHour: 10, perHour: 100 } };

/** Every file under `dir`, as one text (bytes read as Latin-1, so any text in them shows). */
function everyFile(dir: string): string {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .map((name) => join(dir, name))
    .filter((path) => statSync(path).isFile())
    .map((path) => readFileSync(path).toString('latin1'))
    .join('\n');
}

describe('a saved enquiry on the server', () => {
  it('leaves what was typed in no file of the outbox and no line of the log, and the key in neither once emailed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'draft-leaks-'));
    const { harness, mail, send } = await confirmingProxy(
      { ...lawFirm, drafts: DRAFTS },
      { harness: { drafts: {}, outboxPath: join(dir, 'outbox.sqlite') } },
    );
    const drafts = draftClient(harness);
    const content = draftContent({ email: 'ada.lovelace@example.com' });
    const { response, key } = await drafts.save(content);
    const { id } = (await response.json()) as { id: string };
    await send();
    const link = mail.received.find((m) => m.subject === 'Your saved enquiry');
    expect(link?.text).toContain(`#enquiry-draft=${id}.${key}`);

    await drafts.askCode(id, 'ada.lovelace@example.com');
    await send();
    const code = /\b(\d{6})\b/.exec(mail.received.at(-1)?.text ?? '')?.[1] ?? '';
    expect((await drafts.open(id, code)).status).toBe(200);

    const files = everyFile(dir);
    expect(files).toContain(id);
    for (const typed of [TYPED, 'Lovelace', 'Holloway']) expect(files).not.toContain(typed);
    const log = harness.logs.text();
    expect(log).toContain('notification sent by email');
    for (const secret of [TYPED, key, code, id, 'ada.lovelace']) expect(log).not.toContain(secret);
    // Sent: the emails, which held the key and the address, are gone from the outbox.
    expect(await harness.store.dueNotifications(harness.clock.now + 86_400_000, 10)).toEqual([]);
    const held = await harness.store.findSubject({ email: 'ada.lovelace@example.com' });
    expect(held.notifications).toEqual([]);
  });
});
