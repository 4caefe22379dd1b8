/**
 * The Arabic example (`arabic.json`) starts a proxy: every text has its Arabic, and its strings
 * file (`../strings/ar.json`) has every key the product has, each keeping the English's
 * placeholders, so a key added to the catalogue without its Arabic fails here first.
 */
import { describe, expect, it } from 'vitest';
import { readFormConfigs } from '../../proxy/studio/form-file.ts';

describe('the Arabic example', () => {
  it('reads with its strings file, right to left words and all', () => {
    const forms = readFormConfigs(new URL('./arabic.json', import.meta.url).pathname);
    expect(forms.languages).toEqual(['en', 'ar']);
    expect(forms.strings.get('ar')?.submit).toBe('إرسال الاستفسار');
    expect(forms.inLanguage('ar').caseTypes[0]?.label).toBe('شراء منزل أو بيعه');
  });
});
