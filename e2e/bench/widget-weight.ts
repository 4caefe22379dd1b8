/**
 * Widget weight: raw, gzip and brotli bytes of the built entry, late bundle and its chunks,
 * compressed the way the proxy compresses them for visitors, and what each kind of form loads
 * against the budgets the build enforces; and the entry as the proxy serves it, with the demo's
 * form configuration written in.
 */
import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUNDLE_PATH, ensureWidgetBuilt } from '../../demo/build-widget.ts';
import { lawFirm } from '../../demo/forms/index.ts';
import { LATE_FILES_LIST, type LateFilesList } from '../../bundle/late-bundle.ts';
import {
  ENTRY_BROTLI_BUDGET_BYTES,
  EVERY_FORM_BROTLI_BUDGET_BYTES,
  sizes,
  TOTAL_BROTLI_BUDGET_BYTES,
} from '../../bundle/size-budget.ts';
import { publicConfig } from '../../proxy/contract/public-config.ts';
import { loadWidgetAssets, withInlinedConfig } from '../../proxy/http/widget-assets.ts';
import { num, table } from './report.ts';

const kib = (bytes: number) => `${num(bytes / 1024)} KiB`;
const bytes = (count: number) => count.toLocaleString('en-GB');

export async function widgetWeight(): Promise<string> {
  const { built } = ensureWidgetBuilt();
  const dir = dirname(BUNDLE_PATH);
  const late = JSON.parse(readFileSync(join(dir, LATE_FILES_LIST), 'utf8')) as LateFilesList;
  const sized = (name: string) => sizes(readFileSync(join(dir, name)));
  const entry = sizes(readFileSync(BUNDLE_PATH));
  const core = sized(late.entry);
  const chunks = Object.entries(late.chunks).map(([name, feature]) => ({
    name,
    feature,
    size: sized(name),
  }));
  const chunk = (feature: string) =>
    chunks.find((one) => one.feature === feature)?.size.brotli ?? 0;
  const served = withInlinedConfig(
    loadWidgetAssets(dir),
    // As `GET /api/form` has it: the configuration, its file picker, the minimum fill time.
    JSON.stringify(publicConfig(lawFirm, { minFillSeconds: 3 })),
  ).get('enquiry-form.js');
  if (!served) throw new Error('the proxy would serve no entry');
  const inlined = sizes(served.identity);
  const maps = [BUNDLE_PATH, join(dir, late.entry), ...chunks.map((one) => join(dir, one.name))]
    .map((file) => statSync(`${file}.map`).size)
    .reduce((all, size) => all + size, 0);
  const row = (name: string, size: ReturnType<typeof sizes>, budget = '') => [
    name,
    bytes(size.raw),
    bytes(size.gzip),
    `**${bytes(size.brotli)}**`,
    budget,
  ];
  const percent = (part: number, whole: number) =>
    `${num((100 * part) / whole)} % of ${kib(whole)}`;
  const every = entry.brotli + core.brotli;
  const all = every + chunks.reduce((sum, one) => sum + one.size.brotli, 0);
  const files = [
    row('`enquiry-form.js` (entry)', entry, percent(entry.brotli, ENTRY_BROTLI_BUDGET_BYTES)),
    row(`\`${late.entry}\` (late bundle)`, core),
    ...chunks.map((one) => row(`\`${one.name}\` (${one.feature} chunk)`, one.size)),
    row('entry as served, law-firm configuration in it', inlined),
  ];
  const loads = (what: string, total: number, budget?: number) => [
    what,
    `**${bytes(total)}**`,
    budget ? percent(total, budget) : '',
  ];
  const forms = [
    loads('on one page, no Turnstile (the demo forms)', every, EVERY_FORM_BROTLI_BUDGET_BYTES),
    loads('in steps', every + chunk('steps')),
    loads('with the Turnstile check', every + chunk('Turnstile')),
    loads('in steps with the Turnstile check', all, TOTAL_BROTLI_BUDGET_BYTES),
  ];

  return `## Widget weight

\`dist/widget/\` as \`npm run build\` makes it (${built ? 'built for this run' : 'already up to date with its sources'}),
compressed here as the proxy compresses it for visitors (brotli quality 11, gzip level 9). The
entry is what the first field waits for. The late bundle (sending, file checks, the error
summary) is fetched once the form is on screen, and with it the chunks of what only some forms
use, when the form's configuration asks for them: the steps (Continue, Back, Check your
answers) and the Turnstile check. The proxy serves the entry with the form configuration
written in (last row of the first table: the demo's law-firm form). The source maps
(${kib(maps)}) are only fetched by developer tools.

${table(['file', 'raw', 'gzip', 'brotli', 'budget'], files)}

What a visitor's browser loads, by the form (brotli bytes):

${table(['a form', 'loads', 'budget'], forms)}

**Where the budgets live.** \`bundle/size-budget.ts\`: the build prints these sizes and fails
past ${kib(ENTRY_BROTLI_BUDGET_BYTES)} brotli for the entry, ${kib(EVERY_FORM_BROTLI_BUDGET_BYTES)}
for what every form loads or ${kib(TOTAL_BROTLI_BUDGET_BYTES)} for a form with every chunk (and
when zod or a second Lit is bundled). \`npm test\` runs \`npm run build\`, so growth past any of
them fails \`npm test\`. Issues #18 and #35 ask for 12 KiB and 20 KiB. The entry is lit-html
without LitElement (\`widget/element-base.ts\`) and what the first paint needs (the step a
stepped form opens at, the funnel's page listeners). The late bundle takes the helpers it
shares with the entry from it as it loads (\`widget/late-shared.ts\`). What keeps every form
above 20 KiB is what the late bundle needs for any form: the checks the proxy makes, run before
sending so that a visitor never uploads files only to be told a field is missing (the
contract's rules, messages, file kinds and sniffing), sending itself, the funnel's report and
the email typo table. A chunk compressed on its own costs more than the same code inside the
late bundle: a form with both chunks loads more than it did before they were split off, and a
form with neither loads less.
`;
}
