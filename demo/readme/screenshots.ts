/**
 * `npm run screenshots`: the README's pictures, taken by the end-to-end accessibility sweep on
 * the running demo (`e2e/accessibility.spec.ts`), copied to `demo/screenshots/`.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS_DIR } from '../../e2e/support/axe.ts';

const PICKS: Readonly<Record<string, string>> = {
  form: 'law-firm-1280-empty',
  errors: 'law-firm-320-errors',
  sent: 'law-firm-1280-sent',
  inbox: 'inbox',
};

mkdirSync('demo/screenshots', { recursive: true });
for (const [name, state] of Object.entries(PICKS)) {
  const from = join(SCREENSHOTS_DIR, `${state}.png`);
  if (!existsSync(from))
    throw new Error(`${from} is missing: run the e2e accessibility sweep first`);
  copyFileSync(from, join('demo/screenshots', `${name}.png`));
  console.log(`demo/screenshots/${name}.png ← ${from}`);
}
