/**
 * Which alerts were told and when, kept with the outbox (a restart tells nothing twice): at
 * most one alert of a kind per hour; what comes sooner waits for an hourly digest. An alert is
 * told once while its condition lasts, and its end is told as a recovery (but for a condition
 * that ends with its hour by itself: the confirmation emails' ceiling, calls held back).
 */
import { counted } from '../contract/plurals.ts';
import type { AlertEvent } from './events.ts';

const HOUR = 3_600_000;
const SETTING = 'notify.alerts';

/** The conditions an alert tells of while they last, in the order they are told. */
const CONDITIONS = [
  'paused',
  'stuck',
  'webhooks',
  'confirmations',
  'calendars',
  'calendarReads',
  'calls',
  'disk',
] as const;
type Condition = (typeof CONDITIONS)[number];

/** Conditions that end by themselves when their hour does: their end is not news. */
const ENDS_WITH_ITS_HOUR: ReadonlySet<Condition> = new Set(['confirmations', 'calls']);
type Kind = Condition | 'recovered';

/**
 * The conditions true now, each with what its alert says, and what its end will say (`over`;
 * by default "Over: " and the message).
 */
export type Conditions = Partial<
  Record<Condition, { message: string; hint?: string; over?: string }>
>;

interface Book {
  /** The conditions told and not yet over, with what was said. */
  active: Partial<Record<Condition, string>>;
  /** What the end of each told condition will say, where it is not "Over: " and the message. */
  over?: Partial<Record<Condition, string>>;
  lastSent: Partial<Record<Kind, number>>;
  held: { event: string; at: string; message: string }[];
  heldSince: number | null;
}

/** Where the book is kept. */
export interface BookStore {
  getSetting(name: string): Promise<string | null>;
  setSetting(name: string, value: string): Promise<void>;
}

/** The alerts to send now, given what is true now. */
export async function alertsDue(
  store: BookStore,
  now: number,
  conditions: Conditions,
): Promise<{ alerts: AlertEvent[]; save: () => Promise<void> }> {
  const saved = await store.getSetting(SETTING);
  const book: Book = saved
    ? (JSON.parse(saved) as Book)
    : { active: {}, lastSent: {}, held: [], heldSince: null };
  const at = new Date(now).toISOString();
  const alerts: AlertEvent[] = [];
  const tell = (kind: Kind, message: string, hint?: string) => {
    const last = book.lastSent[kind];
    if (last !== undefined && now - last < HOUR) {
      book.held.push({ event: `alert.${kind}`, at, message });
      book.heldSince ??= now;
      return;
    }
    book.lastSent[kind] = now;
    alerts.push({ event: `alert.${kind}`, at, message, ...(hint ? { hint } : {}) });
  };
  for (const kind of CONDITIONS) {
    const condition = conditions[kind];
    const told = book.active[kind];
    if (condition && told !== condition.message) {
      book.active[kind] = condition.message;
      if (condition.over) book.over = { ...book.over, [kind]: condition.over };
      tell(kind, condition.message, condition.hint);
    } else if (!condition && told !== undefined) {
      const over = book.over?.[kind] ?? `Over: ${told}`;
      book.active = Object.fromEntries(
        Object.entries(book.active).filter(([active]) => active !== kind),
      );
      if (book.over)
        book.over = Object.fromEntries(Object.entries(book.over).filter(([was]) => was !== kind));
      if (!ENDS_WITH_ITS_HOUR.has(kind)) tell('recovered', over);
    }
  }
  if (book.held.length > 0 && book.heldSince !== null && now - book.heldSince >= HOUR) {
    alerts.push({
      event: 'alert.digest',
      at,
      message: `${counted(book.held.length, 'alert')} held back in the last hour:`,
      entries: book.held,
    });
    book.held = [];
    book.heldSince = null;
  }
  // Written only when something changed: the notifier asks every tick, mostly to hear "nothing".
  const changed = JSON.stringify(book);
  return {
    alerts,
    save: () => (changed === saved ? Promise.resolve() : store.setSetting(SETTING, changed)),
  };
}
