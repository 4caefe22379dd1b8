import { describe, expect, it } from 'vitest';
import { personalDataIn } from './personal-data.ts';

describe('personal data in a campaign', () => {
  it.each([
    ['Jane Smith, 14 Acacia Avenue', 'a street address'],
    ['jane smith 14 acacia avenue', 'a street address'],
    ['Jane Smith, Leeds', 'a name'],
    ['Mrs Jane Smith', 'a title and a name'],
    ['jane.smith@example.com', 'an email address'],
    ['jane.smith (at) example.com', 'an email address'],
    ['07700 900123', 'a telephone or other long number'],
    ['+44 20 7946 0958', 'a telephone or other long number'],
    ['SW1A 1AA', 'a postcode'],
    ['ls6 2ab', 'a postcode'],
    ['born 14/02/1985', 'a date'],
    ['QQ 12 34 56 C', 'a national insurance number'],
    ['i need help with my divorce as soon as possible please', 'a sentence'],
  ])('finds %j to be %s', (value, what) => {
    expect(personalDataIn(value)).toBe(what);
  });

  it.each([
    'spring-2027',
    'summer_sale_2027',
    'google-ads',
    'hero banner B',
    'Spring Offer',
    'Brand Search UK',
    'conveyancing solicitor',
    'q3-retargeting-v2',
    'newsletter 2027-03',
    '',
  ])('takes %j as a marketer’s', (value) => {
    expect(personalDataIn(value)).toBeUndefined();
  });
});
