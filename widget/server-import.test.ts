/**
 * Server rendering (Next.js, Nuxt, Astro) imports the widget's module in Node, where there is
 * no `window`, `document`, `HTMLElement` or `customElements`: the built bundle must load there
 * without throwing, and leave Node's globals as they were. (`npm test` builds it first.)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const BUNDLE = resolve('dist/widget/enquiry-form.js');

describe('the built widget, imported during server rendering', () => {
  it('loads without a DOM, defines nothing, and still exports the element class', async () => {
    expect(existsSync(BUNDLE), 'run npm run build first').toBe(true);
    for (const name of ['window', 'document', 'HTMLElement', 'customElements'])
      expect(name in globalThis, `${name} in Node`).toBe(false);
    const widget = (await import(pathToFileURL(BUNDLE).href)) as Record<string, unknown>;
    expect(widget.TAG_NAME).toBe('enquiry-form');
    expect(typeof widget.EnquiryForm).toBe('function');
    for (const name of ['document', 'HTMLElement', 'customElements'])
      expect(name in globalThis, `${name} after the import`).toBe(false);
  });
});
