/**
 * The entry and its parts as `npm run build` makes them: what only some forms draw (the steps'
 * first screen, the take-over of a form the page drew) is not in the entry every form waits for,
 * but in a part of its own, one file with no imports, which only those forms fetch.
 */
import { build, type Rolldown } from 'vite';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildLate, ENTRY_PARTS, type LateBundle } from './late-bundle.ts';
import { ENTRY_BROTLI_BUDGET_BYTES, sizes } from './size-budget.ts';

/** Words only each part's code holds: the step heading's class, the caret the take-over keeps. */
const HELD_BY = { 'steps part': 'step-title', 'drawn form part': 'selectionStart' } as const;

describe('the entry and its parts', () => {
  let late: LateBundle;
  let entry: string;
  beforeAll(async () => {
    late = await buildLate();
    const result = await build({
      configFile: 'vite.config.ts',
      logLevel: 'warn',
      // Lit's production build, as `npm run build` has it (Vitest's NODE_ENV picks its dev build).
      resolve: { conditions: ['module', 'browser', 'production'] },
      build: { write: false },
    });
    const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
    const built = outputs.flatMap((output) => output.output);
    const chunk = built.find((file) => file.type === 'chunk' && file.isEntry);
    entry = chunk?.type === 'chunk' ? chunk.code : '';
  }, 60_000);

  it('keeps what only some forms draw out of the entry, within 12 KiB of brotli', () => {
    for (const held of Object.values(HELD_BY)) expect(entry).not.toContain(held);
    expect(sizes(entry).brotli).toBeLessThanOrEqual(ENTRY_BROTLI_BUDGET_BYTES);
    expect(ENTRY_BROTLI_BUDGET_BYTES).toBeLessThanOrEqual(12 * 1024);
  });

  it('builds each part into one file with no imports, which the entry names', () => {
    expect(late.parts.map((part) => part.feature).sort()).toEqual(
      Object.values(ENTRY_PARTS).sort(),
    );
    for (const part of late.parts) {
      expect(part.code).not.toMatch(/^import|\bimport\s*[{*("]/m);
      expect(part.code).toContain(HELD_BY[part.feature as keyof typeof HELD_BY]);
      expect(part.fileName).toMatch(/^enquiry-form\.late-[a-z0-9]+\.js$/);
      expect(entry).toContain(part.fileName);
    }
  });
});
