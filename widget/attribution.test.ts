import { describe, expect, it } from 'vitest';
import { resolveAttribution, touchFrom } from './attribution.ts';

const page = (query: string) => new URL(`https://firm.example/conveyancing${query}`);

describe('touchFrom', () => {
  it('reads the campaign, source, term and the detail parameters from the URL', () => {
    const url = page(
      '?utm_source=google&utm_campaign=spring-2027&utm_term=conveyancing+solicitor' +
        '&utm_medium=cpc&utm_content=banner-b&gclid=XYZ',
    );
    expect(touchFrom(url, 'https://www.google.com/')).toEqual({
      lead_referer: 'google',
      campaign: 'spring-2027',
      keywords: 'conveyancing solicitor',
      detail: 'utm_medium=cpc; utm_content=banner-b; gclid=XYZ',
    });
  });

  it('names another site that referred the visitor, but not the site itself', () => {
    expect(touchFrom(page(''), 'https://www.bing.com/search?q=x').lead_referer).toBe(
      'www.bing.com',
    );
    expect(touchFrom(page(''), 'https://firm.example/home').lead_referer).toBe('');
    expect(touchFrom(page(''), 'not a url').lead_referer).toBe('');
  });

  it('keeps only the detail parameters that are present, in a fixed order', () => {
    expect(touchFrom(page('?gclid=abc&utm_medium=cpc'), '').detail).toBe(
      'utm_medium=cpc; gclid=abc',
    );
  });

  it('puts a value on one line', () => {
    const touch = touchFrom(page('?utm_term=a%0Ab%09c'), '');
    expect(touch.keywords).toBe('a b c');
  });
});

describe('resolveAttribution', () => {
  const touch = { lead_referer: 'google', campaign: 'spring', keywords: 'k', detail: 'd' };

  it('lets each attribute on the tag win, even an empty one', () => {
    expect(resolveAttribution({ campaign: 'summer', keywords: '' }, touch)).toEqual({
      lead_referer: 'google',
      campaign: 'summer',
      keywords: '',
      detail: 'd',
    });
  });

  it('drops half an emoji set on the tag, instead of blocking the form', () => {
    expect(resolveAttribution({ detail: 'banner \ud83d B \ude00' }, touch).detail).toBe(
      'banner  B',
    );
  });

  it('takes the touch where the tag says nothing (absent or removed attributes)', () => {
    expect(resolveAttribution({ campaign: null, detail: undefined }, touch)).toEqual(touch);
  });
});
