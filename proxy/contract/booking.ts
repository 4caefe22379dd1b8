/**
 * Booking as the widget and the proxy both read it (`docs/booking.md`): what `GET /api/slots`
 * answers, how an answer to an `appointment` question is told apart (a slot's start exactly as
 * served, or the visitor's preferred times in words), and which answers choose its hosts. Runs
 * in browsers; no dependency.
 */
import type { CaseType, FormConfig } from './schemas/form-config.ts';

/** One time offered: its start and end, ISO 8601 in UTC, exactly `YYYY-MM-DDTHH:MM:SSZ`. */
export interface Slot {
  start: string;
  end: string;
}

/**
 * - `open`: `slots` lists the times free within the horizon;
 * - `full`: no time is free within the horizon;
 * - `unavailable`: the hosts' calendars cannot be read just now, so nothing is offered blindly.
 */
export type SlotsStatus = 'open' | 'full' | 'unavailable';

/** `GET /api/slots?case-type=<id>`'s answer. */
export interface SlotsResponse {
  /** The firm's IANA zone (the team's, where it has its own): the visitor's may differ. */
  timeZone: string;
  /** How long a call is. */
  minutes: number;
  status: SlotsStatus;
  /** Earliest first; `[]` unless `status` is `open`. */
  slots: Slot[];
}

const SLOT_START = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/;

/**
 * True when an appointment's answer is a slot's start (exactly as `GET /api/slots` writes one);
 * anything else is the visitor's preferred times in words.
 *
 * @example isSlotStart('2026-12-01T09:00:00Z') // true; isSlotStart('Tuesday morning') // false
 */
export const isSlotStart = (answer: string): boolean => SLOT_START.test(answer);

/**
 * The questions of `caseType` whose answers the routing rules read (rules that may apply to it):
 * the answers that choose an appointment's team, and so its hosts. Never the rules themselves.
 *
 * @example slotsDependOn(conveyancing, routing) // ['property_value']
 */
export function slotsDependOn(
  caseType: Pick<CaseType, 'id' | 'questions'>,
  routing: FormConfig['routing'],
): string[] {
  const asked = new Set(caseType.questions.map((question) => question.id));
  const read = new Set<string>();
  for (const { when } of routing?.rules ?? []) {
    const applies = when.caseType === undefined || when.caseType === caseType.id;
    if (applies && when.question !== undefined && asked.has(when.question)) read.add(when.question);
  }
  return caseType.questions.map((question) => question.id).filter((qid) => read.has(qid));
}
