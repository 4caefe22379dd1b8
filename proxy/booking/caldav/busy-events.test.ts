import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { calendarText, eventLines } from '../../test/fixtures/calendar-text.ts';
import { instantOf } from '../zoned-time.ts';
import { eventSpans } from './busy-events.ts';

const ZONE = 'Europe/London';
const at = (iso: string) => Date.parse(iso);
const [ics, event] = [calendarText, eventLines];
const iso = (spans: readonly { start: number; end: number }[]) =>
  spans.map((span) => `${new Date(span.start).toISOString()}/${new Date(span.end).toISOString()}`);

/** Three months from Monday 29 March 2027, as the busy cache reads them. */
const WINDOW = [at('2027-03-28T00:00:00Z'), at('2027-06-29T00:00:00Z')] as const;

/**
 * What walking every occurrence from the first DTSTART gives (as the reader did before it skipped
 * ahead), for a series with no changed occurrence: the reference each rule is held to.
 */
function walkedFromTheStart(text: string, from: number, to: number): string[] {
  const vevent = new ICAL.Component(ICAL.parse(text) as unknown[]).getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no event');
  const series = new ICAL.Event(vevent);
  const tzid = vevent.getFirstProperty('dtstart')?.getParameter('tzid') as string | undefined;
  const instant = (time: ICAL.Time) => {
    if (time.zone.tzid === 'UTC') return time.toUnixTime() * 1000;
    const date = `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;
    const minutes = time.isDate ? 0 : time.hour * 60 + time.minute;
    const zone = tzid ?? ZONE;
    return (
      (instantOf(date, minutes, zone) ?? instantOf(date, minutes + 60, zone) ?? 0) +
      time.second * 1000
    );
  };
  const spans: { start: number; end: number }[] = [];
  const occurrences = series.iterator();
  const nextOf = () => occurrences.next() as ICAL.Time | undefined;
  for (let next = nextOf(); next; next = nextOf()) {
    const details = series.getOccurrenceDetails(next);
    const start = instant(details.startDate);
    if (start >= to) break;
    const end = instant(details.endDate);
    if (end > from) spans.push({ start, end });
  }
  return iso(spans);
}

const RULES: [string, string[]][] = [
  ['daily since 2022', ['DTSTART:20220104T090000Z', 'DTEND:20220104T093000Z', 'RRULE:FREQ=DAILY']],
  [
    'every third day in London time, across the clocks going forward',
    [
      'DTSTART;TZID=Europe/London:20190105T083000',
      'DTEND;TZID=Europe/London:20190105T091500',
      'RRULE:FREQ=DAILY;INTERVAL=3',
    ],
  ],
  [
    'weekdays as Google writes them',
    [
      'DTSTART;TZID=Europe/London:20230306T120000',
      'DTEND;TZID=Europe/London:20230306T130000',
      'RRULE:FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR',
    ],
  ],
  [
    'every other Tuesday and Thursday, weeks from Sunday',
    [
      'DTSTART:20180102T150000Z',
      'DTEND:20180102T160000Z',
      'RRULE:FREQ=WEEKLY;INTERVAL=2;BYDAY=TU,TH;WKST=SU',
    ],
  ],
  [
    'daily on weekdays, a DAILY rule filtered by BYDAY',
    ['DTSTART:20120305T073000Z', 'DTEND:20120305T080000Z', 'RRULE:FREQ=DAILY;BYDAY=MO,WE,FR'],
  ],
  [
    'every seven hours on Mondays at given hours',
    ['DTSTART:20200106T000000Z', 'DTEND:20200106T002000Z', 'RRULE:FREQ=HOURLY;INTERVAL=7;BYDAY=MO'],
  ],
  [
    'every 45 minutes',
    ['DTSTART:20270301T000000Z', 'DTEND:20270301T001000Z', 'RRULE:FREQ=MINUTELY;INTERVAL=45'],
  ],
  [
    'the second Tuesday of each month',
    ['DTSTART:20110208T100000Z', 'DTEND:20110208T110000Z', 'RRULE:FREQ=MONTHLY;BYDAY=2TU'],
  ],
  [
    'the 31st of every month that has one',
    ['DTSTART:20100131T140000Z', 'DTEND:20100131T150000Z', 'RRULE:FREQ=MONTHLY'],
  ],
  [
    'the last weekday of each month',
    [
      'DTSTART:20140131T160000Z',
      'DTEND:20140131T170000Z',
      'RRULE:FREQ=MONTHLY;BYDAY=MO,TU,WE,TH,FR;BYSETPOS=-1',
    ],
  ],
  [
    'every five months on the 31st',
    ['DTSTART:20130131T090000Z', 'DTEND:20130131T100000Z', 'RRULE:FREQ=MONTHLY;INTERVAL=5'],
  ],
  [
    'a birthday on 31 May, all day',
    ['DTSTART;VALUE=DATE:19700531', 'DTEND;VALUE=DATE:19700601', 'RRULE:FREQ=YEARLY'],
  ],
  [
    'the first Monday of April and May each year',
    [
      'DTSTART:20000403T090000Z',
      'DTEND:20000403T170000Z',
      'RRULE:FREQ=YEARLY;BYMONTH=4,5;BYDAY=1MO',
    ],
  ],
  [
    'daily in floating time, the firm’s zone',
    ['DTSTART:20230601T100000', 'DTEND:20230601T103000', 'RRULE:FREQ=DAILY'],
  ],
  [
    'daily until the window’s middle',
    [
      'DTSTART:20240101T120000Z',
      'DTEND:20240101T123000Z',
      'RRULE:FREQ=DAILY;UNTIL=20270501T120000Z',
    ],
  ],
  [
    'daily for a count that ends in the window',
    ['DTSTART:20260101T080000Z', 'DTEND:20260101T083000Z', 'RRULE:FREQ=DAILY;COUNT=470'],
  ],
  [
    'daily for a count that ended before it (none in the window)',
    ['DTSTART:20200101T080000Z', 'DTEND:20200101T083000Z', 'RRULE:FREQ=DAILY;COUNT=30'],
  ],
  [
    'monthly on the 30th for a count',
    ['DTSTART:20190130T080000Z', 'DTEND:20190130T083000Z', 'RRULE:FREQ=MONTHLY;COUNT=100'],
  ],
  [
    'weekly on two days for a count (walked from its start)',
    [
      'DTSTART:20240101T080000Z',
      'DTEND:20240101T083000Z',
      'RRULE:FREQ=WEEKLY;COUNT=360;BYDAY=MO,TH',
    ],
  ],
  [
    'daily with days left out and days added',
    [
      'DTSTART:20240101T090000Z',
      'DTEND:20240101T100000Z',
      'RRULE:FREQ=DAILY',
      'EXDATE:20270330T090000Z,20270401T090000Z',
      'RDATE:20270331T180000Z',
    ],
  ],
];

describe('a recurring event read for a window years after it began', () => {
  it.each(RULES)('keeps its host busy as a walk from its start would: %s', (name, lines) => {
    const text = ics(...event('series', ...lines));
    const read = iso(eventSpans([text], ...WINDOW, ZONE));
    if (!name.includes('none in the window')) expect(read.length).toBeGreaterThan(0);
    expect(read).toEqual(walkedFromTheStart(text, ...WINDOW));
  });

  it('passes the years before the window without walking them: fifty-five dailies since 1990', () => {
    const objects = Array.from({ length: 55 }, (_, i) =>
      ics(
        ...event(
          `daily-${String(i)}`,
          `DTSTART:19900101T${String(8 + (i % 9)).padStart(2, '0')}0000Z`,
          'DURATION:PT15M',
          'RRULE:FREQ=DAILY',
        ),
      ),
    );
    // Walked from 1990 these are 750,000 occurrences, over the read's budget of 200,000.
    const spans = eventSpans(objects, ...WINDOW, ZONE);
    expect(spans).toHaveLength(55 * 93);
  });
});

describe('a series repeating more often than every five minutes', () => {
  it('keeps its host busy from its start to its end, and no longer', () => {
    const secondly = ics(
      ...event(
        'secondly',
        'DTSTART:20100101T000000Z',
        'DTEND:20100101T000001Z',
        'RRULE:FREQ=SECONDLY;UNTIL=20270329T090000Z',
      ),
    );
    const counted = ics(
      ...event(
        'every-minute',
        'DTSTART:20270401T130000Z',
        'DTEND:20270401T130030Z',
        'RRULE:FREQ=MINUTELY;COUNT=90',
      ),
    );
    expect(iso(eventSpans([secondly, counted], ...WINDOW, ZONE))).toEqual([
      '2027-03-28T00:00:00.000Z/2027-03-29T09:00:01.000Z',
      '2027-04-01T13:00:00.000Z/2027-04-01T14:29:30.000Z',
    ]);
  });

  it('without an end, keeps its host busy throughout the window', () => {
    const text = ics(
      ...event('forever', 'DTSTART:20250101T000000Z', 'DURATION:PT1S', 'RRULE:FREQ=SECONDLY'),
    );
    expect(iso(eventSpans([text], ...WINDOW, ZONE))).toEqual([
      '2027-03-28T00:00:00.000Z/2027-06-29T00:00:00.000Z',
    ]);
  });
});

describe('an occurrence changed or cancelled', () => {
  it('is busy where it moved to, even from before the window, and frees where it was', () => {
    const text = ics(
      ...event(
        'weekly',
        'DTSTART:20200106T100000Z',
        'DTEND:20200106T110000Z',
        'RRULE:FREQ=WEEKLY;UNTIL=20270420T000000Z',
      ),
      // The meeting of 5 April 2027 is cancelled; that of 6 January 2020 moved into the window.
      ...event(
        'weekly',
        'RECURRENCE-ID:20270405T100000Z',
        'DTSTART:20270405T100000Z',
        'DTEND:20270405T110000Z',
        'STATUS:CANCELLED',
      ),
      ...event(
        'weekly',
        'RECURRENCE-ID:20200106T100000Z',
        'DTSTART:20270407T150000Z',
        'DTEND:20270407T160000Z',
      ),
    );
    // An invitation to one meeting of someone else's series: the changed occurrence alone.
    const alone = ics(
      ...event(
        'theirs',
        'RECURRENCE-ID:20270330T080000Z',
        'DTSTART:20270330T080000Z',
        'DTEND:20270330T090000Z',
      ),
    );
    expect(iso(eventSpans([text, alone], ...WINDOW, ZONE))).toEqual([
      '2027-03-29T10:00:00.000Z/2027-03-29T11:00:00.000Z',
      '2027-03-30T08:00:00.000Z/2027-03-30T09:00:00.000Z',
      '2027-04-07T15:00:00.000Z/2027-04-07T16:00:00.000Z',
      '2027-04-12T10:00:00.000Z/2027-04-12T11:00:00.000Z',
      '2027-04-19T10:00:00.000Z/2027-04-19T11:00:00.000Z',
    ]);
  });
});
