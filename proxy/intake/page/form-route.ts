/**
 * `GET /form?case-type=…&campaign=…`: the form for visitors whose browser runs no script (it
 * was blocked, or too old). The README's snippet links here from the tag's fallback. Same questions,
 * same checks, same outbox: it posts to `POST /api/enquiries` as plain named fields.
 * `GET /form/sent?pass=…`: where a taken post without `thankYouUrl` is sent on to; it shows
 * what its signed pass says (`sent-pass.ts`), and no confirmation without a valid one.
 */
import { Hono, type Context } from 'hono';
import type { Logger } from '../../logger.ts';
import type { FunnelAdmission } from '../../funnel/admission.ts';
import type { BotCheckOptions } from '../../http/bots/bot-check.ts';
import { rateLimitKey } from '../../http/client-ip.ts';
import { formPage, problemPage } from './form-page.ts';
import { confirmationPage } from './sent-page.ts';
import { pageHeaders } from './page-frame.ts';
import { backTo, newPageKey, sendAddress } from './page-addresses.ts';
import type { SentPasses } from './sent-pass.ts';
import { countPageView } from '../../funnel/server-tallies.ts';
import { valuesFromQuery } from './plain-answers.ts';
import { pageTimes, timesWaitForAnswers } from './page-times.ts';
import type { SlotFinder } from '../../booking/slot-finder.ts';
import { formIn, pageIn, requestedLanguage } from '../../http/form-language.ts';
import type { CurrentForm } from '../../studio/live-form.ts';
import { offersSaving } from '../../notify/drafts-state.ts';

/** What the no-JavaScript form page reads. */
export interface FormRouteDeps {
  /** The form, as it is served now. */
  form: CurrentForm;
  allowedOrigins: readonly string[];
  bots: BotCheckOptions;
  /** Signs and reads the confirmation page's pass. */
  sentPasses: SentPasses;
  log: Logger;
  /** Present when the form offers "Save and continue later" (`intake/drafts/`). */
  drafts?: object | undefined;
  /** The visitor's address: each one's page views are counted within its allowance. */
  clientIp: (c: Context) => string;
  now: () => number;
  /** The free times, as `GET /api/slots` offers them. */
  slots: SlotFinder;
}

/** The route of the form without JavaScript; `funnel` counts its views. */
export function noScriptRoutes(deps: FormRouteDeps, funnel: FunnelAdmission): Hono {
  const app = new Hono();
  app.get('/form', async (c) => {
    const query = new URL(c.req.url).searchParams;
    const form = deps.form.current();
    const visitor = pageIn(form, requestedLanguage(c));
    const { caseTypes } = visitor.form;
    const only = caseTypes.length === 1 ? caseTypes[0] : undefined;
    const caseType = caseTypes.find((candidate) => candidate.id === query.get('case-type')) ?? only;
    const values = valuesFromQuery(form, caseType?.id, query, c.req.header('referer'));
    await countPageView({ ...deps, config: form.config, funnel }, values, {
      caseType: caseType?.id ?? '',
      gpc: c.req.header('sec-gpc') === '1',
      client: rateLimitKey(deps.clientIp(c)),
    });
    const servedCaseType = form.config.caseTypes.find((each) => each.id === caseType?.id);
    const times = await pageTimes(deps.slots, form.config, servedCaseType, {
      campaign: values.get('marketing.campaign')?.[0] ?? '',
      language: formIn(form, requestedLanguage(c)).lang ?? '',
    });
    return c.html(
      formPage({
        config: visitor.form,
        caseType,
        values,
        times,
        timesLater: timesWaitForAnswers(form.config, servedCaseType),
        formToken: deps.bots.tokens.issue(form.version),
        formVersion: form.version,
        sendTo: sendAddress(
          newPageKey(),
          backTo(deps.allowedOrigins, c.req.header('referer')),
          visitor,
        ),
        query,
        language: visitor.language,
        hiddenLang: visitor.several,
        saves: offersSaving(deps.drafts, form.config),
      }) as unknown as string,
      200,
      pageHeaders(form.config),
    );
  });
  app.get('/form/sent', (c) => {
    const query = new URL(c.req.url).searchParams;
    const sent = deps.sentPasses.read(query.get('pass') ?? '');
    const form = deps.form.current();
    const { language } = pageIn(form, requestedLanguage(c));
    const { words } = language;
    if (!sent)
      return c.html(
        problemPage(
          words['page.noConfirmation'],
          language,
          words['page.noConfirmationTitle'],
        ) as unknown as string,
        404,
        pageHeaders(form.config),
      );
    const back = backTo(deps.allowedOrigins, sent.back);
    return c.html(
      confirmationPage(sent.taken, back, language) as unknown as string,
      200,
      pageHeaders(form.config),
    );
  });
  return app;
}
