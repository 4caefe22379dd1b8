/**
 * What the server counts itself: the form without JavaScript's views and sends (it has no
 * script to report them), and the cell each accepted enquiry's delivery is counted in. The
 * same counters as the widget's reports, so a campaign's funnel is one whichever page the
 * visitor had.
 */
import { isAnswered } from '../contract/answer-rules.ts';
import { visibleQuestions } from '../contract/rules.ts';
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import { funnelDay, type FunnelKey, type FunnelTally } from '../outbox/funnel-counts.ts';
import type { Logger } from '../logger.ts';
import type { FunnelAdmission } from './admission.ts';
import { isKnownVariant, variantQuestion } from './check-report.ts';
import { withoutPersonalData } from './personal-data.ts';

/**
 * The counters' key of an enquiry (or a page) with these values; none when the funnel is off.
 * A page's values come from its address, which anyone can write: a campaign that looks like a
 * person's details is left out, and a variant the form cannot have counts as none.
 */
function funnelKeyOf(
  config: FormConfig,
  at: number,
  values: { caseType: string; campaign: string; variant: (questionId: string) => string },
): FunnelKey | undefined {
  if (config.analytics === false) return undefined;
  const variantId = variantQuestion(config);
  const variant = variantId === undefined ? '' : values.variant(variantId);
  return {
    day: funnelDay(at),
    caseType: config.caseTypes.some((c) => c.id === values.caseType) ? values.caseType : '',
    campaign: withoutPersonalData(values.campaign),
    variant: isKnownVariant(config, variant) ? variant : '',
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

/**
 * The cell an unfinished enquiry's first keep counts in ("kept unfinished"), as its enquiry would
 * be counted: its case type, campaign and variant answer; none when the funnel is off or has no
 * room on the disk.
 */
export async function keptCell(
  funnel: FunnelAdmission,
  config: FormConfig,
  kept: { caseType: string; campaign: string; answers: Record<string, unknown>; at: number },
  client: string,
): Promise<FunnelKey | undefined> {
  const key = funnelKeyOf(config, kept.at, {
    caseType: kept.caseType,
    campaign: kept.campaign,
    variant: (id) => {
      const answer = kept.answers[id];
      return typeof answer === 'string' ? answer : '';
    },
  });
  return key && (await funnel.cellToExpect(key, client));
}

/** One view of the page without JavaScript. */
const pageViewTally = (key: FunnelKey): FunnelTally => ({
  ...key,
  views: 1,
  starts: 0,
  sends: 0,
  // The page without JavaScript draws its times for every view: not counted as offered, as a
  // load of the page is all anyone needs to make one (`docs/funnel.md`).
  offered: 0,
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
    offered: 0,
    questions: shown.map((q) => ({
      id: q.id,
      shown: 1,
      answered: isAnswered(part.answers[q.id]) ? 1 : 0,
      left: 0,
    })),
  };
}

/**
 * The cell an accepted enquiry's delivery will count in, stored with the enquiry
 * (`NewSubmission.funnelCell`): none when the funnel is off or has no room on the disk.
 */
export async function acceptedCell(
  funnel: FunnelAdmission,
  config: FormConfig,
  enquiry: { part: EnquiryPart; at: number; client: string },
): Promise<FunnelKey | undefined> {
  const key = enquiryKey(config, enquiry.part, enquiry.at);
  return key && (await funnel.cellToExpect(key, enquiry.client));
}

/**
 * Counts an enquiry from the page without JavaScript, stored with its delivery expected in
 * `cell`, as started and sent (the caller leaves out a browser that asked not to be tracked,
 * `Sec-GPC: 1`).
 */
export async function countPlainSend(
  funnel: FunnelAdmission,
  config: FormConfig,
  sent: { part: EnquiryPart; cell: FunnelKey; client: string },
): Promise<void> {
  await funnel.add(plainSendTally(config, sent.part, sent.cell), sent.client);
}

/**
 * Counts one view of the page without JavaScript from `client`, from the values its address
 * gave it, within the funnel's allowances (`admission.ts`).
 */
export async function countPageView(
  deps: { config: FormConfig; funnel: FunnelAdmission; log: Logger; now: () => number },
  values: ReadonlyMap<string, readonly string[]>,
  view: { caseType: string; gpc: boolean; client: string },
): Promise<void> {
  const key = funnelKeyOf(deps.config, deps.now(), {
    caseType: view.caseType,
    campaign: values.get('marketing.campaign')?.[0] ?? '',
    variant: (id) => values.get(`answers.${id}`)?.[0] ?? '',
  });
  if (!key || view.gpc || !(await deps.funnel.admitView(view.client))) return;
  await deps.funnel.add(pageViewTally(key), view.client).catch((error: unknown) => {
    deps.log.warn({ err: error }, 'the funnel could not count a page view');
  });
}
