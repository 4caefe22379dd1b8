import { describe, expect, it } from 'vitest';
import { regionOf, suggestEmail } from './email-typos.ts';

describe('suggestEmail', () => {
  it.each([
    ['ada@gmial.com', 'ada@gmail.com'],
    ['ada@gmal.com', 'ada@gmail.com'],
    ['ada@gamil.com', 'ada@gmail.com'],
    ['ada@gmail.co', 'ada@gmail.com'],
    ['ada@gmail.con', 'ada@gmail.com'],
    ['Ada.Lovelace@GMIAL.COM', 'Ada.Lovelace@gmail.com'],
    ['ada@googlemail.cmo', 'ada@googlemail.com'],
    ['ada@hotmial.com', 'ada@hotmail.com'],
    ['ada@hotnail.com', 'ada@hotmail.com'],
    ['ada@outlok.com', 'ada@outlook.com'],
    ['ada@yaho.com', 'ada@yahoo.com'],
    ['ada@yahooo.com', 'ada@yahoo.com'],
    ['ada@iclod.com', 'ada@icloud.com'],
    ['ada@protonmial.com', 'ada@protonmail.com'],
    ['ada@example.con', 'ada@example.com'],
    ['ada@firm.co.uj', 'ada@firm.co.uk'],
    ['ada@firm.couk', 'ada@firm.co.uk'],
    ['ada@firm.nte', 'ada@firm.net'],
    ['ada@charity.ogr', 'ada@charity.org'],
    // Internationalised: the part before @ and a name in another script are kept as typed.
    ['δοκιμή@gmial.com', 'δοκιμή@gmail.com'],
    ['ada@bücher.con', 'ada@bücher.com'],
    ['用户@例子.couk', '用户@例子.co.uk'],
  ])('offers %s the correction %s', (typed, corrected) => {
    expect(suggestEmail(typed)).toBe(corrected);
  });

  it.each([
    ['GB', 'ada@hotmial.co.uk', 'ada@hotmail.co.uk'],
    ['GB', 'ada@btinternt.com', 'ada@btinternet.com'],
    ['GB', 'ada@virginmedia.con', 'ada@virginmedia.com'],
    ['DE', 'ada@t-onlin.de', 'ada@t-online.de'],
    ['FR', 'ada@laposte.nte', 'ada@laposte.net'],
    ['FR', 'ada@wanado.fr', 'ada@wanadoo.fr'],
  ])('in %s, offers %s the correction %s', (region, typed, corrected) => {
    expect(suggestEmail(typed, region)).toBe(corrected);
  });

  it('offers a regional provider only to visitors of its region', () => {
    expect(suggestEmail('ada@btinternt.com', 'GB')).toBe('ada@btinternet.com');
    expect(suggestEmail('ada@btinternt.com', 'US')).toBeUndefined();
    expect(suggestEmail('ada@btinternt.com')).toBeUndefined();
  });

  it.each([
    'ada@gmail.com',
    'ada@googlemail.com',
    'ada@hotmail.co.uk',
    'ada@example.com',
    'ada@mail.com',
    'ada@email.com',
    'ada@aon.com',
    'ada@life.com',
    'ada@gmx.de',
    'ada@ox.ac.uk',
    'ada@nhs.net',
    'ada@gov.uk',
    'ada@firm.co',
    'ada@firm.cm',
    'ada@firm.om',
    'ada@firm.law',
    'ada@gmail.com.',
    'ada@bücher.de',
    'ada@xn--bcher-kva.de',
    'ada@gmäil.com',
    'ada@münchen.de',
    '用户@例子.广告',
    'пользователь@пример.рф',
    'ada@localhost',
    'ada',
    '@gmial.com',
    '',
  ])('leaves %s as it is', (address) => {
    expect(suggestEmail(address)).toBeUndefined();
    expect(suggestEmail(address, 'GB')).toBeUndefined();
  });
});

describe('regionOf', () => {
  it('takes the first locale that names a region', () => {
    expect(regionOf(['de', 'en-GB', 'fr-FR'])).toBe('GB');
    expect(regionOf(['en_ie'])).toBe('IE');
    expect(regionOf(['en', 'fr'])).toBeUndefined();
  });
});
