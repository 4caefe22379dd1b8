/**
 * `npm run screenshots`: the README's pictures and the form in both colour schemes and right to
 * left, taken by the accessibility sweeps (`e2e/accessibility.spec.ts` on the running demo,
 * `widget/every-page.spec.ts` for right to left), copied to `demo/screenshots/`.
 */
import { copyFileSync, existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { SCREENSHOTS_DIR } from '../../e2e/support/axe.ts';

const PICKS: Readonly<Record<string, string>> = {
  form: 'law-firm-1280-empty',
  errors: 'law-firm-320-errors',
  sent: 'law-firm-1280-sent',
  inbox: 'inbox',
  // Both schemes and both directions, at a phone width and a desktop width.
  'form-320': 'law-firm-320-empty',
  'errors-1280': 'law-firm-1280-errors',
  'form-320-dark': 'law-firm-320-empty-dark',
  'errors-320-dark': 'law-firm-320-errors-dark',
  'form-1280-dark': 'law-firm-1280-empty-dark',
  'errors-1280-dark': 'law-firm-1280-errors-dark',
  'errors-320-rtl': 'rtl-320-errors',
  'errors-1280-rtl': 'rtl-1280-errors',
};

mkdirSync('demo/screenshots', { recursive: true });
for (const [name, state] of Object.entries(PICKS)) {
  const from = join(SCREENSHOTS_DIR, `${state}.png`);
  if (!existsSync(from))
    throw new Error(`${from} is missing: run the e2e accessibility sweep first`);
  copyFileSync(from, join('demo/screenshots', `${name}.png`));
  console.log(`demo/screenshots/${name}.png ← ${from}`);
}
