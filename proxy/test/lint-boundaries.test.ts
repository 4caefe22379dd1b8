/**
 * The boundaries written in `eslint.config.js` do fail the lint: each probe below is a small,
 * deliberately wrong module written into the tree for a moment and linted with the project's
 * own configuration, as `npm run lint` would lint it.
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { ESLint } from 'eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '../..');
/** The folders probes are written to; the architecture test leaves `lint-probe-*` alone. */
const PROBES = ['proxy', 'proxy/delivery', 'widget', 'widget/late', 'demo/enquiry-api'].map(
  (folder) => join(ROOT, folder, `lint-probe-${process.pid}`),
);
const eslint = new ESLint({ cwd: ROOT });

/** Writes the probe files, lints them, and returns the rule ids each one breaks. */
async function lint(files: Record<string, string>): Promise<Record<string, string[]>> {
  for (const [path, text] of Object.entries(files)) writeFileSync(join(ROOT, path), text);
  const results = await eslint.lintFiles(Object.keys(files).map((path) => join(ROOT, path)));
  return Object.fromEntries(
    results.map((result) => [
      result.filePath.slice(ROOT.length + 1),
      result.messages.map((message) => message.ruleId ?? message.message),
    ]),
  );
}

const probe = (folder: string, name: string) => `${folder}/lint-probe-${process.pid}/${name}`;
const doc = '/** A probe. */\n';

// The first lint builds the typed TypeScript program of the whole project (tens of seconds on
// a busy machine): done once here, with its own time, so each case below times only its lint.
beforeAll(async () => {
  for (const dir of PROBES) mkdirSync(dir, { recursive: true });
  await lint({ [probe('widget', 'warm-up.ts')]: `${doc}export const warm = 1;\n` });
}, 180_000);
afterAll(() => {
  for (const dir of PROBES) rmSync(dir, { recursive: true, force: true });
});

describe('npm run lint', () => {
  it('fails a widget module that reaches past #contract or imports a server package', async () => {
    const file = probe('widget', 'reach.ts');
    const found = await lint({
      [file]: `import { sniffKind } from '../../proxy/contract/file-kinds.ts';
import { z } from 'zod';
${doc}export const probe = [sniffKind, z];
`,
    });
    expect(found[file]).toEqual(
      expect.arrayContaining(['no-restricted-imports', 'import-x/no-restricted-paths']),
    );
  });

  it('fails a widget module, late bundle too, that imports the contract’s entry by its path', async () => {
    const file = probe('widget', 'by-path.ts');
    const late = probe('widget/late', 'by-path.ts');
    const found = await lint({
      [file]: `import { CONTACT_FIELDS } from '../../proxy/contract/index.ts';
${doc}export const probe = CONTACT_FIELDS;
`,
      [late]: `import type { FieldIssue } from '../../../proxy/contract/index.ts';
${doc}export type Probe = FieldIssue;
`,
    });
    expect(found[file]).toContain('no-restricted-imports');
    expect(found[late]).toContain('no-restricted-imports');
  });

  it('lets a widget module import lit-html, Lit’s types and #contract', async () => {
    const file = probe('widget', 'fine.ts');
    const found = await lint({
      [file]: `import type { ReactiveController } from 'lit';
import { html } from 'lit/html.js';
import { CONTACT_FIELDS } from '#contract';
console.log(html, CONTACT_FIELDS);
${doc}export type Probe = ReactiveController;
`,
    });
    expect(found[file]).toEqual([]);
  });

  it('fails a widget module that takes a value from lit, which would bundle LitElement', async () => {
    const file = probe('widget', 'heavy.ts');
    const found = await lint({
      [file]: `import { html } from 'lit';
console.log(html);
`,
    });
    expect(found[file]).toEqual(['no-restricted-imports']);
  });

  it('fails product code that imports test code or the demo', async () => {
    const file = probe('proxy', 'leans.ts');
    const found = await lint({
      [file]: `import { sampleSubmission } from '../test/fixtures/outbox.ts';
import { lawFirm } from '../../demo/forms/index.ts';
${doc}export const probe = [sampleSubmission, lawFirm];
`,
    });
    expect(found[file]?.filter((rule) => rule === 'import-x/no-restricted-paths')).toHaveLength(2);
  });

  it('fails delivery when it reaches back up into the intake', async () => {
    const file = probe('proxy/delivery', 'climbs.ts');
    const found = await lint({
      [file]: `import { safeFileName } from '../../intake/file-names.ts';
${doc}export const probe = safeFileName;
`,
    });
    expect(found[file]).toContain('import-x/no-restricted-paths');
  });

  it('fails the stand-in when it imports the proxy', async () => {
    const file = probe('demo/enquiry-api', 'shares.ts');
    const found = await lint({
      [file]: `import { sniffKind } from '../../../proxy/contract/file-kinds.ts';
${doc}export const probe = sniffKind;
`,
    });
    expect(found[file]).toContain('import-x/no-restricted-paths');
  });

  it('fails an import cycle', async () => {
    const a = probe('proxy', 'a.ts');
    const b = probe('proxy', 'b.ts');
    const found = await lint({
      [a]: `import { b } from './b.ts';\n${doc}export const a = (): number => b() + 1;\n`,
      [b]: `import { a } from './a.ts';\n${doc}export const b = (): number => a() - 1;\n`,
    });
    expect(found[a]).toContain('import-x/no-cycle');
    expect(found[b]).toContain('import-x/no-cycle');
  });

  it('fails an exported value that no module imports, and product code that only tests use', async () => {
    const unused = probe('proxy', 'unused.ts');
    const helper = probe('proxy', 'helper.ts');
    const found = await lint({
      [unused]: `${doc}export const probe = 1;\n`,
      [helper]: `${doc}export const helper = (): number => 1;\n`,
      [probe('proxy', 'helper.test.ts')]:
        `import { helper } from './helper.ts';\nconsole.log(helper);\n`,
    });
    expect(found[unused]).toEqual(['enquiry-form/unused-export']);
    expect(found[helper]).toEqual(['enquiry-form/unused-export']);
    const messages = await eslint.lintFiles([join(ROOT, helper)]);
    expect(messages[0]?.messages[0]?.message).toContain('used by tests only');
  });

  it('fails an export without a doc comment', async () => {
    const file = probe('proxy', 'undocumented.ts');
    const found = await lint({ [file]: 'export const probe = 1;\n' });
    expect(found[file]).toContain('jsdoc/require-jsdoc');
  });
});
