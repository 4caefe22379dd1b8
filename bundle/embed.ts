/**
 * `npm run embed -- --proxy <origin> [--case-type <id>] [--attribute name=value ...]`: prints
 * the embed code with the form drawn in it (`embed-code.ts`), from the configuration the proxy
 * serves now. Run it again when the form's configuration changes: a stale drawing is replaced
 * by the current form as soon as the script runs, but the page may move when it is.
 */
import { parseArgs } from 'node:util';
import { configOf, DRAWN_CSS_SOURCE, embedCode } from './embed-code.ts';

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
const config = await configOf(proxy).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  return process.exit(1);
});
const attributes: Record<string, string> = {};
if (values['case-type']) attributes['case-type'] = values['case-type'];
for (const pair of values.attribute ?? []) {
  const [name = '', ...value] = pair.split('=');
  attributes[name] = value.join('=');
}
process.stdout.write(await embedCode({ proxy, config, attributes }));
console.error(
  `A Content-Security-Policy on the page needs style-src ${DRAWN_CSS_SOURCE} for the drawn form's styles.`,
);
