/** What `npm start` prints once the demo runs: where everything is, and how to go real. */
import type { RunningDemo } from './stack.ts';

/**
 * @example startBanner(demo, process.env).join('\n') // '  Landing page  http://localhost:3000/ …'
 */
export function startBanner(
  demo: Pick<RunningDemo, 'siteUrl' | 'campaignUrl' | 'proxyUrl' | 'api'>,
  env: Record<string, string | undefined>,
): string[] {
  const platform = demo.api
    ? [
        `  Stand-in inbox      ${demo.api.origin}/inbox   (what the platform received)`,
        '                      To send to the real platform instead, set ENQUIRY_API_URL,',
        '                      ENQUIRY_API_USERNAME and ENQUIRY_API_PASSWORD.',
      ]
    : [`  Platform            ${env.ENQUIRY_API_URL ?? ''} (REAL)`];
  return [
    '',
    '  enquiry-form is running',
    '',
    `  Landing page        ${demo.siteUrl}`,
    `  Campaign page       ${demo.campaignUrl}   (marketing attributes on the tag)`,
    `  The same, drawn     ${demo.campaignUrl}-drawn   (the form in the page: npm run embed)`,
    ...platform,
    `  Proxy               ${demo.proxyUrl}/healthz`,
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
}
