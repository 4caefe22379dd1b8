/**
 * What the built widget weighs, read from its files as the build wrote them (`dist/widget`) and
 * compressed as the build measures them (`size-budget.ts`): the entry, before a visitor can type,
 * and what every form loads (the entry and the late bundle). The README's figures are these
 * (`demo/readme/sections.ts`), so they cannot drift from the build's.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { LATE_FILES_LIST, type LateFilesList } from './late-bundle.ts';
import { sizes } from './size-budget.ts';

/** The entry's file name beside the late files. */
const ENTRY = 'enquiry-form.js';

/**
 * Brotli bytes of the entry and of every form's load, from the build in `dir`.
 *
 * @example builtWeight('dist/widget') // { entry: 12255, everyForm: 23238 }
 */
export function builtWeight(dir: string): { entry: number; everyForm: number } {
  const late = JSON.parse(readFileSync(join(dir, LATE_FILES_LIST), 'utf8')) as LateFilesList;
  const brotli = (name: string) => sizes(readFileSync(join(dir, name))).brotli;
  const entry = brotli(ENTRY);
  return { entry, everyForm: entry + brotli(late.entry) };
}
