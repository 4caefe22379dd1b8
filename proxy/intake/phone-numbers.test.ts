/**
 * The telephone check of a configuration with `"phone"`: every example number libphonenumber-js
 * ships is taken in its own country, each kind of British line is taken, numbers that cannot
 * exist are refused in GOV.UK's words, and the platform gets the number as the configuration
 * asks.
 */
import { getCountries, getExampleNumber, parsePhoneNumberFromString } from 'libphonenumber-js/max';
import examples from 'libphonenumber-js/examples.mobile.json' with { type: 'json' };
import { describe, expect, it } from 'vitest';
import { lawFirm } from '../../demo/forms/index.ts';
import { harnessPerTest } from '../test/fixtures/proxy-harness.ts';
import { isPossibleNumber, upstreamNumber } from './phone-numbers.ts';
import { storedLeads } from '../test/fixtures/outbox.ts';

const GB = { defaultCountry: 'GB', upstreamFormat: 'as-typed' } as const;

/**
 * One number of each kind of British line, as people write them. (Ofcom's numbers for drama,
 * 01632 960 xxx and 07700 900 xxx, are no real lines: libphonenumber-js refuses them.)
 */
const BRITISH_LINES = [
  ['FIXED_LINE', '020 7946 0018'],
  ['FIXED_LINE', '0113 496 0000'],
  ['FIXED_LINE', '028 9649 6000'],
  ['MOBILE', examples.GB],
  ['TOLL_FREE', '+44 808 157 0192'],
  ['TOLL_FREE', '0800 11 11'],
  ['PREMIUM_RATE', '0909 879 0000'],
  ['UAN', '03069 990000'],
] as const;

describe('which telephone numbers can exist', () => {
  it('takes the example number of every country, written nationally, with that country configured', () => {
    const refused = getCountries().filter((country) => {
      const example = getExampleNumber(country, examples);
      return (
        example !== undefined &&
        !isPossibleNumber(
          { defaultCountry: country, upstreamFormat: 'as-typed' },
          example.formatNational(),
        )
      );
    });
    expect(getCountries().length).toBeGreaterThan(200);
    expect(refused).toEqual([]);
  });

  it.each(BRITISH_LINES)('takes a British %s number (%s)', (type, number) => {
    expect(parsePhoneNumberFromString(number, 'GB')?.getType()).toBe(type);
    expect(isPossibleNumber(GB, number)).toBe(true);
  });

  it('takes a number from another country written with its code', () => {
    expect(isPossibleNumber(GB, '+33 6 12 34 56 78')).toBe(true);
    expect(isPossibleNumber(GB, '+1 202 555 0143')).toBe(true);
  });

  it.each([
    ['a mobile number one digit short', '07700 90012'],
    ['a mobile number one digit long', '07400 1234564'],
    ['a number in no range', '09999 999999'],
    ['a French mobile one digit short, with its code', '+33 6 12 34 56 7'],
    ['two digits', '12'],
  ])('refuses %s (%s)', (_, number) => {
    expect(isPossibleNumber(GB, number)).toBe(false);
  });
});

describe('the number sent upstream', () => {
  it('is as typed by default, and in E.164 when the configuration asks', () => {
    expect(upstreamNumber(GB, ' 07400 123456 ')).toBe('07400 123456');
    expect(upstreamNumber(undefined, '07400 123456')).toBe('07400 123456');
    expect(upstreamNumber({ ...GB, upstreamFormat: 'e164' }, '07400 123456')).toBe('+447400123456');
    expect(upstreamNumber({ ...GB, upstreamFormat: 'e164' }, '')).toBe('');
  });
});

describe('POST /api/enquiries with "phone" configured', () => {
  const setUp = harnessPerTest();
  const withPhone = (upstreamFormat: 'e164' | 'as-typed') => ({
    ...lawFirm,
    phone: { defaultCountry: 'GB' as const, upstreamFormat },
  });

  it('refuses a number one digit short with GOV.UK’s message, and stores nothing', async () => {
    const { submit, store } = setUp({ config: withPhone('as-typed') });
    const response = await submit({ telephone_mobile: '07700 90012' });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      error: 'validation',
      issues: [
        {
          field: 'telephone_mobile',
          code: 'invalid_phone',
          message: 'Enter a telephone number, like 020 7946 0018 or +44 808 157 0192',
        },
      ],
    });
    expect(await storedLeads(store)).toEqual([]);
  });

  it('sends the number in E.164 when the configuration asks', async () => {
    const { submit, store } = setUp({ config: withPhone('e164') });
    expect((await submit({ telephone_mobile: '07400 123456' })).status).toBe(201);
    const [submission] = await storedLeads(store);
    expect(submission?.upstream.telephone_mobile).toBe('+447400123456');
  });

  it('sends the number as typed by default', async () => {
    const { submit, store } = setUp({ config: withPhone('as-typed') });
    expect((await submit({ telephone_mobile: '07400 123456' })).status).toBe(201);
    const [submission] = await storedLeads(store);
    expect(submission?.upstream.telephone_mobile).toBe('07400 123456');
  });

  it('takes any number of the right shape when the configuration has no "phone"', async () => {
    const { submit } = setUp();
    expect((await submit({ telephone_mobile: '07700 90012' })).status).toBe(201);
  });
});
