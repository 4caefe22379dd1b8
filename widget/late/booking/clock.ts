/**
 * Instants written on one clock in the form's language, by `Intl`. A browser may have no words
 * for the form's language (Chromium's own builds carry none for Welsh, and fall back on English
 * month names): then the numbers are `Intl`'s in a fixed order, and the names of weekdays and
 * months are the form's own words (`bookingWeekdays`, `bookingMonths`...), a zone named by its
 * city, so that no English is left on the page.
 */
import type { Slot } from '#contract';
import type { Translator } from '../../i18n.ts';

/**
 * The locales to write a date in: the form's language, as the browser's region writes it when
 * the browser reads that language (`en-GB` puts the day first, `en-US` the month).
 */
function dateLocales(locale: string): string[] {
  const language = (tag: string) => tag.split('-')[0]?.toLowerCase();
  return [...navigator.languages.filter((tag) => language(tag) === language(locale)), locale];
}

type Words = Pick<Translator, 'locale' | 'text'>;

/** Writes instants in the form's language on the clock of `timeZone`. */
export class Clock {
  readonly #locales: string[];
  /** Whether the browser writes dates in the form's language itself. */
  readonly #native: boolean;
  /**
   * The hour as the language writes it: two digits on a 24-hour clock ("09:00", as `Intl` writes
   * a range too), else as it comes ("9:00 AM").
   */
  readonly #hour: 'numeric' | '2-digit';

  constructor(
    private readonly words: Words,
    readonly timeZone: string,
  ) {
    this.#locales = dateLocales(words.locale);
    this.#native = Intl.DateTimeFormat.supportedLocalesOf(words.locale).length > 0;
    const { hourCycle } = new Intl.DateTimeFormat(this.#native ? this.#locales : 'en-GB', {
      hour: 'numeric',
    }).resolvedOptions();
    this.#hour = hourCycle === 'h23' || hourCycle === 'h24' ? '2-digit' : 'numeric';
  }

  #format(instant: string, options: Intl.DateTimeFormatOptions): string {
    const date = new Date(instant);
    const { timeZone } = this;
    if (this.#native)
      return new Intl.DateTimeFormat(this.#locales, { timeZone, ...options }).format(date);
    // The day of the week (0 for Sunday) and the month (1 for January) on this clock.
    let weekday = 0;
    let month = 1;
    for (const part of new Intl.DateTimeFormat('en-GB', {
      timeZone,
      weekday: 'short',
      month: 'numeric',
    }).formatToParts(date)) {
      if (part.type === 'weekday') weekday = 'SunMonTueWedThuFriSat'.indexOf(part.value) / 3;
      if (part.type === 'month') month = Number(part.value);
    }
    const named = (key: 'bookingWeekdays' | 'bookingMonths', form: unknown, index: number) => {
      const names = this.words.text(form === 'short' ? `${key}Short` : key).split(',');
      return names[index]?.trim() ?? '';
    };
    const { timeZoneName, ...rest } = options;
    // A weekday is followed by a comma, as CLDR writes Welsh ("Dydd Mawrth, 1 Rhagfyr").
    let after = '';
    const text = new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', ...rest })
      .formatToParts(date)
      .map(({ type, value }) => {
        const previous = after;
        after = type;
        if (type === 'weekday') return named('bookingWeekdays', options.weekday, weekday);
        if (type === 'month') return named('bookingMonths', options.month, month - 1);
        if (type !== 'literal') return value;
        return previous === 'weekday' ? ', ' : value.replace(/\s+at\s+/, ', ');
      })
      .join('');
    return timeZoneName ? `${text} (${this.#city()})` : text;
  }

  /** The zone's city, as its IANA name has it ("New York" for `America/New_York`). */
  #city(): string {
    return this.timeZone.split('/').pop()?.replace(/_/g, ' ') ?? this.timeZone;
  }

  /** A day's button: its weekday, then its date ("Tue", "1 Dec"). */
  dayButton(instant: string): [string, string] {
    return [
      this.#format(instant, { weekday: 'short' }),
      this.#format(instant, { day: 'numeric', month: 'short' }),
    ];
  }

  /** A day in full, for the legend of its times ("Tuesday 1 December"). */
  day(instant: string): string {
    return this.#format(instant, { weekday: 'long', day: 'numeric', month: 'long' });
  }

  /** A time of day ("09:00", "9:00 AM" where the language writes it so). */
  time(instant: string): string {
    return this.#format(instant, { hour: this.#hour, minute: '2-digit' });
  }

  /** A slot in full, its end included ("Tuesday 1 December, 10:00–10:30"). */
  slot({ start, end }: Slot): string {
    if (!this.#native) return `${this.day(start)}, ${this.time(start)}–${this.time(end)}`;
    return new Intl.DateTimeFormat(this.#locales, {
      timeZone: this.timeZone,
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      hour: this.#hour,
      minute: '2-digit',
    }).formatRange(new Date(start), new Date(end));
  }

  /**
   * A start alone, its year and its clock named ("Tuesday 1 December 2026 at 10:00 Eastern
   * Time"): for an answer read away from its slot (Check your answers, a time no longer free).
   */
  start(instant: string, named: boolean): string {
    return this.#format(instant, {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      hour: this.#hour,
      minute: '2-digit',
      ...(named ? { timeZoneName: 'longGeneric' } : {}),
    });
  }

  /** This clock's zone by its name in the form's language ("Eastern Time", "Amser India"). */
  zoneName(at: string): string {
    if (!this.#native) return this.#city();
    return (
      new Intl.DateTimeFormat(this.#locales, {
        timeZone: this.timeZone,
        timeZoneName: 'longGeneric',
      })
        .formatToParts(new Date(at))
        .find((part) => part.type === 'timeZoneName')?.value ?? this.#city()
    );
  }
}
