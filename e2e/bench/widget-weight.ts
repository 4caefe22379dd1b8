/**
 * Widget weight: raw, gzip and brotli bytes of the built entry and late bundle, compressed the
 * way the proxy compresses them for visitors, against the budgets the build enforces; and the
 * entry as the proxy serves it, with the demo's form configuration written in.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { BUNDLE_PATH, ensureWidgetBuilt } from '../../demo/build-widget.ts';
import { lawFirm } from '../../demo/forms/index.ts';
import {
  ENTRY_BROTLI_BUDGET_BYTES,
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
  const lateName = readdirSync(dir).find((name) => /^enquiry-form\.late-\w+\.js$/.test(name));
  if (!lateName) throw new Error(`no late bundle in ${dir}: run npm run build`);
  const entry = sizes(readFileSync(BUNDLE_PATH));
  const late = sizes(readFileSync(join(dir, lateName)));
  const served = withInlinedConfig(
    loadWidgetAssets(dir),
    // As `GET /api/form` has it: the configuration, its file picker, the minimum fill time.
    JSON.stringify(publicConfig(lawFirm, { minFillSeconds: 3 })),
  ).get('enquiry-form.js');
  if (!served) throw new Error('the proxy would serve no entry');
  const inlined = sizes(served.identity);
  const maps = statSync(`${BUNDLE_PATH}.map`).size + statSync(join(dir, `${lateName}.map`)).size;
  const row = (name: string, size: ReturnType<typeof sizes>, budget: string) => [
    name,
    bytes(size.raw),
    bytes(size.gzip),
    `**${bytes(size.brotli)}**`,
    budget,
  ];
  const percent = (part: number, whole: number) =>
    `${num((100 * part) / whole)} % of ${kib(whole)}`;
  const together = entry.brotli + late.brotli;
  const rows = [
    row('`enquiry-form.js` (entry)', entry, percent(entry.brotli, ENTRY_BROTLI_BUDGET_BYTES)),
    row(`\`${lateName}\` (late)`, late, ''),
    ['together', '', '', `**${bytes(together)}**`, percent(together, TOTAL_BROTLI_BUDGET_BYTES)],
    row('entry as served, law-firm configuration in it', inlined, ''),
  ];

  return `## Widget weight

\`dist/widget/\` as \`npm run build\` makes it (${built ? 'built for this run' : 'already up to date with its sources'}),
compressed here as the proxy compresses it for visitors (brotli quality 11, gzip level 9). The
entry is what the first field waits for; the late bundle (sending, file checks, the error
summary) is fetched once the form is on screen. The proxy serves the entry with the form
configuration written in (last row: the demo's law-firm form). The source maps
(${kib(maps)}) are only fetched by developer tools.

${table(['file', 'raw', 'gzip', 'brotli', 'budget'], rows)}

**Where the budgets live.** \`bundle/size-budget.ts\`: the build prints these sizes and fails
past ${kib(ENTRY_BROTLI_BUDGET_BYTES)} brotli for the entry or ${kib(TOTAL_BROTLI_BUDGET_BYTES)}
together (and when zod or a second Lit is bundled). \`npm test\` runs \`npm run build\`, so
growth past either fails \`npm test\`. Issues #18 and #35 ask for 12 KiB and 20 KiB. The entry
is lit-html without LitElement (\`widget/element-base.ts\`) and what the first paint needs
(the step a stepped form opens at, the funnel's page listeners); everything only a send shows is
in the late bundle, which takes the helpers it shares with the entry from it as it loads
(\`widget/late-shared.ts\`). What keeps the two together above 20 KiB is what only the late
bundle needs: the checks the proxy makes, run before sending so that a visitor never uploads
files only to be told a field is missing (the contract's rules, messages, file kinds and
sniffing), Continue's checks and Check your answers, the email typo table, and the Turnstile
check.
`;
}
