/**
 * The element base defines each property's accessors once per class, as Lit's `finalize()`
 * does: the platform reads `observedAttributes` once per `customElements.define`, but a
 * framework, a test or a second definition of a subclass may read it again. (In Node there is
 * no HTMLElement; the base then extends Object, which is enough for its properties.)
 */
import { describe, expect, it } from 'vitest';
import { ElementBase } from './element-base.ts';

class Card extends ElementBase {
  static override properties = { caseType: { attribute: 'case-type' }, campaign: {} };
  protected render() {
    return Symbol('nothing');
  }
}

class WideCard extends Card {
  static override properties = { ...Card.properties, detail: {} };
}

class OtherCard extends ElementBase {
  static override properties = { referer: {} };
  protected render() {
    return Symbol('nothing');
  }
}

describe('the element base', () => {
  it('answers observedAttributes as often as it is asked, with the same names', () => {
    expect(Card.observedAttributes).toEqual(['case-type', 'campaign']);
    expect(Card.observedAttributes).toEqual(['case-type', 'campaign']);
  });

  it('defines a subclass and a sibling class after the first, each with its own attributes', () => {
    expect(Card.observedAttributes).toEqual(['case-type', 'campaign']);
    expect(WideCard.observedAttributes).toEqual(['case-type', 'campaign', 'detail']);
    expect(WideCard.observedAttributes).toEqual(['case-type', 'campaign', 'detail']);
    expect(OtherCard.observedAttributes).toEqual(['referer']);
  });

  it('keeps each element its own values through the accessors', () => {
    expect(WideCard.observedAttributes).toContain('detail');
    const one = new WideCard() as WideCard & Record<string, unknown>;
    const two = new WideCard() as WideCard & Record<string, unknown>;
    one.caseType = 'conveyancing';
    one.detail = 'hero banner B';
    two.caseType = 'wills';
    expect([one.caseType, one.detail, two.caseType, two.detail]).toEqual([
      'conveyancing',
      'hero banner B',
      'wills',
      undefined,
    ]);
  });
});
