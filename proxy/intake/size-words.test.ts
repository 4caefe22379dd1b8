/**
 * A size in a refusal is said in the visitor's language (issue 44's follow-up): a file over the
 * form's limit refused as the multipart body is read (as JSON, and on the page without
 * JavaScript), an upload whose `Upload-Length` is over it, and the file rules the widget shares,
 * each write the limit as the refusal's language writes it, not as English does. English answers
 * are what they always were.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { exampleConfigPath } from '../../demo/forms/index.ts';
import { checkFiles } from '../contract/file-rules.ts';
import { parseFormConfigs, type FormConfigs } from '../contract/schemas/form-config.ts';
import { wordsIn } from '../http/form-language.ts';
import { issueIn } from '../http/refusal.ts';
import { readFormConfigs } from '../studio/form-file.ts';
import { plainForm, postPlain } from '../test/fixtures/plain-post.ts';
import { harnessPerTest, type ProxyHarness } from '../test/fixtures/proxy-harness.ts';
import { tusClient } from '../test/fixtures/tus-requests.ts';

const setUp = harnessPerTest();

/** A form in English and French, its French words in a strings file as an operator writes one. */
function frenchForms(): FormConfigs {
  const folder = mkdtempSync(join(tmpdir(), 'french-form-'));
  const template = new URL('../../demo/strings/template.json', import.meta.url);
  const english = JSON.parse(readFileSync(template, 'utf8')) as Record<string, string>;
  const french = {
    ...english,
    'file.file_too_big': '« {name} » dépasse {max}. Choisissez un fichier plus petit',
    'upload.tooLarge': 'Un fichier ne peut pas dépasser {max}.',
  };
  writeFileSync(join(folder, 'french.json'), JSON.stringify(french));
  const config = {
    languages: ['en', 'fr'],
    strings: { fr: 'french.json' },
    caseTypes: [
      { id: 'conveyancing', label: { en: 'Buying or selling', fr: 'Acheter ou vendre' } },
    ],
  };
  writeFileSync(join(folder, 'form.json'), JSON.stringify(config));
  return readFormConfigs(join(folder, 'form.json'));
}

/** The English and Welsh example taking files of 2 KiB at most: "2 KB" in English. */
const welshForms = () =>
  parseFormConfigs({
    ...(JSON.parse(readFileSync(exampleConfigPath('bilingual'), 'utf8')) as object),
    files: { maxFileBytes: 2048 },
  });

/** Each language, its form, and the words a refusal of a file too large says in it. */
const VISITORS = [
  {
    lang: 'fr',
    forms: frenchForms,
    name: 'relevé.pdf',
    // French puts a narrow no-break space between the number and its unit.
    tooBig: '« relevé.pdf » dépasse 10\u202fMo. Choisissez un fichier plus petit',
    uploadTooLarge: 'Un fichier ne peut pas dépasser 10\u202fMo.',
  },
  {
    lang: 'cy',
    forms: welshForms,
    name: 'arolwg.pdf',
    tooBig: 'Mae “arolwg.pdf” yn fwy na 2 kB. Dewiswch ffeil lai',
    uploadTooLarge: 'Ni chaiff ffeil fod yn fwy na 2 kB.',
  },
  {
    lang: 'ar',
    forms: () => readFormConfigs(exampleConfigPath('bilingual').replace('bilingual', 'arabic')),
    name: 'مسح.pdf',
    tooBig: 'الملف «مسح.pdf» أكبر من 10 م.ب. اختر ملفًا أصغر',
    uploadTooLarge: 'يجب ألا يزيد حجم الملف على 10 م.ب.',
  },
] as const;

/** A PDF one byte over the form's limit. */
const pdfOver = (maxFileBytes: number) =>
  new Uint8Array(
    Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(maxFileBytes + 1 - 9, 0x20)]),
  );

/** The limit of `harness`'s form. */
const limitOf = (harness: ProxyHarness) => harness.config.files.maxFileBytes;

describe.each(VISITORS)('a refusal by size to a visitor reading $lang', (visitor) => {
  const { lang, name } = visitor;
  const formsSetUp = () => {
    const forms = visitor.forms();
    return { forms, harness: setUp({ config: forms.first, translations: forms }) };
  };

  it('says the limit in it when a file part is over it, to the widget or an API client', async () => {
    const { harness } = formsSetUp();
    const response = await harness.submit({ case_type: 'conveyancing', lang }, [
      { name, bytes: pdfOver(limitOf(harness)) },
    ]);
    expect(response.status).toBe(413);
    const body = (await response.json()) as { message: string; issues: { message: string }[] };
    expect([body.message, body.issues[0]?.message]).toEqual([visitor.tooBig, visitor.tooBig]);
  });

  it('says the limit in it on the page without JavaScript', async () => {
    const { harness } = formsSetUp();
    const form = plainForm(harness.formToken(), { lang });
    form.append('files', new File([pdfOver(limitOf(harness))], name, { type: 'application/pdf' }));
    const response = await postPlain(harness, form);
    expect(response.status).toBe(413);
    expect(await response.text()).toContain(`>${visitor.tooBig}</a>`);
  });

  it('says the limit in it when an upload’s Upload-Length is over it', async () => {
    const { harness } = formsSetUp();
    const { response } = await tusClient(harness).create(limitOf(harness) + 1, { lang });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({
      error: 'too_large',
      message: visitor.uploadTooLarge,
    });
  });

  it('says the file rules’ limit in it, as the widget’s check and the proxy’s find it', () => {
    const { forms } = formsSetUp();
    const deps = { config: forms.first, translations: forms };
    const size = forms.first.files.maxFileBytes + 1;
    const [issue] = checkFiles([{ name, size, kind: 'pdf' }], forms.first.files, 'PDF');
    if (!issue) throw new Error('the rules took a file over the limit');
    expect(issueIn(issue, wordsIn(deps, lang), lang).message).toBe(visitor.tooBig);
  });
});

describe('a refusal by size in English', () => {
  it('of a form in one language is answered byte for byte as before', async () => {
    const harness = setUp();
    const over = await harness.submit({}, [
      { name: 'deeds.pdf', bytes: pdfOver(limitOf(harness)) },
    ]);
    expect(await over.text()).toBe(
      '{"error":"too_large","message":"“deeds.pdf” is larger than 10 MB. Choose a smaller file","issues":[{"field":"files[0]","code":"file_too_big","messageKey":"file.file_too_big","params":{"name":"deeds.pdf","max":"10 MB"},"message":"“deeds.pdf” is larger than 10 MB. Choose a smaller file"}]}',
    );
    const { response } = await tusClient(harness).create(limitOf(harness) + 1);
    expect(await response.text()).toBe(
      '{"error":"too_large","message":"A file may be at most 10 MB."}',
    );
  });
});
