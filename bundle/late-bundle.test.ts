/**
 * The late bundle as `npm run build` makes it: one module with no imports, which brings no second
 * copy of what the entry hands it (`widget/late-shared.ts`) and reads each of those from the
 * entry instead.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LATE_SHARED } from '../widget/late-shared.ts';
import { buildLate, type LateBundle } from './late-bundle.ts';

describe('the late bundle', () => {
  let late: LateBundle;
  beforeAll(async () => {
    late = await buildLate();
  });

  it('reads every value the entry hands it from the entry', () => {
    for (const name of Object.keys(LATE_SHARED)) expect(late.code).toContain(`${name}:`);
  });

  it('brings no copy of its own of what the entry hands it', () => {
    // Bodies the minifier keeps as written: the file size units of formatBytes (in whichever
    // quotes it picks), the link pattern of consentLabel, adoptStyles' sheet.
    expect(late.code).not.toMatch(/["'`]bytes["'`],["'`]KB/);
    for (const text of ['\\]\\((https?:', 'replaceSync']) expect(late.code).not.toContain(text);
  });
});
