/**
 * A font the repository ships (Source Sans 3, OFL, from `@fontsource/source-sans-3`), for
 * specs that measure text: how wide a label is depends on the font, and a machine's own fonts
 * differ (a spec that passed with DejaVu failed with Liberation). Served at the harness's
 * origin, so the strictest page policy (`font-src` falls back to `'self'`) allows it.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Page } from '@playwright/test';
import { ORIGIN } from './widget-harness.ts';

const FONT_FILE = createRequire(import.meta.url).resolve(
  '@fontsource/source-sans-3/files/source-sans-3-latin-400-normal.woff2',
);
const FAMILY = 'Shipped Sans';

/** Sets the page's (and so the form's) font to the shipped one, and waits until it is loaded. */
export async function useShippedFont(page: Page): Promise<void> {
  const bytes = readFileSync(FONT_FILE);
  await page.route(`${ORIGIN}/shipped-font.woff2`, (route) =>
    route.fulfill({ status: 200, contentType: 'font/woff2', body: bytes }),
  );
  await page.addStyleTag({
    content: `@font-face { font-family: '${FAMILY}'; src: url('/shipped-font.woff2') format('woff2'); }
      body, enquiry-form { font-family: '${FAMILY}'; }`,
  });
  const loaded = await page.evaluate(async (family) => {
    await document.fonts.load(`16px '${family}'`);
    return document.fonts.check(`16px '${family}'`);
  }, FAMILY);
  if (!loaded) throw new Error(`the shipped font ${FAMILY} did not load`);
}
