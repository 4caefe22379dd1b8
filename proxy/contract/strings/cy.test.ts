import { describe, expect, it } from 'vitest';
import { placeholders } from '../schemas/strings-file.ts';
import { SHIPPED_STRINGS, shippedStrings, widgetStrings } from './catalogue.ts';
import { ENGLISH } from './english.ts';

describe.each(Object.entries(SHIPPED_STRINGS))('the shipped %s strings', (_, strings) => {
  it('have every key of the English and no other', () => {
    expect(Object.keys(strings).sort()).toEqual(Object.keys(ENGLISH).sort());
  });

  it.each(Object.keys(ENGLISH))('keep the placeholders of the English in %s', (key) => {
    const english = ENGLISH[key as keyof typeof ENGLISH];
    expect(placeholders(strings[key as keyof typeof ENGLISH])).toEqual(placeholders(english));
  });

  it('leave no string empty', () => {
    expect(Object.entries(strings).filter(([, text]) => text.trim() === '')).toEqual([]);
  });
});

describe('the Welsh strings', () => {
  const welsh = shippedStrings('cy-GB');

  it('are found for a regional tag', () => {
    expect(welsh?.submit).toBe('Anfon ymholiad');
    expect(welsh?.continue).toBe('Parhau');
    expect(welsh?.back).toBe('Yn ôl');
    expect(welsh?.['step.check']).toBe('Gwirio eich atebion');
    expect(welsh?.errorSummaryTitle).toBe('Mae problem wedi codi');
  });

  it('differ from the English wherever the English is words, not a code', () => {
    // Said the same in both: an error's "field": "detail" carries only what the client sent.
    const same = Object.entries(ENGLISH).filter(
      ([key, text]) => welsh?.[key as keyof typeof ENGLISH] === text,
    );
    expect(same.map(([key]) => key)).toEqual(['enquiry.invalid_type']);
  });

  it('give the widget its words and none of the proxy’s', () => {
    const sent = widgetStrings(welsh ?? ENGLISH);
    expect(sent.uploadChecked).toBe('Wedi’i llwytho i fyny a’i gwirio');
    expect(Object.keys(sent).some((key) => /^(page|refusal|confirmation)\./.test(key))).toBe(false);
  });
});
