import { describe, expect, it } from 'vitest';
import { customPropertyRenamer } from './minified-literals.ts';

const THEME = `:host { --_text: var(--enquiry-form-color-text, #0b0c0c); --_focus-text: #0b0c0c; }`;

describe('the theme’s private custom properties', () => {
  it('get short names, the same wherever they are read', () => {
    const rename = customPropertyRenamer(THEME);
    const late = `.a { color: var(--_focus-text); border: 2px solid var(--_text); }`;
    expect(rename(late)?.toString()).toBe('.a { color: var(--_1); border: 2px solid var(--_0); }');
    expect(rename(THEME)?.toString()).toContain('--_0: var(--enquiry-form-color-text');
  });

  it('leave the public ones and code without any alone', () => {
    expect(customPropertyRenamer(THEME)('.a { color: var(--enquiry-form-x); }')).toBeUndefined();
  });

  it('fail the build when one is read that the theme does not declare', () => {
    expect(() => customPropertyRenamer(THEME)('.a { color: var(--_txet); }')).toThrow(/--_txet/);
  });
});
