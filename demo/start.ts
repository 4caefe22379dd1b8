/**
 * `npm start`: the whole demo on one machine with no configuration. Set `ENQUIRY_API_URL`,
 * `ENQUIRY_API_USERNAME` and `ENQUIRY_API_PASSWORD` to send enquiries to the real platform;
 * `FORM_CONFIG` for another form; `ALLOWED_ORIGINS` for pages of your own, `SITE_PORT`, `PORT`,
 * `ENQUIRY_API_PORT`, `MAILBOX_PORT` (the mailbox's pages) and `MAILBOX_SMTP_PORT` (its mail
 * server, any free one unless set) for other ports; `ENQUIRY_API_CONTROL` and `FAULT_*` for the
 * stand-in. Every email goes to the mailbox, unless `SMTP_URL` names a mail server of yours.
 * Without `ADMIN_TOKEN`, one is made for the console and printed once.
 */
import { FormConfigError } from '../proxy/contract/schemas/form-config.ts';
import { EnvError } from '../proxy/env.ts';
import { createLogger } from '../proxy/logger.ts';
import { ensureWidgetBuilt } from './build-widget.ts';
import { consoleAccess } from './console-access.ts';
import { note, readableDestination } from './readable-log.ts';
import { startDemo } from './stack.ts';
import { startBanner } from './start-banner.ts';

const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * What the demo sets unless the environment says otherwise: documents converted where LibreOffice
 * and its box are installed (the banner says whether they are), and a funnel whose groups show
 * from one start, so a newcomer's few visits can be read (the proxy's default is 10).
 */
const DEMO_DEFAULTS = { CONVERT_DOCUMENTS: '1', FUNNEL_MIN_COUNT: '1' };

try {
  note('start', 'checking the widget build…');
  const build = ensureWidgetBuilt();
  note('start', build.built ? `widget built: ${build.summary}` : 'widget build is up to date');

  const access = consoleAccess({ ...DEMO_DEFAULTS, ...process.env });
  const demo = await startDemo({
    log: createLogger({
      level: process.env.LOG_LEVEL ?? 'info',
      destination: readableDestination('proxy'),
    }),
    env: access.env,
    sitePort: port('SITE_PORT', 3000),
    proxyPort: port('PORT', 8080),
    apiPort: port('ENQUIRY_API_PORT', 8090),
    mailbox: { webPort: port('MAILBOX_PORT', 8025), smtpPort: port('MAILBOX_SMTP_PORT', 0) },
    form: 'law-firm-demo',
  });
  const lines = startBanner(demo, access.env, access);
  process.stdout.write(`${lines.join('\n')}\n`);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      note('start', `stopping (${signal})`);
      demo.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
} catch (error) {
  if (error instanceof EnvError || error instanceof FormConfigError) {
    for (const problem of error.problems)
      note('start', `configuration error: ${problem}`, {}, 'error');
  } else if ((error as NodeJS.ErrnoException).code === 'EADDRINUSE') {
    note(
      'start',
      `a port is in use: ${(error as Error).message}. Set SITE_PORT, PORT (proxy), ENQUIRY_API_PORT or MAILBOX_PORT to free ones.`,
      {},
      'error',
    );
  } else {
    note(
      'start',
      `could not start: ${error instanceof Error ? error.message : String(error)}`,
      {},
      'error',
    );
  }
  process.exit(1);
}
