/**
 * A post of the page drawn before its appointment's hosts were known (`GET /form`, where the
 * routing rules read answers of the case type): that page shows no times, says they come once
 * the form is sent, and marks its post (`TIMES_UNSEEN_FIELD`, `appointment-field.ts`). Such a
 * post that ticked no time, its appointment asked (its case type's, its `showIf` met), while the
 * team its answers choose has times free, is not stored: it is refused beside the question
 * (`times_unseen`), the page drawn again with those times and every answer kept, and no mark
 * (`plain-answers.ts`). With no time free, or the calendars unreadable, the words typed are the
 * answer, as ever: an enquiry is never refused for want of a slot. A post without the mark (the
 * widget, an API client, the page drawn again) is never asked (`docs/booking.md`).
 */
import { appointmentOf } from '../../booking/booking-hosts.ts';
import type { SlotFinder } from '../../booking/slot-finder.ts';
import { isSlotStart } from '../../contract/booking.ts';
import type { RuleIssue } from '../../contract/issues.ts';
import { visibleQuestions } from '../../contract/rules.ts';
import type { CaseType } from '../../contract/schemas/form-config.ts';
import type { FormLanguageDeps } from '../../http/form-language.ts';
import { timesAfterPost } from './page-times.ts';
import { enquiryFromFields, TIMES_UNSEEN_FIELD, type PlainFields } from './plain-fields.ts';

/**
 * The id of the appointment question whose times `fields` are to choose from first, on the page
 * drawn again; undefined when they are not (no mark, not asked, a time ticked, none free).
 */
export async function unseenTimes(
  slots: SlotFinder,
  form: FormLanguageDeps,
  fields: PlainFields,
): Promise<string | undefined> {
  const marked = fields.get(TIMES_UNSEEN_FIELD)?.[0];
  if (marked === undefined) return undefined;
  const sent = enquiryFromFields(fields, form.config);
  const caseType = form.config.caseTypes.find((each) => each.id === sent.case_type);
  const question = caseType && appointmentOf(form.config, caseType.id);
  if (!caseType || question?.id !== marked) return undefined;
  const answers = sent.answers ?? {};
  if (!visibleQuestions(caseType, answers).includes(question)) return undefined;
  const answer = answers[marked];
  if (typeof answer === 'string' && isSlotStart(answer.trim())) return undefined;
  const times = await timesAfterPost(slots, form, sent, fields.get('lang')?.[0]);
  return times && times.slots.length > 0 ? marked : undefined;
}

/**
 * `issues` with the appointment `id` of `caseType` asked to choose a time first: beside it, in
 * place of "Enter your answer" (the page drawn first asked nothing yet), unless its words have
 * a problem of their own (too long), which is said instead.
 */
export function askTimesFirst(
  issues: readonly RuleIssue[],
  caseType: CaseType | undefined,
  id: string | undefined,
): RuleIssue[] {
  const field = `answers.${id}`;
  const question = caseType?.questions.find((each) => each.id === id);
  const own = issues.filter((issue) => issue.field === field);
  if (!question || own.some((issue) => issue.code !== 'required')) return [...issues];
  return [
    ...issues.filter((issue) => issue.field !== field),
    {
      field,
      code: 'times_unseen',
      messageKey: 'question.times_unseen',
      params: { label: question.label },
    },
  ];
}
