/**
 * Widget weight: raw, gzip and brotli bytes of the built `enquiry-form.js`, compressed the way
 * the proxy compresses it for visitors, against the budget the build enforces.
 */
import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { BUNDLE_PATH, ensureWidgetBuilt } from '../../demo/build-widget.ts';
import { WIDGET_BROTLI_BUDGET_BYTES } from '../../vite.config.ts';
import { num, table } from './report.ts';

const kib = (bytes: number) => `${num(bytes / 1024)} KiB`;

export async function widgetWeight(): Promise<string> {
  const { built } = ensureWidgetBuilt();
  const bundle = readFileSync(BUNDLE_PATH);
  const map = statSync(`${BUNDLE_PATH}.map`).size;
  // The proxy serves brotli at quality 11 and gzip at level 9 (proxy/widget-assets.ts).
  const brotli = brotliCompressSync(bundle, {
    params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
  }).length;
  const gzip = gzipSync(bundle, { level: 9 }).length;
  const budget = WIDGET_BROTLI_BUDGET_BYTES;
  const rows = [
    ['raw', bundle.length.toLocaleString('en-GB'), kib(bundle.length), ''],
    ['gzip (level 9)', gzip.toLocaleString('en-GB'), kib(gzip), ''],
    [
      '**brotli (quality 11)**',
      `**${brotli.toLocaleString('en-GB')}**`,
      `**${kib(brotli)}**`,
      `${num((100 * brotli) / budget)} % of ${kib(budget)}`,
    ],
  ];

  return `## Widget weight

\`${BUNDLE_PATH}\` as \`npm run build\` makes it (${built ? 'built for this run' : 'already up to date with its sources'}),
compressed here as the proxy compresses it for visitors (\`proxy/widget-assets.ts\`: brotli
quality 11, gzip level 9). The source map (${kib(map)}) is only fetched by developer tools.

${table(['encoding', 'bytes', 'KiB', 'budget'], rows)}

**Where the budget lives.** \`WIDGET_BROTLI_BUDGET_BYTES\` (${kib(budget)} brotli) in
\`vite.config.ts\`: its \`enquiry-form:size-budget\` plugin prints these three sizes on every build
and fails the build past the budget (and when a server-only package such as zod is bundled).
\`npm test\` runs \`npm run build\`, so a bundle over ${kib(budget)} brotli fails \`npm test\`; no
separate size-limit tool is needed. Headroom today: ${kib(budget - brotli)}.
`;
}
