import { expect, test } from '@playwright/test';
import lawFirm from '../demo/forms/law-firm.json' with { type: 'json' };
import { publicConfig, type FormConfig } from '#contract';
import { startUploadServer, type UploadServer } from '../e2e/support/upload-server.ts';
import { FORM_TOKEN, WidgetHarness } from '../e2e/support/widget-harness.ts';
import { FILES, chooseFiles, fillConveyancing, send } from '../e2e/support/visitor.ts';

let server: UploadServer;
test.beforeEach(async () => {
  server = await startUploadServer();
});
test.afterEach(() => server.close());

test('shows the upload’s real progress in a bar and in words, and announces it in quarters', async ({
  page,
}) => {
  // The page is on a routed origin; the upload goes to a real socket on this machine.
  await page.context().grantPermissions(['local-network-access']);
  const harness = new WidgetHarness(page, {
    config: lawFirm,
    attributes: { endpoint: server.origin },
  });
  await harness.install();
  const cors = { 'Access-Control-Allow-Origin': '*' };
  await page.route(`${server.origin}/api/form?*`, (route) =>
    route.fulfill({ json: publicConfig(lawFirm as FormConfig), headers: cors }),
  );
  await page.route(`${server.origin}/api/form-token?*`, (route) =>
    route.fulfill({ json: { token: FORM_TOKEN }, headers: cors }),
  );
  // About two seconds of upload at 512 KB/s, so the browser reports progress several times.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  await harness.goto();
  await fillConveyancing(harness.form);
  const scan = {
    ...FILES.pdf,
    buffer: Buffer.concat([FILES.pdf.buffer, Buffer.alloc(1024 * 1024)]),
  };
  await chooseFiles(page, harness.form, scan);
  await send(harness.form);

  const progress = harness.form.locator('[part=progress]');
  await expect(progress.locator('progress')).toHaveAttribute('value', /^[1-9][0-9]?$/, {
    timeout: 10_000,
  });
  await expect(progress).toContainText(/Sent [1-9][0-9]?%/);
  await expect(harness.form.getByRole('status')).toHaveText(/^Sent (25|50|75)%$/);
  await expect(harness.form.locator('[part=confirmation]')).toContainText('ENQ-REAL-01');
  expect(server.received[0]).toBeGreaterThan(1024 * 1024);
});
