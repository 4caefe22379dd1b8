/**
 * `GET /api/slots`: the free times of the hosts the enquiry would go to now. Asked with what the
 * routing rules may read (the case type, the campaign, the language, the answers the question's
 * `slotsDependOn` names), asked again only when one of those changes, and read as hostile
 * input: an answer that is not what the proxy serves is a failure, never a time offered.
 */
import { isSlotStart, type Slot, type SlotsResponse } from '#contract';

/** Where the free times stand for the question shown. */
export type SlotsState =
  | { kind: 'loading' }
  /** No answer, or not one the proxy serves: the visitor may try again. */
  | { kind: 'failed' }
  | { kind: 'answered'; answer: SlotsResponse };

/** What a query is made of. */
export interface SlotsContext {
  caseType: string;
  campaign: string;
  /** The language the enquiry carries (a form in several), else none. */
  lang: string | undefined;
  /** Each `slotsDependOn` question's answer, as the enquiry would send it. */
  answers: readonly (readonly [id: string, answer: string | readonly string[]])[];
}

/**
 * The query of `GET /api/slots`: empty values left out, a checkbox's choices repeated.
 *
 * @example slotsQuery({ caseType: 'wills', campaign: '', lang: 'cy', answers: [['area', 'Cardiff']] })
 *   // 'case-type=wills&lang=cy&answer.area=Cardiff'
 */
export function slotsQuery({ caseType, campaign, lang, answers }: SlotsContext): string {
  const query = new URLSearchParams({ 'case-type': caseType });
  if (campaign) query.append('campaign', campaign);
  if (lang) query.append('lang', lang);
  for (const [id, answer] of answers)
    for (const value of [answer].flat()) if (value) query.append(`answer.${id}`, value);
  return query.toString();
}

/** A zone `Intl` knows: an unknown one would throw where the times are written. */
function knownZone(zone: unknown): zone is string {
  if (typeof zone !== 'string') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone: zone }).format(0);
    return true;
  } catch {
    return false;
  }
}

const isSlot = (slot: unknown): slot is Slot => {
  const { start, end } = (slot ?? {}) as Partial<Slot>;
  return (
    typeof start === 'string' &&
    typeof end === 'string' &&
    isSlotStart(start) &&
    isSlotStart(end) &&
    end > start
  );
};

/** The proxy's answer, if it is one; undefined for anything else. */
export function readSlots(body: unknown): SlotsResponse | undefined {
  const { timeZone, minutes, status, slots } = (body ?? {}) as Partial<SlotsResponse>;
  if (!knownZone(timeZone) || !Array.isArray(slots) || !slots.every(isSlot)) return undefined;
  if (status !== 'open' && status !== 'full' && status !== 'unavailable') return undefined;
  return {
    timeZone,
    minutes: typeof minutes === 'number' ? minutes : 0,
    status,
    // Nothing is offered but what is open, whatever else the list holds.
    slots: status === 'open' ? slots : [],
  };
}

/** How long an answer stands for the same query: times are taken, and the notice moves on. */
const FRESH_MS = 60_000;

/** The free times asked for one form, each query's answer kept a minute. */
export class SlotsSource {
  readonly #kept = new Map<string, { answer: SlotsResponse; at: number }>();
  #asking: AbortController | undefined;

  constructor(private readonly url: (query: string) => string) {}

  /** A fresh enough answer to `query`, without asking. */
  kept(query: string): SlotsResponse | undefined {
    const kept = this.#kept.get(query);
    return kept && Date.now() - kept.at < FRESH_MS ? kept.answer : undefined;
  }

  /** Forgets every answer: a time was just taken, so any of them may be out of date. */
  forget(): void {
    this.#kept.clear();
  }

  /**
   * Asks for `query`'s times; a question asked since makes this one's answer undefined (it is
   * dropped), as does a failure, which is thrown.
   */
  async ask(query: string): Promise<SlotsResponse | undefined> {
    this.#asking?.abort();
    const asking = (this.#asking = new AbortController());
    let answer: SlotsResponse | undefined;
    try {
      const response = await fetch(this.url(query), {
        credentials: 'omit',
        headers: { accept: 'application/json' },
        signal: asking.signal,
      });
      answer = response.ok ? readSlots(await response.json()) : undefined;
    } catch (error) {
      if (asking.signal.aborted) return undefined;
      throw error;
    }
    if (asking.signal.aborted) return undefined;
    if (!answer) throw new Error('not an answer of GET /api/slots');
    this.#kept.set(query, { answer, at: Date.now() });
    return answer;
  }
}
