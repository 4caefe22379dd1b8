/**
 * Widget weight: raw, gzip and brotli bytes of the built entry, its parts, the late bundle and
 * its chunks, compressed the way the proxy compresses them for visitors, and what each kind of
 * form loads against the budgets the build enforces; and the entry as the proxy serves it, with
 * the demo's form configuration written in.
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
import { recordHeadline } from './headline.ts';
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
  const listed = (files: Record<string, string>) =>
    Object.entries(files).map(([name, feature]) => ({ name, feature, size: sized(name) }));
  const chunks = listed(late.chunks);
  const parts = listed(late.parts);
  const brotliOf = (feature: string) =>
    [...chunks, ...parts].find((one) => one.feature === feature)?.size.brotli ?? 0;
  const served = withInlinedConfig(
    loadWidgetAssets(dir),
    // As `GET /api/form` has it: the configuration, its file picker, the minimum fill time.
    JSON.stringify(publicConfig(lawFirm, { minFillSeconds: 3 })),
  ).get('enquiry-form.js');
  if (!served) throw new Error('the proxy would serve no entry');
  const inlined = sizes(served.identity);
  const maps = [
    BUNDLE_PATH,
    join(dir, late.entry),
    ...[...chunks, ...parts].map((one) => join(dir, one.name)),
  ]
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
  recordHeadline('onePage', `${bytes(every)} B`);
  recordHeadline('allScript', `${bytes(inlined.brotli + core.brotli)} B`);
  const all = every + [...chunks, ...parts].reduce((sum, one) => sum + one.size.brotli, 0);
  const files = [
    row('`enquiry-form.js` (entry)', entry, percent(entry.brotli, ENTRY_BROTLI_BUDGET_BYTES)),
    ...parts.map((one) => row(`\`${one.name}\` (the entry's ${one.feature})`, one.size)),
    row(`\`${late.entry}\` (late bundle)`, core),
    ...chunks.map((one) => row(`\`${one.name}\` (${one.feature} chunk)`, one.size)),
    row('entry as served, law-firm configuration in it', inlined),
  ];
  const loads = (what: string, total: number, budget?: number) => [
    what,
    `**${bytes(total)}**`,
    budget ? percent(total, budget) : '',
  ];
  const steps = brotliOf('steps part') + brotliOf('steps');
  const drawn = brotliOf('drawn form part');
  const forms = [
    loads('on one page, no Turnstile (the demo forms)', every, EVERY_FORM_BROTLI_BUDGET_BYTES),
    loads('the same, drawn by the page (`npm run embed`)', every + drawn),
    loads('in steps', every + steps),
    loads('with the Turnstile check', every + brotliOf('Turnstile')),
    loads('in several languages, with the language switch', every + brotliOf('language switch')),
    loads(
      'in steps with the Turnstile check and the language switch, drawn by the page',
      all,
      TOTAL_BROTLI_BUDGET_BYTES,
    ),
  ];

  return `## Widget weight

\`dist/widget/\` as \`npm run build\` makes it (${built ? 'built for this run' : 'already up to date with its sources'}),
compressed here as the proxy compresses it for visitors (brotli quality 11, gzip level 9). The
entry is what the first field waits for. Its parts are what only some forms need before they
are drawn, fetched by those forms only: the steps part (a step's heading, Continue and Back)
for a form in steps, the drawn form's part (the take-over of the form \`npm run embed\` draws in
the page) where the page drew it. The late bundle (sending, file checks, the error summary) is
fetched once the form is on screen, and with it the chunks of what only some forms use, when
the form's configuration asks for them: the steps (Continue's checks, Back, Check your
answers), the Turnstile check, and the language switch (for a tag with \`language-switch\` on a
form in several languages). The proxy serves the entry with the form configuration
written in (last row of the first table: the demo's law-firm form). The source maps
(${kib(maps)}) are only fetched by developer tools.

${table(['file', 'raw', 'gzip', 'brotli', 'budget'], files)}

What a visitor's browser loads, by the form (brotli bytes):

${table(['a form', 'loads', 'budget'], forms)}

**Where the budgets live.** \`bundle/size-budget.ts\`: the build prints these sizes and fails
past ${kib(ENTRY_BROTLI_BUDGET_BYTES)} brotli for the entry, ${kib(EVERY_FORM_BROTLI_BUDGET_BYTES)}
for what every form loads or ${kib(TOTAL_BROTLI_BUDGET_BYTES)} for a form with every chunk and
part (and when zod or a second Lit is bundled). \`npm test\` runs \`npm run build\`, so growth
past any of them fails \`npm test\`. Issues #18, #35 and #45 ask for 12 KiB and 20 KiB. The
entry is lit-html without LitElement (\`widget/element-base.ts\`) and what the first render of
every form needs; a field in error and the funnel's page listeners are the late bundle's, which
alone finds the one and sends the other. The late bundle takes the helpers it shares with the
entry from it as it loads (\`widget/late-shared.ts\`). What keeps every form above 20 KiB is
what the late bundle needs for any form: the checks the proxy makes, run before sending so
that a visitor never uploads files only to be told a field is missing (the contract's rules,
messages, file kinds and sniffing), sending itself, the funnel's report and the email typo
table. A file compressed on its own costs more than the same code inside another (some 300 B):
a form that uses a chunk or a part pays that, and every form that does not saves the code.
`;
}
