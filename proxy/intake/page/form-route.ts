/**
 * `GET /form?case-type=…&campaign=…`: the form for visitors whose browser runs no script (it
 * was blocked, or too old). The README's snippet links here from the tag's fallback. Same questions,
 * same checks, same outbox: it posts to `POST /api/enquiries` as plain named fields.
 * `GET /form/sent?pass=…`: where a taken post without `thankYouUrl` is sent on to; it shows
 * what its signed pass says (`sent-pass.ts`), and no confirmation without a valid one.
 */
import { Hono, type Context } from 'hono';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { Logger } from '../../logger.ts';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import type { BotCheckOptions } from '../../http/bots/bot-check.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { confirmationPage, formPage, pageHeaders, problemPage } from './form-page.ts';
import { backTo, newPageKey, sendAddress } from './page-addresses.ts';
import type { SentPasses } from './sent-pass.ts';
import { countPageView } from '../../funnel/server-tallies.ts';
import { valuesFromQuery } from './plain-answers.ts';

/** What the confirmation page says to an address without a valid pass (none, altered, expired). */
const NO_CONFIRMATION =
  'This page shows an enquiry’s reference for a few minutes after it is sent, and only then. If you sent one, its reference and receipt code were shown at the time, and are in the copy by email if you asked for one.';

/** What the no-JavaScript form page reads. */
export interface FormRouteDeps {
  config: FormConfig;
  allowedOrigins: readonly string[];
  bots: BotCheckOptions;
  /** Signs and reads the confirmation page's pass. */
  sentPasses: SentPasses;
  log: Logger;
  /** The visitor's address: each one's page views are counted within its allowance. */
  clientIp: (c: Context) => string;
  now: () => number;
}

/** The route of the form without JavaScript; `funnel` counts its views. */
export function noScriptRoutes(deps: FormRouteDeps, funnel: FunnelAdmission): Hono {
  const app = new Hono();
  app.get('/form', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const only = deps.config.caseTypes.length === 1 ? deps.config.caseTypes[0] : undefined;
    const caseType =
      deps.config.caseTypes.find((candidate) => candidate.id === query.get('case-type')) ?? only;
    const values = valuesFromQuery(deps, caseType?.id, query, c.req.header('referer'));
    await countPageView({ ...deps, funnel }, values, {
      caseType: caseType?.id ?? '',
      gpc: c.req.header('sec-gpc') === '1',
      client: rateLimitKey(deps.clientIp(c)),
    });
    return c.html(
      formPage({
        config: deps.config,
        caseType,
        values,
        formToken: deps.bots.tokens.issue(),
        sendTo: sendAddress(newPageKey(), backTo(deps.allowedOrigins, c.req.header('referer'))),
        query,
      }) as unknown as string,
      200,
      pageHeaders(deps.config),
    );
  });
  app.get('/form/sent', (c) => {
    const sent = deps.sentPasses.read(new URL(c.req.url).searchParams.get('pass') ?? '');
    if (!sent)
      return c.html(
        problemPage(NO_CONFIRMATION, 'No enquiry to confirm') as unknown as string,
        404,
        pageHeaders(deps.config),
      );
    return c.html(
      confirmationPage(sent.taken, backTo(deps.allowedOrigins, sent.back)) as unknown as string,
      200,
      pageHeaders(deps.config),
    );
  });
  return app;
}
