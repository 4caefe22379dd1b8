/**
 * The booking chunk of the late bundle: the appointment question's time picker, fetched when a
 * case type with one is shown (`question.ts`). It asks `GET /api/slots` for the free times
 * of the hosts the enquiry would go to (`slots.ts`), again when an answer the routing reads
 * changes or the proxy says the time chosen was just taken, and draws them on the visitor's
 * clock (`times.ts`, `picker.ts`). The answer is the chosen slot's start, exactly as served,
 * kept in the form's values like any other; or the times that would suit, typed.
 */
import type { ReactiveController } from 'lit';
import { isSlotStart, optionValuesOf, type PublicQuestion, type SlotsResponse } from '#contract';
import type { ElementBase } from '../../element-base.ts';
import type { ShownIssue } from '../../issues.ts';
import type { buildEnquiryPart } from '../enquiry-part.ts';
import { adoptStyles } from '../lit-tags.ts';
import type { confirmation } from '../status.ts';
import type { LatePorts } from '../ports.ts';
import { bookingStyles } from './booking.styles.ts';
import { chosenWords, picker } from './picker.ts';
import { sentCall } from './sent.ts';
import { appointmentOf, zoneBeside } from './question.ts';
import { SlotsSource, slotsQuery, type SlotsState } from './slots.ts';
import { BOOKING_STRINGS } from './strings.ts';
import { Clock } from './clock.ts';
import { clocksDiffer, daysOf, visitorZone } from './times.ts';

/** How long the answers the times depend on must rest before they are asked for again. */
const SETTLE_MS = 400;

/** What the proxy says of a time that cannot be booked: fresh times are fetched for either. */
const NOT_FREE: ReadonlySet<string | undefined> = new Set(['slot_taken', 'slot_unavailable']);

/**
 * How the late bundle builds the enquiry part (`../enquiry-part.ts`), handed over: imported
 * here, its module would split what the late bundle shares with the entry off into a file of
 * its own.
 */
type EnquiryPart = typeof buildEnquiryPart;

/** The picker of one element. */
export class Booking implements ReactiveController {
  readonly #source: SlotsSource;
  #status: SlotsState = { kind: 'loading' };
  /** The query whose times are shown (or on their way). */
  #query: string | undefined;
  #timer: ReturnType<typeof setTimeout> | undefined;
  #day: string | undefined;
  #other = false;
  #gone: string | undefined;
  /** The times typed as suiting, kept while the visitor looks at the free times again. */
  #typed = '';
  /** The problems last looked at, so that a refusal is acted on once. */
  #issuesSeen: readonly ShownIssue[] = [];
  /** What to focus once the next render has drawn it. */
  #focus: string | undefined;

  constructor(
    private readonly host: ElementBase,
    private readonly ports: LatePorts,
    private readonly enquiryPart: EnquiryPart,
    /** Tells the form view's funnel report that a case type's free times were shown. */
    private readonly offered: (caseType: string) => void,
  ) {
    ports.learnStrings(BOOKING_STRINGS);
    adoptStyles(host.renderRoot, bookingStyles);
    this.#source = new SlotsSource((query) => ports.session.url(`/api/slots?${query}`));
    host.addController(this);
    this.hostUpdated();
  }

  /**
   * The picker inside the question's fieldset (the entry draws the fieldset), for the control
   * `id` when it is the appointment question's; nothing for any other.
   */
  field(id: string) {
    const { session } = this.ports;
    const question = appointmentOf(session.config, session.values);
    if (id !== `answers.${question?.id}` || !question) return undefined;
    const t = this.ports.t();
    const clock = new Clock(t, visitorZone());
    return picker(
      {
        t,
        id,
        required: question.required,
        errors: this.ports.state.issues
          .filter((issue) => issue.control === id)
          .map((issue) => issue.text),
        status: this.#status,
        answer: this.#answer(question),
        clock,
        day: this.#day,
        other: this.#other,
        gone: this.#gone,
      },
      {
        day: (key) => {
          this.#day = key;
          this.host.requestUpdate();
        },
        chose: (start) => {
          this.#gone = undefined;
          this.ports.announce(chosenWords(t, clock, start, this.#served()?.slots ?? []));
        },
        noneSuit: () => {
          this.#other = true;
          this.#set(question, this.#typed);
          this.#focus = `[id="${id}"]`;
        },
        showTimes: () => {
          this.#other = false;
          this.#typed = this.#answer(question);
          this.#set(question, '');
          this.#focus = `[id="${id}"]`;
        },
        retry: () => {
          this.#ask(question, this.#query ?? '', 0);
        },
      },
    );
  }

  /**
   * An answer as Check your answers shows it: a slot's start on the visitor's clock, with the
   * year, the firm's clock named where it reads differently; typed times as they are.
   */
  answerText(answer: string): string {
    if (!isSlotStart(answer)) return answer;
    const zone = visitorZone();
    const firmZone = this.#served()?.timeZone;
    const named = firmZone !== undefined && clocksDiffer(zone, firmZone, [answer]);
    return new Clock(this.ports.t(), zone).start(answer, named);
  }

  /** Puts the visitor's zone beside the time chosen in the enquiry part about to be sent. */
  zone(part: Parameters<typeof zoneBeside>[0]): void {
    const { session } = this.ports;
    zoneBeside(part, appointmentOf(session.config, session.values), visitorZone());
  }

  hostUpdated(): void {
    const { session, state } = this.ports;
    const question = appointmentOf(session.config, session.values);
    if (!question) return;
    const focus = this.#focus;
    this.#focus = undefined;
    if (focus) this.host.renderRoot.querySelector<HTMLElement>(focus)?.focus();
    // The proxy refused the time chosen: every answer stays, the time goes, fresh times come.
    const issues = state.issues;
    if (issues !== this.#issuesSeen) {
      this.#issuesSeen = issues;
      const id = `answers.${question.id}`;
      if (issues.some((issue) => issue.field === id && NOT_FREE.has(issue.code))) {
        this.#source.forget();
        this.#set(question, '');
        this.#ask(question, this.#queryNow(question), 0);
        return;
      }
    }
    const query = this.#queryNow(question);
    if (query === this.#query) return;
    const kept = this.#source.kept(query);
    if (kept) {
      this.#query = query;
      this.#settle(question, kept);
      return;
    }
    // The first times at once; after that, the answers they depend on may still be changing.
    this.#ask(question, query, this.#query === undefined ? 0 : SETTLE_MS);
  }

  hostDisconnected(): void {
    clearTimeout(this.#timer);
  }

  /**
   * What `GET /api/slots` is asked with now: the routing's facts, as the enquiry would send them,
   * each choice by its stored value (the enquiry sends the label the visitor read).
   */
  #queryNow(question: PublicQuestion): string {
    const { session } = this.ports;
    const config = session.config;
    if (!config) return '';
    const part = this.enquiryPart(
      config,
      session.values,
      this.ports.marketing(),
      this.ports.hidden,
    );
    const caseType = config.caseTypes.find((c) => c.id === part.case_type);
    if (!caseType) return '';
    const stored = (id: string, answer: string | readonly string[]) => {
      const asked = caseType.questions.find((q) => q.id === id);
      const values = asked && optionValuesOf(asked);
      const value = (label: string) => values?.[asked?.options?.indexOf(label) ?? -1] ?? label;
      return typeof answer === 'string' ? value(answer) : answer.map(value);
    };
    return slotsQuery({
      caseType: part.case_type,
      campaign: part.marketing?.campaign ?? '',
      lang: part.lang,
      answers: (question.slotsDependOn ?? []).flatMap((id) => {
        const answer = part.answers[id];
        return answer === undefined ? [] : [[id, stored(id, answer)] as const];
      }),
    });
  }

  /** Asks for `query`'s times after `wait` ms, showing that they are coming. */
  #ask(question: PublicQuestion, query: string, wait: number): void {
    this.#query = query;
    this.#status = { kind: 'loading' };
    clearTimeout(this.#timer);
    this.#timer = setTimeout(() => {
      this.#source.ask(query).then(
        (answer) => {
          if (answer && query === this.#query) this.#settle(question, answer);
        },
        () => {
          if (query !== this.#query) return;
          this.#status = { kind: 'failed' };
          this.host.requestUpdate();
        },
      );
    }, wait);
    this.host.requestUpdate();
  }

  /**
   * Shows `answer`'s times. A time chosen before (a reload, a saved enquiry, an answer the times
   * depend on changed since) that is not among them is no longer free: it is said so, and goes.
   */
  #settle(question: PublicQuestion, answer: SlotsResponse): void {
    this.#status = { kind: 'answered', answer };
    if (answer.slots.length > 0) this.offered(this.ports.session.values.case_type);
    const chosen = this.#answer(question);
    const offered = answer.slots.some((slot) => slot.start === chosen);
    if (isSlotStart(chosen) && !offered && answer.status !== 'unavailable') {
      this.#gone = chosen;
      this.#set(question, '');
    }
    const days = daysOf(answer.slots, visitorZone());
    const start = offered ? chosen : undefined;
    const day = days.find((each) => each.slots.some((slot) => slot.start === start));
    if (day) this.#day = day.key;
    else if (!days.some((each) => each.key === this.#day)) this.#day = days[0]?.key;
    // Typed times of an earlier visit are shown as such.
    if (chosen && !isSlotStart(chosen)) this.#other = true;
    this.host.requestUpdate();
  }

  #served(): SlotsResponse | undefined {
    return this.#status.kind === 'answered' ? this.#status.answer : undefined;
  }

  #answer(question: PublicQuestion): string {
    const answer = this.ports.session.values.answers[question.id];
    return typeof answer === 'string' ? answer : '';
  }

  /** Sets the question's answer and keeps the draft (the step's setter writes it). */
  #set(question: PublicQuestion, answer: string): void {
    const { session } = this.ports;
    session.values.answers[question.id] = answer;
    const step = session.step;
    session.step = step;
    this.host.requestUpdate();
  }
}

/**
 * Called by the late bundle for each element whose form has an appointment question shown. From
 * then on its sent panel says the call booked, in the picker's words (`sent.ts`): here, so that
 * the bundles every form loads carry none of it.
 */
export function attach(
  host: ElementBase,
  ports: LatePorts,
  enquiryPart: EnquiryPart,
  // The late bundle's parts (`LateChunks`), written out: that bundle imports this chunk.
  late: {
    funnel: { offered: (caseType: string) => void };
    blocks: { confirmation: typeof confirmation };
  },
) {
  const panel = late.blocks.confirmation;
  late.blocks.confirmation = (result, t) =>
    panel(result, t, result.call?.status === 'booked' ? sentCall(result.call, t) : undefined);
  return new Booking(host, ports, enquiryPart, late.funnel.offered);
}
