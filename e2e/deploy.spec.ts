/**
 * A deploy while a visitor has the form open: the page holds the entry of the build before, and
 * the late bundle that entry asks for must come from the proxy of the new build (the same
 * `DATA_DIR`, restarted), as it does when a cached entry is revalidated after a deploy.
 */
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { fetchInbox } from '../demo/enquiry-api/inbox.ts';
import { startDemo, type RunningDemo } from '../demo/stack.ts';
import { createLogger } from '../proxy/logger.ts';
import { gate } from './support/gate.ts';
import { fillConveyancing, send } from './support/visitor.ts';

const BUILT = 'dist/widget';

/**
 * The build before: the built widget with every hashed name changed (its hash in capitals),
 * and every mention of it.
 */
function buildBefore(): string {
  const dir = mkdtempSync(join(tmpdir(), 'widget-before-'));
  cpSync(BUILT, dir, { recursive: true });
  const renamed = new Map(
    readdirSync(dir)
      .map((name) => /^enquiry-form\.late-([a-z0-9]+)\.js$/.exec(name))
      .filter((match) => match !== null)
      .map((match) => [match[0], `enquiry-form.late-${(match[1] ?? '').toUpperCase()}b.js`]),
  );
  for (const name of readdirSync(dir)) {
    let text = readFileSync(join(dir, name), 'utf8');
    for (const [from, to] of renamed) text = text.replaceAll(from, to);
    const target = [...renamed].reduce((named, [from, to]) => named.replace(from, to), name);
    writeFileSync(join(dir, target), text);
  }
  return dir;
}

/** The demo stack on `ports` (0: any), its outbox and inbox in `dataDir`, serving `widgetDir`. */
const stack = (dataDir: string, widgetDir: string, ports = { site: 0, proxy: 0, api: 0 }) =>
  startDemo({
    log: createLogger({ level: 'error' }),
    env: {},
    sitePort: ports.site,
    proxyPort: ports.proxy,
    apiPort: ports.api,
    dataDir,
    proxyEnv: { MIN_FILL_SECONDS: '0', WIDGET_DIR: widgetDir },
  });

const portOf = (url: string) => Number(new URL(url).port);

test('a visitor who opened the form before a deploy sends it after, the build before’s late bundle from the new proxy', async ({
  page,
}) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'e2e-deploy-'));
  const before = buildBefore();
  let running: RunningDemo = await stack(dataDir, before);
  try {
    // The entry arrives before the deploy; its late bundle only after it.
    const deployed = gate();
    const lateFiles: [string, number][] = [];
    page.on('response', (response) => {
      const name = new URL(response.url()).pathname.slice(1);
      if (name.startsWith('enquiry-form.late-')) lateFiles.push([name, response.status()]);
    });
    await page.route('**/enquiry-form.late-*', async (route) => {
      await deployed.until;
      await route.fallback();
    });
    await page.goto(running.siteUrl);
    const form = page.locator('enquiry-form');
    await fillConveyancing(form);

    const ports = {
      site: portOf(running.siteUrl),
      proxy: portOf(running.proxyUrl),
      api: portOf(running.api?.url ?? ''),
    };
    await running.close();
    running = await stack(dataDir, BUILT, ports);
    deployed.open();

    await send(form);
    await expect(form.locator('[part=confirmation]')).toBeVisible({ timeout: 10_000 });
    const inbox = await fetchInbox(running.api?.origin ?? '');
    expect(inbox.map((enquiry) => enquiry.forename)).toEqual(['Ada']);
    expect(lateFiles.length).toBeGreaterThan(0);
    for (const [name, status] of lateFiles) {
      expect(readdirSync(before)).toContain(name);
      expect(readdirSync(BUILT)).not.toContain(name);
      expect(status).toBe(200);
    }
  } finally {
    await running.close();
    for (const dir of [dataDir, before]) rmSync(dir, { recursive: true, force: true });
  }
});
