/**
 * `npm run embed -- --proxy <origin> [--case-type <id>] [--attribute name=value ...]`: prints
 * the embed code with the form drawn in it (`embed-code.ts`), from the configuration the proxy
 * serves now. Run it again when the form's configuration changes: a stale drawing is replaced
 * by the current form as soon as the script runs, but the page may move when it is.
 */
import { createHash } from 'node:crypto';
import { parseArgs } from 'node:util';
import type { PublicFormConfig } from '../proxy/contract/index.ts';
import { drawnCss, embedCode } from './embed-code.ts';

const { values } = parseArgs({
  options: {
    proxy: { type: 'string' },
    'case-type': { type: 'string' },
    attribute: { type: 'string', multiple: true },
  },
});
const proxy = values.proxy?.replace(/\/+$/, '');
if (!proxy) {
  console.error('Usage: npm run embed -- --proxy https://forms.example.com [--case-type id]');
  process.exit(2);
}
const answer = await fetch(`${proxy}/api/form`).catch((error: unknown) => {
  console.error(`Could not reach ${proxy}/api/form: ${String(error)}`);
  return process.exit(1);
});
if (!answer.ok) {
  console.error(`${proxy}/api/form answered ${answer.status}: ${await answer.text()}`);
  process.exit(1);
}
const config = (await answer.json()) as PublicFormConfig;
const attributes: Record<string, string> = {};
if (values['case-type']) attributes['case-type'] = values['case-type'];
for (const pair of values.attribute ?? []) {
  const [name = '', ...value] = pair.split('=');
  attributes[name] = value.join('=');
}
process.stdout.write(await embedCode({ proxy, config, attributes }));
const hash = createHash('sha256').update(drawnCss()).digest('base64');
console.error(
  `A Content-Security-Policy on the page needs style-src 'sha256-${hash}' for the drawn form's styles.`,
);
