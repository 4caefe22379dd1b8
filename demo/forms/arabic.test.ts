/**
 * The Arabic example (`arabic.json`) starts a proxy: every text has its Arabic, and its strings
 * file (`../strings/ar.json`) has every key the product has, each keeping the English's
 * placeholders, so a key added to the catalogue without its Arabic fails here first.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { checkStringsFile } from '../../proxy/contract/schemas/strings-file.ts';
import { ENGLISH } from '../../proxy/contract/strings/english.ts';
import { readFormConfigs } from '../../proxy/studio/form-file.ts';

const AR = JSON.parse(
  readFileSync(new URL('../strings/ar.json', import.meta.url), 'utf8'),
) as Record<string, string>;

describe('the Arabic example', () => {
  it('reads with its strings file, right to left words and all', () => {
    const forms = readFormConfigs(new URL('./arabic.json', import.meta.url).pathname);
    expect(forms.languages).toEqual(['en', 'ar']);
    expect(forms.strings.get('ar')?.submit).toBe('إرسال الاستفسار');
    expect(forms.inLanguage('ar').caseTypes[0]?.label).toBe('شراء منزل أو بيعه');
  });

  it('has every key the product has, saving an enquiry’s included, none left to English', () => {
    // A strings file may leave out the keys that came after strings files (saving): the example
    // must not, or an Arabic visitor who saves reads English (#78).
    expect(Object.keys(ENGLISH).filter((key) => !Object.hasOwn(AR, key))).toEqual([]);
    expect(checkStringsFile(AR, 'ar.json').problems).toEqual([]);
    const forms = readFormConfigs(new URL('./arabic.json', import.meta.url).pathname);
    expect(forms.strings.get('ar')?.draftSave).toBe('احفظ وأكمل لاحقًا');
    expect(forms.strings.get('ar')?.['draft.linkSubject']).toBe('استفسارك المحفوظ');
  });
});
