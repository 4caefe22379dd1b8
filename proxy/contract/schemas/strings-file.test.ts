import { describe, expect, it } from 'vitest';
import { ENGLISH } from '../strings/english.ts';
import { FormConfigError, parseFormConfigs } from './form-config.ts';

/** A Polish form: its one text in both languages. */
const polish = (extra: Record<string, unknown> = {}) => ({
  languages: ['en', 'pl'],
  caseTypes: [{ id: 'advice', label: { en: 'Advice', pl: 'Porada' } }],
  ...extra,
});

/** Every key, in "Polish" (each English string marked, its placeholders kept). */
const polishWords = () =>
  Object.fromEntries(Object.entries(ENGLISH).map(([key, text]) => [key, `[pl] ${text}`]));

const problemsOf = (input: unknown, read: (path: string) => unknown) => {
  try {
    parseFormConfigs(input, read);
    return [];
  } catch (error) {
    return error instanceof FormConfigError ? error.problems : [String(error)];
  }
};

describe('a strings file for a language the product does not ship', () => {
  it('gives the language its words, read from the file the configuration names', () => {
    const read: string[] = [];
    const forms = parseFormConfigs(polish({ strings: { pl: 'strings/pl.json' } }), (path) => {
      read.push(path);
      return polishWords();
    });
    expect(read).toEqual(['strings/pl.json']);
    expect(forms.strings.get('pl')?.submit).toBe('[pl] Send enquiry');
    expect(forms.first).not.toHaveProperty('strings');
  });

  it('is refused at start naming the file and each key missing, extra or unlike the English', () => {
    const words = polishWords();
    delete words.submit;
    words['question.required'] = 'Podaj odpowiedź na „{etykieta}”';
    words.colour = 'kolor';
    expect(problemsOf(polish({ strings: { pl: 'pl.json' } }), () => words)).toEqual([
      'strings.pl: pl.json: "question.required" must name {label}, as the English does',
      'strings.pl: pl.json: no "submit"',
      'strings.pl: pl.json: "colour" is not a key of the strings',
    ]);
  });

  it('takes a file from before saved enquiries, which says their words in English', () => {
    const words = Object.fromEntries(
      Object.entries(polishWords()).filter(([key]) => !/^(draft|refusal\.draft)/.test(key)),
    );
    const forms = parseFormConfigs(polish({ strings: { pl: 'pl.json' } }), () => words);
    expect(forms.strings.get('pl')?.draftSave).toBe('Save and continue later');
    expect(forms.strings.get('pl')?.submit).toBe('[pl] Send enquiry');
  });

  it('refuses a listed language with neither shipped words nor a strings file', () => {
    expect(problemsOf(polish(), () => ({}))).toEqual([
      'languages[1]: "pl" has no strings: the product ships en and cy; give a strings file as "strings": {"pl": "path/to/pl.json"}',
    ]);
  });

  it('refuses a file it cannot read, and one for a language the form does not list', () => {
    const missing = () => {
      throw new Error('ENOENT: no such file');
    };
    expect(problemsOf(polish({ strings: { pl: 'pl.json', de: 'de.json' } }), missing)).toEqual([
      'strings.de: "de" is not one of "languages"',
      'strings.pl: cannot read pl.json as JSON: ENOENT: no such file',
    ]);
  });
});
