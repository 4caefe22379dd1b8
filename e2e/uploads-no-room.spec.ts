/**
 * A proxy whose disk has no more room than enquiries need takes no file sent ahead (issue 55):
 * on a real tmpfs filled to the reserve, a Welsh visitor picks a letter, its row says in Welsh
 * that it will be sent with the enquiry (the proxy answered the upload's creation `507`), and
 * Send carries it in the enquiry's own request, which the kept room takes: the platform receives
 * the letter. Mounting needs root; without it the spec is skipped, saying so (never in CI).
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { exampleConfigPath } from '../demo/forms/index.ts';
import { parseFormConfigs } from '../proxy/contract/schemas/form-config.ts';
import { WELSH } from '../proxy/contract/strings/cy.ts';
import { maxSubmissionBytes } from '../proxy/intake/read-multipart.ts';
import { freeBytes, READY_MIN_FREE_BYTES } from '../proxy/lifecycle/disk-room.ts';
import { cannotMount, onSmallDisk } from '../proxy/test/fixtures/small-disk.ts';
import { expect, test } from './support/stack.ts';
import {
  chooseFiles,
  CONSENT,
  fillContact,
  letter,
  NOTES,
  send,
  welshStack,
} from './support/welsh-visitor.ts';

const bilingual = JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object;
/** What the proxy keeps free for enquiries: no upload may take it. */
const reserve = READY_MIN_FREE_BYTES + maxSubmissionBytes(parseFormConfigs(bilingual).first.files);

const lack = cannotMount('files sent ahead to a proxy with no room');
test.skip(lack !== undefined, lack);
test.use({ viewport: { width: 390, height: 844 } });

test('a file the proxy has no room to keep ahead is said, in Welsh, to go with the enquiry, and arrives', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await onSmallDisk('160m', async ({ mount, dataDir }) => {
    const welsh = await welshStack('uploads-no-room-spec', bilingual, { DATA_DIR: dataDir });
    try {
      const before = (await welsh.stack.inbox()).length;
      // The disk filled to the reserve: what is left is the enquiries'.
      writeFileSync(join(mount, 'filler'), Buffer.alloc((await freeBytes(dataDir)) - reserve));
      const form = await welsh.open(page);
      await fillContact(form, '07700 900123');
      await form.getByRole('radio', { name: 'Gwerthu', exact: true }).check();
      await form.getByLabel(NOTES).fill('Symud ym mis Mai');
      await form.getByRole('checkbox', { name: CONSENT }).check();
      const refused = page.waitForResponse(
        (answer) => answer.url().endsWith('/api/uploads') && answer.status() === 507,
      );
      await chooseFiles(page, form, letter);
      await refused;
      const row = form.getByRole('listitem').filter({ hasText: letter.name });
      await expect(row).toContainText(WELSH.uploadWithEnquiry);

      await send(form);
      await expect(form.getByRole('heading', { level: 2 })).toHaveText(
        new RegExp(`^(${WELSH.deliveredTitle}|${WELSH.queuedTitle})$`),
      );
      const [arrived] = await welsh.stack.arrivals(before);
      expect(arrived?.files.map((file) => [file.name, file.sha256])).toEqual([
        [letter.name, createHash('sha256').update(letter.buffer).digest('hex')],
      ]);
    } finally {
      await welsh.close();
    }
  });
});
