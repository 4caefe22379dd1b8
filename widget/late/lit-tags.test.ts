import { html as litHtml, nothing as litNothing } from 'lit';
import { describe, expect, it } from 'vitest';
import { css, html, nothing } from './lit-tags.ts';

describe('the late bundle’s Lit tags', () => {
  it('make the template result Lit’s own html makes, which the element’s Lit renders', () => {
    const tag = (strings: TemplateStringsArray, ...values: unknown[]) => ({
      ours: html(strings, ...values),
      lits: litHtml(strings, ...values),
    });
    const { ours, lits } = tag`<p class=${'a'}>${1}</p>`;
    expect(ours).toStrictEqual(lits);
    expect(ours.strings).toBe(lits.strings);
  });

  it('use the very nothing Lit uses', () => {
    expect(nothing).toBe(litNothing);
  });

  it('give CSS as its text', () => {
    const text = css`
      .a {
        color: red;
      }
    `;
    expect(text.replace(/\s+/g, ' ').trim()).toBe('.a { color: red; }');
  });
});
