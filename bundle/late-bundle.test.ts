/**
 * The late bundle as `npm run build` makes it: one module with no static imports, which brings no second
 * copy of what the entry hands it (`widget/late-shared.ts`) and reads each of those from the
 * entry instead; and beside it one chunk per feature only some forms use, each importing only
 * the late bundle.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { LATE_SHARED } from '../widget/late-shared.ts';
import { buildLate, LATE_CHUNKS, type LateBundle } from './late-bundle.ts';

describe('the late bundle', () => {
  let late: LateBundle;
  let code: string;
  beforeAll(async () => {
    late = await buildLate();
    code = late.files.map((file) => file.code).join('\n');
    // A build: seconds alone, a minute on a machine busy with other work (10 s timed out there).
  }, 60_000);

  it('reads every value the entry hands it from the entry', () => {
    const [entry] = late.files;
    for (const name of Object.keys(LATE_SHARED)) expect(entry?.code).toContain(`${name}:`);
  });

  it('brings no copy of its own of what the entry hands it, in itself or its chunks', () => {
    // Bodies the minifier keeps as written: the file size units of formatBytes (in whichever
    // quotes it picks), the link pattern of consentLabel, adoptStyles' sheet.
    expect(code).not.toMatch(/["'`]bytes["'`],["'`]KB/);
    for (const text of ['\\]\\((https?:', 'replaceSync']) expect(code).not.toContain(text);
  });

  it('is its entry with no imports, and one chunk per feature that imports only that entry', () => {
    const [entry, ...chunks] = late.files;
    expect(entry?.fileName).toBe(late.fileName);
    expect(entry?.code).not.toMatch(/^import|\bimport\s*[{*]/m);
    expect(chunks.map((chunk) => chunk.feature).sort()).toEqual(Object.values(LATE_CHUNKS).sort());
    for (const chunk of chunks) {
      const imported = [...chunk.code.matchAll(/from\s*"\.\/([^"]+)"/g)].map((match) => match[1]);
      expect(imported).toEqual([late.fileName]);
      expect(entry?.code).toContain(`import("./${chunk.fileName}")`);
    }
    for (const file of late.files)
      expect(file.fileName).toMatch(/^enquiry-form\.late-[a-z0-9]+\.js$/);
  });

  it('keeps the steps and the Turnstile check out of what every form loads', () => {
    const [entry, ...chunks] = late.files;
    const steps = chunks.find((chunk) => chunk.feature === 'steps')?.code;
    const turnstile = chunks.find((chunk) => chunk.feature === 'Turnstile')?.code;
    // Words only each feature's code holds: Check your answers' class, the Turnstile sitekey.
    expect(steps).toContain('check-answers');
    expect(turnstile).toContain('sitekey');
    expect(entry?.code).not.toContain('check-answers');
    expect(entry?.code).not.toContain('sitekey');
  });
});
