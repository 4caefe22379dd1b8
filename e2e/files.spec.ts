/**
 * Files, end to end: what the visitor attaches arrives byte for byte with the right kind and
 * name; what the platform cannot take is refused in the browser, and again by the proxy when
 * sent to it directly.
 */
import { createHash } from 'node:crypto';
import { FILES, chooseFiles, fillConveyancing, send, type FixtureFile } from './support/visitor.ts';
import { expect, test } from './support/stack.ts';

const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** 10 MB plus one byte: one over the law firm's limit. */
const oversized: FixtureFile = {
  name: 'scanned-deeds.pdf',
  mimeType: 'application/pdf',
  buffer: Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024 - 8, 0x20)]),
};

test('two files of different kinds arrive with identical bytes, the right mime and names', async ({
  page,
  lawFirm,
}) => {
  const before = (await lawFirm.inbox()).length;
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.pdf, FILES.png);
  await expect(form.locator('[part=file-list] li')).toHaveCount(2);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeFocused();

  const [enquiry] = await lawFirm.arrivals(before);
  expect(enquiry?.files.map((f) => [f.name, f.postname, f.mime, f.sha256])).toEqual([
    ['tenancy-agreement.pdf', 'tenancy-agreement.pdf', 'application/pdf', sha(FILES.pdf.buffer)],
    ['floor-plan.png', 'floor-plan.png', 'image/png', sha(FILES.png.buffer)],
  ]);
  const download = await fetch(`${lawFirm.apiOrigin}${enquiry?.files[1]?.url ?? ''}`);
  expect(sha(new Uint8Array(await download.arrayBuffer()))).toBe(sha(FILES.png.buffer));
});

test('a renamed program and an oversized file are refused in the browser, saying what to do', async ({
  page,
  lawFirm,
}) => {
  await page.goto(lawFirm.demo.siteUrl);
  const form = page.locator('enquiry-form');
  await chooseFiles(page, form, FILES.renamedExe, oversized, FILES.jpeg);
  await expect(form.locator('[part=file-list] li')).toHaveCount(1);
  await expect(form.locator('[part=file-list]')).toContainText('front-door.jpg');
  await expect(form).toContainText(
    '“invoice.pdf” is not a PDF, PNG, GIF or JPEG file. Choose a file of one of those kinds',
  );
  await expect(form).toContainText(
    '“scanned-deeds.pdf” is larger than 10 MB. Choose a smaller file',
  );
});

test('the same files posted to the proxy directly are refused there too', async ({ lawFirm }) => {
  const before = (await lawFirm.inbox()).length;
  const proxy = lawFirm.demo.proxyUrl;
  const { token } = (await (await fetch(`${proxy}/api/form-token`)).json()) as { token: string };
  const post = (file: FixtureFile) => {
    const body = new FormData();
    body.append(
      'enquiry',
      JSON.stringify({
        forename: 'Ada',
        surname: 'Lovelace',
        email: 'ada@example.com',
        case_type: 'conveyancing',
        answers: { transaction: 'Selling', property_value: 'Under £250,000' },
        form_token: token,
      }),
    );
    body.append(
      'files',
      new File([new Uint8Array(file.buffer)], file.name, { type: file.mimeType }),
    );
    return fetch(`${proxy}/api/enquiries`, {
      method: 'POST',
      body,
      headers: { origin: new URL(lawFirm.demo.siteUrl).origin },
    });
  };
  const program = await post(FILES.renamedExe);
  expect(program.status).toBe(415);
  expect(await program.json()).toMatchObject({
    error: 'unsupported_file',
    issues: [{ field: 'files[0]', code: 'file_kind' }],
  });
  const tooBig = await post(oversized);
  expect(tooBig.status).toBe(413);
  expect(await tooBig.json()).toMatchObject({ error: 'too_large' });
  expect(await lawFirm.inbox()).toHaveLength(before);
});
