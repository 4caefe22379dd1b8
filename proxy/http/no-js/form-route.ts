/**
 * `GET /form?case-type=…&campaign=…`: the form for visitors whose browser runs no script (it
 * was blocked, or too old). The README's snippet links here from the tag's fallback. Same questions,
 * same checks, same outbox: it posts to `POST /api/enquiries` as plain named fields.
 * `GET /form/sent?reference=…&receipt=…`: where a taken post without `thankYouUrl` is sent on to.
 */
import { Hono, type Context } from 'hono';
import type { FormConfig } from '../../contract/schemas/form-config.ts';
import type { Logger } from '../../logger.ts';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import type { BotCheckOptions } from '../bots/bot-check.ts';
import { rateLimitKey } from '../client-ip.ts';
import { confirmationPage, formPage, pageHeaders } from './form-page.ts';
import { backTo, newPageKey, RECEIPT_SHAPE, sendAddress } from './page-addresses.ts';
import { countPageView } from '../../funnel/server-tallies.ts';
import { valuesFromQuery } from './plain-answers.ts';

/** What the no-JavaScript form page reads. */
export interface FormRouteDeps {
  config: FormConfig;
  allowedOrigins: readonly string[];
  bots: BotCheckOptions;
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
    const query = new URL(c.req.url).searchParams;
    const reference = query.get('reference') ?? '';
    const status = query.get('status') === 'delivered' ? 'delivered' : 'queued';
    const receipt = query.get('receipt') ?? '';
    const back = backTo(deps.allowedOrigins, query.get('back') ?? undefined);
    return c.html(
      confirmationPage(
        { reference, status, ...(RECEIPT_SHAPE.test(receipt) ? { receipt } : {}) },
        back,
      ) as unknown as string,
      200,
      pageHeaders(deps.config),
    );
  });
  return app;
}
