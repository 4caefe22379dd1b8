/**
 * The free times the page without JavaScript offers for a case type's appointment question,
 * from the slot finder `GET /api/slots` reads (`booking/slot-finder.ts`), for the hosts the
 * routing rules choose from what is known: on `GET /form`, the case type, campaign and language
 * (only where the hosts depend on no answer, `slotsDependOn`); on the page drawn again after a
 * post, every answer sent too (`docs/booking.md`, "Without JavaScript").
 */
import { appointmentOf, bookingHosts } from '../../booking/booking-hosts.ts';
import type { OfferedSlots, SlotFinder } from '../../booking/slot-finder.ts';
import { slotsDependOn } from '../../contract/booking.ts';
import type { CaseType, FormConfig } from '../../contract/schemas/form-config.ts';
import type { Answer, EnquiryPartInput } from '../../contract/schemas/enquiry-part.ts';
import { formIn, type FormLanguageDeps } from '../../http/form-language.ts';

/** The times a page offers, in the zone of the hosts' rules. */
export interface PageTimes extends OfferedSlots {
  timeZone: string;
}

/** What the page knows of the visitor when it is drawn. */
export interface KnownFacts {
  campaign: string;
  language: string;
  /** The answers sent with a post; undefined on `GET /form`, before any answer. */
  answers?: Readonly<Record<string, Answer>> | undefined;
}

/**
 * True when `caseType`'s appointment is given to the team some of its own answers choose
 * (`slotsDependOn`): a page drawn before any answer offers its times once they are sent.
 */
export const timesWaitForAnswers = (config: FormConfig, caseType: CaseType | undefined): boolean =>
  caseType !== undefined &&
  appointmentOf(config, caseType.id) !== undefined &&
  slotsDependOn(caseType, config.routing).length > 0;

/**
 * The times `caseType`'s appointment offers now; undefined when it asks for none, or when its
 * hosts depend on answers not given yet (the page then offers them after the post).
 */
export async function pageTimes(
  slots: SlotFinder,
  config: FormConfig,
  caseType: CaseType | undefined,
  known: KnownFacts,
): Promise<PageTimes | undefined> {
  if (!caseType || !appointmentOf(config, caseType.id)) return undefined;
  if (!known.answers && timesWaitForAnswers(config, caseType)) return undefined;
  const hosts = bookingHosts(config, {
    caseType: caseType.id,
    campaign: known.campaign.trim(),
    language: known.language,
    answers: { ...known.answers },
    numbers: new Set(caseType.questions.filter((q) => q.type === 'number').map((q) => q.id)),
  });
  if (!hosts) return undefined;
  return { ...(await slots.offered(hosts)), timeZone: hosts.rules.timeZone };
}

/**
 * The times offered after a post (`sent`, in the language `asked`): by the team every answer
 * sent chooses, as the page drawn again shows them and as a post is asked to choose from.
 */
export const timesAfterPost = (
  slots: SlotFinder,
  form: FormLanguageDeps,
  sent: EnquiryPartInput,
  asked: string | undefined,
): Promise<PageTimes | undefined> =>
  pageTimes(
    slots,
    form.config,
    form.config.caseTypes.find((each) => each.id === sent.case_type),
    {
      campaign: sent.marketing?.campaign ?? '',
      language: formIn(form, asked).lang ?? '',
      answers: sent.answers,
    },
  );
