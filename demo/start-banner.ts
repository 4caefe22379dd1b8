/**
 * What `npm start` prints once the demo runs: where everything is, how to sign in to the console,
 * and how to go real.
 */
import type { ConsoleAccess } from './console-access.ts';
import type { RunningDemo } from './stack.ts';

/**
 * @example startBanner(demo, process.env).join('\n') // '  Landing page  http://localhost:3000/ …'
 */
export function startBanner(
  demo: Pick<RunningDemo, 'siteUrl' | 'campaignUrl' | 'proxyUrl' | 'api'>,
  env: Record<string, string | undefined>,
  access: Pick<ConsoleAccess, 'madeToken'> = {},
): string[] {
  const consoleLines = access.madeToken
    ? [
        `  Console             ${demo.proxyUrl}/admin/   (every lead, for the firm)`,
        '                      Sign in with this admin token, made for this run (set',
        '                      ADMIN_TOKEN to choose your own):',
        `                      ${access.madeToken}`,
      ]
    : [`  Console             ${demo.proxyUrl}/admin/   (sign in with your ADMIN_TOKEN)`];
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
    ...consoleLines,
    `  Proxy               ${demo.proxyUrl}/healthz`,
    '',
    '  Ctrl-C stops everything.',
    '',
  ];
}
