/**
 * A strings file as an operator names it: beside the configuration, read at start. The sample
 * in demo/strings/ is a whole strings file (the English, to translate), so it is checked too.
 */
import { mkdtempSync, readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkStringsFile } from './contract/schemas/strings-file.ts';
import { readFormConfigs } from './studio/form-file.ts';

const TEMPLATE = new URL('../demo/strings/template.json', import.meta.url);

describe('readFormConfigs with a strings file', () => {
  it('reads the file from the configuration’s folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'strings-'));
    mkdirSync(join(folder, 'strings'));
    const polish = JSON.parse(readFileSync(TEMPLATE, 'utf8')) as Record<string, string>;
    writeFileSync(
      join(folder, 'strings', 'pl.json'),
      JSON.stringify({ ...polish, submit: 'Wyślij zapytanie' }),
    );
    const config = {
      languages: ['en', 'pl'],
      strings: { pl: 'strings/pl.json' },
      caseTypes: [{ id: 'advice', label: { en: 'Advice', pl: 'Porada' } }],
    };
    writeFileSync(join(folder, 'form.json'), JSON.stringify(config));
    expect(readFormConfigs(join(folder, 'form.json')).strings.get('pl')?.submit).toBe(
      'Wyślij zapytanie',
    );
  });
});

describe('the sample strings file', () => {
  it('has every key, as a strings file must', () => {
    const json: unknown = JSON.parse(readFileSync(TEMPLATE, 'utf8'));
    expect(checkStringsFile(json, 'template.json').problems).toEqual([]);
  });
});
