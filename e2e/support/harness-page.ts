/**
 * The widget harness's landing page (`widget-harness.ts`): the page with its `<enquiry-form>`
 * tags, the harness's own script and styles, the built bundle and its late files as the proxy
 * serves them, and a configuration as the proxy serves it.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { LATE_FILES_LIST, type LateFilesList } from '../../bundle/late-bundle.ts';
import type { FormConfig } from '../../proxy/contract/schemas/form-config.ts';
import { publicConfig } from '../../proxy/contract/public-config.ts';
import { BUNDLE_PATH } from './build-widget.ts';

/**
 * A configuration as the proxy serves it (`publicConfig`: with its file picker); what a test
 * gives that is not a configuration (to see it refused) goes as it is.
 */
export function asServed(config: unknown): unknown {
  if (typeof config !== 'object' || config === null || !('files' in config)) return config;
  return { ...publicConfig(config as FormConfig), ...config };
}

export const bundle = () => readFileSync(BUNDLE_PATH, 'utf8');
/** The late bundle or one of its chunks, by its hashed name, as the proxy serves it beside the entry. */
export const lateBundle = (name: string) => readFileSync(join(dirname(BUNDLE_PATH), name), 'utf8');
/** What the build says of its late files: the late bundle's name, its chunks', the entry's parts'. */
export const lateFiles = () =>
  JSON.parse(readFileSync(join(dirname(BUNDLE_PATH), LATE_FILES_LIST), 'utf8')) as LateFilesList;

export const harnessScript = `
window.__events = [];
window.__violations = [];
for (const type of ['enquiry-submitted', 'enquiry-failed']) {
  document.addEventListener(type, (e) => window.__events.push({ type, detail: e.detail }));
}
document.addEventListener('securitypolicyviolation', (e) =>
  window.__violations.push(e.violatedDirective + ' ' + e.blockedURI));
`;

export const harnessStyles = `body { margin: 0; padding: 16px; font-family: Georgia, serif; }
main { max-width: 960px; margin: 0 auto; }`;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

const tagOf = (attributes: Record<string, string>, inside = '') =>
  `<enquiry-form${Object.entries(attributes)
    .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
    .join('')}>${inside}</enquiry-form>`;

export function pageHtml(
  forms: Record<string, string>[] | undefined,
  inside?: string,
  lang = 'en',
): string {
  const form = forms
    ? forms.map((attributes) => tagOf(attributes, inside)).join('\n')
    : '<p>No form here.</p>';
  return `<!doctype html>
<html${lang ? ` lang="${lang}"` : ''}><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Start your enquiry</title>
<link rel="stylesheet" href="/harness.css">
<script type="module" src="/harness.js"></script>
<script type="module" src="/enquiry-form.js"></script>
</head><body><main><h1>Start your enquiry</h1>${form}</main></body></html>`;
}
