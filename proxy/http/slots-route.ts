/**
 * `GET /api/slots?case-type=<id>` (`docs/booking.md`): the times a case type's appointment
 * offers the visitor now, from the hosts the routing rules choose for what they have answered
 * so far (`campaign`, `lang`, and `answer.<id>=` for each question of `slotsDependOn`). Any page
 * may read it, one that may not submit is told so at once (as `GET /api/form`); each client and
 * everybody together are rate-limited, and the times themselves are worked out once per set of
 * hosts and day (`booking/slot-finder.ts`), so page views never take the CPU enquiries need.
 */
import { Hono, type Context } from 'hono';
import { appointmentOf, bookingHosts } from '../booking/booking-hosts.ts';
import type { SlotFinder } from '../booking/slot-finder.ts';
import { slotsDependOn, type SlotsResponse } from '../contract/booking.ts';
import type { Answer } from '../contract/schemas/enquiry-part.ts';
import type { CaseType, FormConfig } from '../contract/schemas/form-config.ts';
import { RateLimiter } from '../limiter/token-buckets.ts';
import type { LeadFacts } from '../routing/choose-team.ts';
import type { CurrentForm } from '../studio/live-form.ts';
import { rateLimitKey } from './client-ip.ts';
import { formIn } from './form-language.ts';
import { publicReadOrigin, type OriginOptions } from './origin.ts';
import { rateLimit } from './rate-limit.ts';
import { Refusal } from './refusal.ts';

/** A visitor's page asks again as they answer: a few times a minute, never sixty. */
const SLOTS_PER_CLIENT_PER_MINUTE = 60;
/** Everybody together, per instance: far above any landing page's traffic. */
const SLOTS_PER_MINUTE = 60_000;

/** What `GET /api/slots` reads. */
export interface SlotsRouteDeps {
  form: CurrentForm;
  /** Pages that may use the form (`ALLOWED_ORIGINS`). */
  allowedOrigins: readonly string[];
  /** Told the `Origin` of each refused request (`http/origin-refusals.ts`). */
  onOriginRefused?: OriginOptions['onOriginRefused'];
  /** The times offered, worked out once per set of hosts and day. */
  slots: SlotFinder;
  clientIp: (c: Context) => string;
  now: () => number;
}

/**
 * The routing facts a request for slots gives: its case type, campaign, language and answers (the
 * studio's preview reads its draft's slots by them too).
 */
export function factsOf(
  c: Context,
  config: FormConfig,
  caseType: CaseType,
  lang: string,
): LeadFacts {
  const answers: Record<string, Answer> = {};
  for (const id of slotsDependOn(caseType, config.routing)) {
    const given = c.req.queries(`answer.${id}`) ?? [];
    const question = caseType.questions.find((each) => each.id === id);
    if (given.length > 0) answers[id] = question?.type === 'checkbox' ? given : (given[0] ?? '');
  }
  return {
    caseType: caseType.id,
    campaign: c.req.query('campaign')?.trim() ?? '',
    language: lang,
    answers,
    numbers: new Set(caseType.questions.filter((q) => q.type === 'number').map((q) => q.id)),
  };
}

/** The slots route, as a Hono app to mount at `/`. */
export function slotsRoute(deps: SlotsRouteDeps): Hono {
  const app = new Hono();
  const perClient = new RateLimiter('slots-per-client', SLOTS_PER_CLIENT_PER_MINUTE, deps.now);
  const forAll = new RateLimiter('slots', SLOTS_PER_MINUTE, deps.now);
  app.get(
    '/api/slots',
    publicReadOrigin(deps),
    rateLimit({
      limiters: [perClient, forAll],
      shared: [forAll],
      clientKey: (c) => rateLimitKey(deps.clientIp(c)),
    }),
    async (c) => {
      const form = deps.form.current();
      const { config } = form;
      const id = c.req.query('case-type') ?? '';
      const caseType = config.caseTypes.find((each) => each.id === id);
      if (!caseType)
        throw Refusal.field('case-type', 'unknown_case_type', 'case_type.unknown_case_type');
      const lang = formIn(form, c.req.query('lang')).lang ?? '';
      const hosts =
        appointmentOf(config, id) && bookingHosts(config, factsOf(c, config, caseType, lang));
      if (!hosts)
        throw Refusal.field('case-type', 'no_appointment', 'slots.no_appointment', { name: id });
      const offered = await deps.slots.offered(hosts);
      c.header('Cache-Control', 'no-store');
      c.header('Vary', 'Origin');
      // Each slot's JSON was written once, when its day was worked out: a page view joins them.
      const head: Omit<SlotsResponse, 'slots'> = {
        timeZone: hosts.rules.timeZone,
        minutes: hosts.rules.minutes,
        status: offered.status,
      };
      const slots = offered.slots.map((slot) => slot.json).join(',');
      return c.body(`${JSON.stringify(head).slice(0, -1)},"slots":[${slots}]}`, 200, {
        'Content-Type': 'application/json; charset=utf-8',
      });
    },
  );
  return app;
}
