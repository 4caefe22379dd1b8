/**
 * A lead's routing as intake decides it (`docs/routing.md`), to be kept in the lead's
 * transaction (`outbox/lead-routing.ts`): its team, chosen by the configuration's rules from the
 * enquiry as it was accepted (the answers to the questions it showed, as option values), and
 * why, in the firm's words; what an earlier enquiry from the same person is matched by (a keyed
 * hash of the mailbox, as the confirmation quota reads it; the number, which the outbox reads in
 * E.164); the team's people to take turns among; and the notice to them. A caught bot's lead is given its
 * team and nothing else: it is never matched, never given to anyone, nobody is told.
 */
import { answerTo, visibleQuestions } from '../contract/rules.ts';
import type { FormConfig } from '../contract/schemas/form-config.ts';
import type { NoticeEvent } from '../notify/events.ts';
import { enquiryLines } from '../notify/messages.ts';
import type { NewRouting } from '../outbox/lead-routing.ts';
import { chooseTeam, type LeadFacts } from '../routing/choose-team.ts';
import { ruleWords } from '../routing/rule-words.ts';
import type { EnquiryPart } from '../contract/schemas/enquiry-part.ts';
import type { UpstreamEnquiry } from '../client/schemas.ts';
import type { FormInLanguage } from '../http/form-language.ts';

const DAY_MS = 86_400_000;

/** What routing reads of the app's parts (`AftercareDeps`). */
export interface RoutingDeps {
  /** The key of the hashes a person is matched by (the outbox's `receipt_secret`). */
  receiptSecret: string;
  /** True when the proxy can email (`notify/channels.ts`' emailChannelOn): each lead's team is. */
  noticesOn?: boolean | undefined;
  /** `REPEAT_WINDOW_DAYS` in milliseconds: how far back an earlier enquiry is looked for. */
  repeatWindowMs?: number | undefined;
  /** `PUBLIC_URL`: the console's origin, for the notice's link to the lead. */
  consoleOrigin?: string | undefined;
}

/** What routing reads of an accepted submission (`AcceptedSubmission`). */
interface RoutedSubmission {
  reference: string;
  receivedAt: number;
  upstream: UpstreamEnquiry;
  part: EnquiryPart;
  /** The language it was read in, for a rule on it. */
  visitor: Pick<FormInLanguage, 'lang'>;
  /** False for a caught bot's. */
  human: boolean;
}

/**
 * The facts the rules read: the case type, what the shown questions were answered, and so on
 * (the team's, and its call's hosts: `call-booking.ts`).
 */
export function factsOf(
  config: FormConfig,
  submission: Pick<RoutedSubmission, 'upstream' | 'part' | 'visitor'>,
): LeadFacts {
  const { upstream, part, visitor } = submission;
  const caseType = config.caseTypes.find((each) => each.id === upstream.case_type);
  const shown = caseType ? visibleQuestions(caseType, part.answers) : [];
  return {
    caseType: upstream.case_type,
    campaign: upstream.marketing_campaign,
    language: visitor.lang ?? '',
    answers: Object.fromEntries(
      shown.flatMap((question) => {
        const answer = answerTo(part.answers, question.id);
        return answer === undefined ? [] : [[question.id, answer]];
      }),
    ),
    numbers: new Set(shown.filter((q) => q.type === 'number').map((q) => q.id)),
  };
}

/**
 * What to keep with `submission` about its team, when `config` routes leads.
 *
 * `mailbox` is the sender's mailbox key (`outbox/mailbox.ts`), which every lead is stored with.
 *
 * @example routingFor(config, deps, accepted, mailbox)?.team // 'property'
 */
export function routingFor(
  config: FormConfig,
  deps: RoutingDeps,
  submission: RoutedSubmission,
  mailbox: string | undefined,
): NewRouting | undefined {
  const routing = config.routing;
  if (!routing) return undefined;
  const choice = chooseTeam(routing, factsOf(config, submission));
  const reason = ruleWords(config, choice);
  const team = routing.teams[choice.team];
  const teamLabel = team?.label ?? choice.team;
  if (!team || !submission.human) return { team: choice.team, label: teamLabel, reason };
  const { reference, receivedAt, upstream } = submission;
  const label = (id: string) => config.caseTypes.find((each) => each.id === id)?.label;
  const caseTypeLabel = label(upstream.case_type);
  const payload: Omit<NoticeEvent, 'to' | 'assignedTo' | 'repeatOf'> = {
    event: 'notice',
    reference,
    receivedAt: new Date(receivedAt).toISOString(),
    team: { id: choice.team, label: team.label },
    caseType: caseTypeLabel ? `${caseTypeLabel} (${upstream.case_type})` : upstream.case_type,
    rule: reason,
    ...(deps.consoleOrigin ? { link: `${deps.consoleOrigin}/admin/leads/${reference}` } : {}),
    ...(routing.includeAnswers ? { answers: enquiryLines(upstream, label) } : {}),
  };
  return {
    team: choice.team,
    label: teamLabel,
    reason,
    match: {
      since: receivedAt - (deps.repeatWindowMs ?? 30 * DAY_MS),
      mailbox,
      telephone: upstream.telephone_mobile,
      country: config.phone?.defaultCountry,
    },
    ...(team.roundRobin ? { roundRobin: team.people } : {}),
    ...(deps.noticesOn
      ? {
          notice: {
            notification: {
              // One key per lead: it is queued once, whatever happens after.
              key: `notice:${reference}`,
              channel: 'email',
              kind: 'notice',
              reference,
              payload,
              at: receivedAt,
            },
            people: team.people,
          },
        }
      : {}),
  };
}
