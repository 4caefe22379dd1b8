/**
 * What the server counts itself: the form without JavaScript's views and sends (it has no
 * script to report them), and the cell each accepted enquiry's delivery is counted in. The
 * same counters as the widget's reports, so a campaign's funnel is one whichever page the
 * visitor had.
 */
import { isAnswered, visibleQuestions } from '../contract/rules.ts';
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { funnelDay, type FunnelKey, type FunnelTally } from '../outbox/funnel-counts.ts';
import type { FunnelCounters } from '../outbox/store.ts';
import type { Logger } from '../logger.ts';
import { untyped } from './check-report.ts';

/** The hidden question whose value is the variant, if the configuration names one. */
const variantQuestion = (config: FormConfig) =>
  config.analytics ? config.analytics.variant : undefined;

/** The counters' key of an enquiry (or a page) with these values; none when the funnel is off. */
function funnelKeyOf(
  config: FormConfig,
  at: number,
  values: { caseType: string; campaign: string; variant: (questionId: string) => string },
): FunnelKey | undefined {
  if (config.analytics === false) return undefined;
  const variantId = variantQuestion(config);
  return {
    day: funnelDay(at),
    caseType: config.caseTypes.some((c) => c.id === values.caseType) ? values.caseType : '',
    campaign: untyped(values.campaign),
    variant: variantId === undefined ? '' : untyped(values.variant(variantId)),
  };
}

/** The key of an accepted enquiry: its case type, campaign and variant answer. */
const enquiryKey = (config: FormConfig, part: EnquiryPart, at: number) =>
  funnelKeyOf(config, at, {
    caseType: part.case_type,
    campaign: part.marketing.campaign ?? '',
    variant: (id) => {
      const answer = part.answers[id];
      return typeof answer === 'string' ? answer : '';
    },
  });

/** One view of the page without JavaScript. */
const pageViewTally = (key: FunnelKey): FunnelTally => ({
  ...key,
  views: 1,
  starts: 0,
  sends: 0,
  questions: [],
});

/**
 * One enquiry sent from the page without JavaScript: started and sent (its view was counted
 * when the page was shown), each question it showed, and which of them were answered.
 */
function plainSendTally(config: FormConfig, part: EnquiryPart, key: FunnelKey): FunnelTally {
  const caseType = config.caseTypes.find((c) => c.id === part.case_type);
  const shown = caseType
    ? visibleQuestions(caseType, part.answers).filter((q) => q.type !== 'hidden')
    : [];
  return {
    ...key,
    views: 0,
    starts: 1,
    sends: 1,
    questions: shown.map((q) => ({
      id: q.id,
      shown: 1,
      answered: isAnswered(part.answers[q.id]) ? 1 : 0,
      left: 0,
    })),
  };
}

/**
 * Counts an accepted enquiry: its delivery will count in its cell, and one from the page
 * without JavaScript is counted as started and sent (unless its browser asked not to be
 * tracked, `Sec-GPC: 1`).
 */
export async function countAccepted(
  store: FunnelCounters,
  config: FormConfig,
  enquiry: { part: EnquiryPart; submissionId: number; at: number; plain: boolean; gpc: boolean },
): Promise<void> {
  const key = enquiryKey(config, enquiry.part, enquiry.at);
  if (!key) return;
  await store.expectDelivery(enquiry.submissionId, key);
  if (enquiry.plain && !enquiry.gpc)
    await store.addFunnelTally(plainSendTally(config, enquiry.part, key));
}

/** Counts one view of the page without JavaScript, from the values its address gave it. */
export async function countPageView(
  deps: {
    config: FormConfig;
    store: Pick<FunnelCounters, 'addFunnelTally'>;
    log: Logger;
    now: () => number;
  },
  values: ReadonlyMap<string, readonly string[]>,
  caseType: string,
  gpc: boolean,
): Promise<void> {
  const key = funnelKeyOf(deps.config, deps.now(), {
    caseType,
    campaign: values.get('marketing.campaign')?.[0] ?? '',
    variant: (id) => values.get(`answers.${id}`)?.[0] ?? '',
  });
  if (!key || gpc) return;
  await deps.store.addFunnelTally(pageViewTally(key)).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'the funnel could not count a page view');
  });
}
