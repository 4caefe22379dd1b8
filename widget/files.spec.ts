import { expect, test, type Locator } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { formatBytes } from '../proxy/contract/messages.ts';
import { gate } from '../e2e/support/gate.ts';
import { openForm } from '../e2e/support/widget-harness.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';

const fileList = (form: Locator) => form.locator('[part=file-list] li');

test('lists each chosen file with its size and sends it with the enquiry', async ({ page }) => {
  const harness = await openForm(page, { config: lawFirm });
  const { form } = harness;
  await chooseFiles(page, form, FILES.pdf, FILES.png);
  await expect(fileList(form)).toHaveCount(2);
  await expect(fileList(form).first()).toContainText('tenancy-agreement.pdf');
  await expect(fileList(form).first()).toContainText(`${FILES.pdf.buffer.length} bytes`);
  await expect(form.getByRole('status')).toHaveText(
    'tenancy-agreement.pdf added. floor-plan.png added',
  );

  await fillConveyancing(form);
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.files).toEqual([
    {
      name: 'tenancy-agreement.pdf',
      contentType: 'application/pdf',
      size: FILES.pdf.buffer.length,
    },
    { name: 'floor-plan.png', contentType: 'image/png', size: FILES.png.buffer.length },
  ]);
});

test('refuses a program renamed to .pdf and says which kinds it can take', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  await chooseFiles(page, form, FILES.renamedExe);
  // Listed, so that it can be removed; never sent.
  await expect(fileList(form)).toHaveText([/invoice\.pdf/]);
  const message =
    '“invoice.pdf” is not a PDF, PNG, GIF or JPEG file. Choose a file of one of those kinds';
  await expect(form.locator('#files-error')).toHaveText(`Error: ${message}`);
  await expect(form.getByRole('status')).toHaveText(message);
  await expect(form.getByRole('button', { name: /Choose files/ })).toHaveAttribute(
    'aria-invalid',
    'true',
  );
});

test('tells the visitor an audio file cannot be sent and to convert it to PDF', async ({
  page,
}) => {
  const { form } = await openForm(page, { config: lawFirm });
  await chooseFiles(page, form, FILES.audio);
  await expect(form.getByRole('button', { name: 'Remove voice-memo.mp3' })).toBeVisible();
  await expect(form.locator('#files-error')).toContainText(
    '“voice-memo.mp3” is an audio or video file, which cannot be sent. Convert it to PDF where possible',
  );
});

test('refuses a file over the size limit and files over the count, keeping the others', async ({
  page,
}) => {
  // Room for each ordinary file (real pictures, a few hundred bytes), none for the big scan.
  const maxFileBytes = Math.max(...[FILES.pdf, FILES.png, FILES.jpeg].map((f) => f.buffer.length));
  const config = { ...lawFirm, files: { maxFiles: 2, maxFileBytes } };
  const big = {
    ...FILES.jpeg,
    name: 'huge-scan.jpg',
    buffer: Buffer.concat([FILES.jpeg.buffer, Buffer.alloc(maxFileBytes)]),
  };
  const { form } = await openForm(page, { config });
  await chooseFiles(page, form, big, FILES.pdf);
  // The chosen files first, then the refused one, which has its own Remove button.
  await expect(fileList(form)).toHaveText([/tenancy-agreement\.pdf/, /huge-scan\.jpg/]);
  await expect(form.locator('#files-error')).toHaveText(
    `Error: “huge-scan.jpg” is larger than ${formatBytes(maxFileBytes)}. Choose a smaller file`,
  );
  await form.getByRole('button', { name: 'Remove huge-scan.jpg' }).click();
  await expect(form.locator('#files-error')).toHaveCount(0);

  await chooseFiles(page, form, FILES.png, FILES.jpeg);
  await expect(fileList(form)).toHaveText([
    /tenancy-agreement\.pdf/,
    /floor-plan\.png/,
    /front-door\.jpg/,
  ]);
  await expect(form.locator('#files-error')).toHaveText(
    'Error: You can send up to 2 files. Remove a file before adding another',
  );
});

test('removes a file with its own button and returns focus to the picker', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  await chooseFiles(page, form, FILES.pdf, FILES.png);
  await form.getByRole('button', { name: 'Remove tenancy-agreement.pdf' }).click();
  await expect(fileList(form)).toHaveText([/floor-plan\.png/]);
  await expect(form.getByRole('button', { name: /Choose files/ })).toBeFocused();
  await expect(form.getByRole('status')).toHaveText('tenancy-agreement.pdf removed');
});

test('a refused file holds the enquiry back until it is removed, then the enquiry goes', async ({
  page,
}) => {
  const harness = await openForm(page, { config: lawFirm });
  const { form } = harness;
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.audio);
  await send(form);
  const link = form.getByRole('link', { name: /“voice-memo\.mp3” is an audio or video file/ });
  await expect(link).toBeVisible();
  await link.click();
  await expect(form.getByRole('button', { name: /Choose files/ })).toBeFocused();
  expect(harness.submissions).toHaveLength(0);

  // Nothing is left out unseen: the file must be removed before the enquiry goes.
  await send(form);
  await expect(link).toBeVisible();
  expect(harness.submissions).toHaveLength(0);
  await form.getByRole('button', { name: 'Remove voice-memo.mp3' }).click();
  await send(form);
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.files).toEqual([]);
});

test('Send pressed while a chosen file is still being read waits for it, and a refused one holds the enquiry back', async ({
  page,
}) => {
  // The uploads chunk that reads the file is held, as on a slow connection.
  const reading = gate();
  const harness = await openForm(page, { config: lawFirm, lateChunks: { until: reading.until } });
  const { form } = harness;
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.audio);
  await send(form);
  reading.open();
  await expect(
    form.getByRole('link', { name: /“voice-memo\.mp3” is an audio or video file/ }),
  ).toBeVisible();
  await expect(form.locator('[part=confirmation]')).toHaveCount(0);
  expect(harness.submissions).toHaveLength(0);
});

test('a file chosen while the connection is lost is kept, and sent with the enquiry once it is back', async ({
  page,
}) => {
  let offline = true;
  const harness = await openForm(page, {
    config: lawFirm,
    lateChunks: { offline: () => offline },
  });
  const { form } = harness;
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.pdf);
  await expect(form.getByRole('status')).toContainText('The connection was lost');
  // Sent without it, the enquiry would leave the file out unseen: the press fails instead.
  await send(form);
  await expect(form.locator('[part=failure]')).toContainText('The connection was lost');
  expect(harness.submissions).toHaveLength(0);

  offline = false;
  await form.getByRole('button', { name: 'Try again' }).click();
  await expect(form.locator('[part=confirmation]')).toBeVisible();
  expect(harness.submissions[0]?.files).toEqual([
    {
      name: 'tenancy-agreement.pdf',
      contentType: 'application/pdf',
      size: FILES.pdf.buffer.length,
    },
  ]);
});

test('takes files dropped on the drop zone', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  const dataTransfer = await page.evaluateHandle(
    (file) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      return transfer;
    },
    { bytes: [...FILES.pdf.buffer], name: FILES.pdf.name, type: FILES.pdf.mimeType },
  );
  const zone = form.locator('[part=file-picker]');
  await zone.dispatchEvent('dragover', { dataTransfer });
  await expect(zone).toHaveClass(/drop-zone--active/);
  await zone.dispatchEvent('drop', { dataTransfer });
  await expect(fileList(form)).toHaveText([/tenancy-agreement\.pdf/]);
  await expect(zone).not.toHaveClass(/drop-zone--active/);
});

test('marks a refused file on its own row, in words beside a sign, and the others not', async ({
  page,
}) => {
  const { form } = await openForm(page, { config: lawFirm });
  await chooseFiles(page, form, FILES.pdf, FILES.renamedExe);
  const [chosen, refused] = [fileList(form).first(), fileList(form).last()];
  await expect(refused).toContainText(
    '⚠︎ Not attached: “invoice.pdf” is not a PDF, PNG, GIF or JPEG file. Choose a file of one of those kinds',
  );
  // The sign is for the eye; a screen reader hears the words.
  await expect(refused.locator('[aria-hidden=true]')).toHaveText('⚠︎');
  await expect(chosen).not.toContainText('Not attached');
});

test('takes a refused file’s error off the screen as soon as the file is removed', async ({
  page,
}) => {
  const { form } = await openForm(page, { config: lawFirm });
  await fillConveyancing(form);
  await chooseFiles(page, form, FILES.audio, FILES.renamedExe);
  await send(form);
  const summary = form.getByRole('alert');
  await expect(summary.getByRole('link')).toHaveCount(2);
  await form.getByRole('button', { name: 'Remove voice-memo.mp3' }).click();
  await expect(summary.getByRole('link')).toHaveText([/“invoice\.pdf” is not a PDF/]);
  await expect(form.locator('#files-error')).not.toContainText('voice-memo.mp3');
  await form.getByRole('button', { name: 'Remove invoice.pdf' }).click();
  await expect(form.locator('.error-summary')).toHaveCount(0);
  await expect(form.locator('#files-error')).toHaveCount(0);
});

test('says each refused file’s error as an item of its own', async ({ page }) => {
  const { form } = await openForm(page, { config: lawFirm });
  await chooseFiles(page, form, FILES.audio, FILES.renamedExe);
  await expect(form.locator('#files-error > p')).toHaveText([
    /^Error: “voice-memo\.mp3” is an audio or video file/,
    /^Error: “invoice\.pdf” is not a PDF/,
  ]);
  const [first, second] = await form
    .locator('#files-error > p')
    .evaluateAll((lines) => lines.map((line) => line.getBoundingClientRect()));
  // Apart on the screen, not one line run into the next.
  expect((second?.top ?? 0) - (first?.bottom ?? 0)).toBeGreaterThanOrEqual(4);
});
